// The /mine area actor (issue 13 §1): the model's paths (mine.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { mineModel } from './mine.model.ts';

describeModel(mineModel.title, mineModel.machine, mineModel.graphs, mineModel.harness);
