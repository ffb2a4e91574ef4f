// The rebate area actor (issue 13 §4, §5): the model's paths (rebate-area.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { rebateAreaModel } from './rebate-area.model.ts';

describeModel(
  rebateAreaModel.title,
  rebateAreaModel.machine,
  rebateAreaModel.graphs,
  rebateAreaModel.harness,
);
