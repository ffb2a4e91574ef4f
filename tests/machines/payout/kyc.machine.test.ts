// Real-name verification (issue 10 §1): the model's paths (kyc.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { kycModel } from './kyc.model.ts';

describeModel(kycModel.title, kycModel.machine, kycModel.graphs, kycModel.harness);
