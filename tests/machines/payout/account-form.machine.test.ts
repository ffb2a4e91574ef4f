// Binding payout accounts (issue 10 §2): the model's paths (account-form.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { accountFormModel } from './account-form.model.ts';

describeModel(
  accountFormModel.title,
  accountFormModel.machine,
  accountFormModel.graphs,
  accountFormModel.harness,
);
