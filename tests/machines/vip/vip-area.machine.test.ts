// The VIP area actor (issue 13 §3, §6): the model's paths (vip-area.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { vipAreaModel } from './vip-area.model.ts';

describeModel(vipAreaModel.title, vipAreaModel.machine, vipAreaModel.graphs, vipAreaModel.harness);
