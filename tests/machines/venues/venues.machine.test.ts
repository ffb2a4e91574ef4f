// The venues area actor (issue 11): the model's paths (venues.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { venuesModel } from './venues.model.ts';

describeModel(venuesModel.title, venuesModel.machine, venuesModel.graphs, venuesModel.harness);
