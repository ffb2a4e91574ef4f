// The bet record (issue 11 §5): the model's paths (bet-record.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { betRecordModel } from './bet-record.model.ts';

describeModel(betRecordModel.title, betRecordModel.machine, betRecordModel.graphs, betRecordModel.harness);
