// The mall's redeem flow (issue 13 §6): the model's paths (redeem.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { redeemModel } from './redeem.model.ts';

describeModel(redeemModel.title, redeemModel.machine, redeemModel.graphs, redeemModel.harness);
