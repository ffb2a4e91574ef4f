// The venues of one lobby (issue 11 §1; public).
import type { Lobby, LobbyResponse } from '../../protocol/venues.ts';
import { apiGet } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

export const fetchLobby = (lobby: Lobby) => apiGet<LobbyResponse>(VENUE_PATH.lobby, { params: { lobby } });
