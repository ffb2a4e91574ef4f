// The mall area's actor (issue 13 §6): the model's paths (mall.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { mallModel } from './mall.model.ts';

describeModel(mallModel.title, mallModel.machine, mallModel.graphs, mallModel.harness);
