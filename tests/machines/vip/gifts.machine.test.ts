// The gift record's flow (issue 13 §6): the model's paths (gifts.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { giftsModel } from './gifts.model.ts';

describeModel(giftsModel.title, giftsModel.machine, giftsModel.graphs, giftsModel.harness);
