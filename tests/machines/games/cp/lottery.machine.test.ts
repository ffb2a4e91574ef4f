// A lottery's period flow (issue 12 §1, §3): the model's paths (lottery.model.ts).
import { describeModel } from '../../../support/model-paths.ts';
import { lotteryModel } from './lottery.model.ts';

describeModel(lotteryModel.title, lotteryModel.machine, lotteryModel.graphs, lotteryModel.harness);
