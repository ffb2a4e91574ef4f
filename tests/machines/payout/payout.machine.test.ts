// The payout area actor (issue 10): the model's paths (payout.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { payoutModel } from './payout.model.ts';

describeModel(payoutModel.title, payoutModel.machine, payoutModel.graphs, payoutModel.harness);
