// One /mine/userInfo field (issue 13 §1): the model's paths (field-form.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { fieldFormModel } from './field-form.model.ts';

describeModel(fieldFormModel.title, fieldFormModel.machine, fieldFormModel.graphs, fieldFormModel.harness);
