// The home page's showcase (issue 19 §2; docs/api.md "Home"): the hot games and the recent wins.
import {
  HOT_GAMES_PATH,
  RECENT_WINS_PATH,
  type HotGamesResponse,
  type RecentWinsResponse,
} from '../../protocol/showcase.ts';
import { apiGet } from '../client.ts';

export const fetchHotGames = () => apiGet<HotGamesResponse>(HOT_GAMES_PATH);
export const fetchRecentWins = () => apiGet<RecentWinsResponse>(RECENT_WINS_PATH);
