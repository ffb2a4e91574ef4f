// The odds type (issue 11 §3): the model's paths (odds-type.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { oddsTypeModel } from './odds-type.model.ts';

describeModel(oddsTypeModel.title, oddsTypeModel.machine, oddsTypeModel.graphs, oddsTypeModel.harness);
