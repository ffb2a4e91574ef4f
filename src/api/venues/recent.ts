// The games the player opened last (issue 11 §1; member).
import type { RecentGamesResponse } from '../../protocol/venues.ts';
import { apiGet } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

export const fetchRecentGames = () => apiGet<RecentGamesResponse>(VENUE_PATH.recent);
