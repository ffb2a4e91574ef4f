// The sandbox sportsbook's bet slip (issue 11 §4): the model's paths (bet-slip.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { betSlipModel } from './bet-slip.model.ts';

describeModel(betSlipModel.title, betSlipModel.machine, betSlipModel.graphs, betSlipModel.harness);
