// The embedded venue page's balance bar (issue 11 §2): the model's paths (venue-page.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { venuePageModel } from './venue-page.model.ts';

describeModel(venuePageModel.title, venuePageModel.machine, venuePageModel.graphs, venuePageModel.harness);
