// A live table's round flow (issue 12 §1, §3): the model's paths (table.model.ts).
import { describeModel } from '../../../support/model-paths.ts';
import { tableModel } from './table.model.ts';

describeModel(tableModel.title, tableModel.machine, tableModel.graphs, tableModel.harness);
