// The games page's shell (issue 12 §2, §3): the model's paths (shell.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { shellModel } from './shell.model.ts';

describeModel(shellModel.title, shellModel.machine, shellModel.graphs, shellModel.harness);
