// The deposit flow (issue 9 §3): the model's paths (deposit.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { depositModel } from './deposit.model.ts';

describeModel(depositModel.title, depositModel.machine, depositModel.graphs, depositModel.harness);
