// The transaction record (issue 9 §4): the model's paths (records.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { recordsModel } from './records.model.ts';

describeModel(recordsModel.title, recordsModel.machine, recordsModel.graphs, recordsModel.harness);
