// A game lobby (issue 11 §1): the model's paths (lobby.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { lobbyModel } from './lobby.model.ts';

describeModel(lobbyModel.title, lobbyModel.machine, lobbyModel.graphs, lobbyModel.harness);
