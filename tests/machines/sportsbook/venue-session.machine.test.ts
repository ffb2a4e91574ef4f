// The venue page's header (issue 11 §4): the model's paths (venue-session.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { venueSessionModel } from './venue-session.model.ts';

describeModel(
  venueSessionModel.title,
  venueSessionModel.machine,
  venueSessionModel.graphs,
  venueSessionModel.harness,
);
