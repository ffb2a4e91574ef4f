// The home page's showcase (issue 19 §2; docs/api.md "Home"): the hot games and the recent wins.
import {
  HOT_GAMES_PATH,
  RECENT_WINS_PATH,
  type HotGamesResponse,
  type RecentWinsResponse,
} from '../../protocol/showcase.ts';
import { apiGet, type ApiCallConfig } from '../client.ts';

/**
 * A refusal of a showcase call (a code or an HTTP status) only leaves its part of the home page empty (issue 19
 * §2 "each part may fail alone"), so the error bus does not raise it again. No answer at all still reaches the app.
 */
export const showcaseErrors: ApiCallConfig = { handles: (e) => e.type !== 'transport' };

export const fetchHotGames = () => apiGet<HotGamesResponse>(HOT_GAMES_PATH, showcaseErrors);
export const fetchRecentWins = () => apiGet<RecentWinsResponse>(RECENT_WINS_PATH, showcaseErrors);
