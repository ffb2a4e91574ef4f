// The feedback page (issue 13 §2): the model's paths (feedback.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { feedbackModel } from './feedback.model.ts';

describeModel(feedbackModel.title, feedbackModel.machine, feedbackModel.graphs, feedbackModel.harness);
