// The rebate page's flow (issue 13 §4): the model's paths (rebate.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { rebateModel } from './rebate.model.ts';

describeModel(rebateModel.title, rebateModel.machine, rebateModel.graphs, rebateModel.harness);
