// The sandbox sportsbook's native API as the venue page calls it (src/protocol/sportsbook.ts): the venue
// credential of the launch as `Authorization: Bearer <token>`, the envelope { status_code, message, data } with
// 6000 for success. A coded answer is raised as a business error (code, message, data); no answer as a transport
// error. The page's own small client: it does not load the site's (signing, site headers, the site catalogue).
import { nativeCall } from '../lib/native-client.ts';
import {
  SPORTSBOOK_API,
  type BetsResponse,
  type Match,
  type MatchesResponse,
  type PlaceBetRequest,
  type Sport,
  type SportsBet,
  type SportsbookSession,
} from '../protocol/sportsbook.ts';

export { BusinessError, REQUEST_TIMEOUT_MS, TransportError } from '../lib/native-client.ts';

export interface SportsbookClient {
  session(): Promise<SportsbookSession>;
  matches(sport: Sport, phase: 'live' | 'today' | 'early'): Promise<MatchesResponse>;
  match(id: string): Promise<Match>;
  bets(status: 'open' | 'settled'): Promise<SportsBet[]>;
  place(req: PlaceBetRequest): Promise<SportsBet>;
}

export function sportsbookClient(token: string): SportsbookClient {
  const call = nativeCall(SPORTSBOOK_API, token);
  return {
    session: () => call<SportsbookSession>('GET', '/session'),
    matches: (sport, phase) =>
      call<MatchesResponse>('GET', `/matches?sport=${encodeURIComponent(sport)}&phase=${phase}`),
    match: (id) => call<Match>('GET', `/matches/${encodeURIComponent(id)}`),
    bets: async (status) => (await call<BetsResponse>('GET', `/bets?status=${status}`)).bets,
    place: (req) => call<SportsBet>('POST', '/bets', req),
  };
}
