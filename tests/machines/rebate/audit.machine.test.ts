// The audit pages' flows (issue 13 §5): the models' paths (audit.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { auditDetailModel, auditModel } from './audit.model.ts';

describeModel(auditModel.title, auditModel.machine, auditModel.graphs, auditModel.harness);
describeModel(
  auditDetailModel.title,
  auditDetailModel.machine,
  auditDetailModel.graphs,
  auditDetailModel.harness,
);
