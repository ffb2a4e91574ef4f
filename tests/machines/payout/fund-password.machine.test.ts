// The fund password (issue 10 §3): the model's paths (fund-password.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { fundPasswordModel } from './fund-password.model.ts';

describeModel(
  fundPasswordModel.title,
  fundPasswordModel.machine,
  fundPasswordModel.graphs,
  fundPasswordModel.harness,
);
