// The venue launch (issue 11 §2): the model's paths (launch.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { launchModel } from './launch.model.ts';

describeModel(launchModel.title, launchModel.machine, launchModel.graphs, launchModel.harness);
