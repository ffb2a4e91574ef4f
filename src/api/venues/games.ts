// A venue's game grid, searched, filtered by tag and paged (issue 11 §1; public).
import type { GamesRequest, GamesResponse } from '../../protocol/venues.ts';
import { apiPost } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

export const fetchGames = (req: GamesRequest) =>
  apiPost<GamesResponse>(
    VENUE_PATH.games,
    Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined && v !== '')),
  );
