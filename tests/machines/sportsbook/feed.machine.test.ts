// The sandbox sportsbook's match feed (issue 11 §4): the model's paths (feed.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { feedModel } from './feed.model.ts';

describeModel(feedModel.title, feedModel.machine, feedModel.graphs, feedModel.harness);
