// The VIP page's flow (issue 13 §3): the model's paths (vip.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { vipModel } from './vip.model.ts';

describeModel(vipModel.title, vipModel.machine, vipModel.graphs, vipModel.harness);
