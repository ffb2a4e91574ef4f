// The games page's verify view (issue 12 §2): the model's paths (verify.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { verifyModel } from './verify.model.ts';

describeModel(verifyModel.title, verifyModel.machine, verifyModel.graphs, verifyModel.harness);
