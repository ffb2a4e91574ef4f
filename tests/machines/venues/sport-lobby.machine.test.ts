// The sport lobby's counts and live odds (issue 11 §1, §3): the model's paths (sport-lobby.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { sportLobbyModel } from './sport-lobby.model.ts';

describeModel(
  sportLobbyModel.title,
  sportLobbyModel.machine,
  sportLobbyModel.graphs,
  sportLobbyModel.harness,
);
