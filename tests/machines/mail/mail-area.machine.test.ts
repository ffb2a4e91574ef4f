// The mail area's actor (issue 13 §2): the model's paths (mail-area.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { mailAreaModel } from './mail-area.model.ts';

describeModel(mailAreaModel.title, mailAreaModel.machine, mailAreaModel.graphs, mailAreaModel.harness);
