// A record page of the mall area (issue 13 §6): the model's paths (records.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { recordsModel } from './records.model.ts';

describeModel(recordsModel.title, recordsModel.machine, recordsModel.graphs, recordsModel.harness);
