// The withdrawal flow (issue 10 §3): the model's paths (withdrawal.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { withdrawalModel } from './withdrawal.model.ts';

describeModel(
  withdrawalModel.title,
  withdrawalModel.machine,
  withdrawalModel.graphs,
  withdrawalModel.harness,
);
