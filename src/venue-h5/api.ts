// The sandbox sportsbook's native API as the venue page calls it (src/protocol/sportsbook.ts): the venue
// credential of the launch as `Authorization: Bearer <token>`, the envelope { status_code, message, data } with
// 6000 for success. A coded answer is raised as a business error (code, message, data); no answer as a transport
// error. The page's own small client: it does not load the site's (signing, site headers, the site catalogue).
import { CODE } from '../protocol/api.ts';
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

/** spec §7: the browser's request timeout, 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

export class BusinessError extends Error {
  readonly type = 'business';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export class TransportError extends Error {
  readonly type = 'transport';
  constructor(readonly kind: 'timeout' | 'network' | 'status' | 'parse') {
    super(kind);
  }
}

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export interface SportsbookClient {
  session(): Promise<SportsbookSession>;
  matches(sport: Sport, phase: 'live' | 'today' | 'early'): Promise<MatchesResponse>;
  match(id: string): Promise<Match>;
  bets(status: 'open' | 'settled'): Promise<SportsBet[]>;
  place(req: PlaceBetRequest): Promise<SportsBet>;
}

export function sportsbookClient(token: string): SportsbookClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(SPORTSBOOK_API + path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
        cache: 'no-store',
      });
    } catch {
      throw new TransportError(abort.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new TransportError(res.ok ? 'parse' : 'status');
    }
    if (typeof env?.status_code !== 'number') throw new TransportError('parse');
    if (env.status_code !== CODE.success) throw new BusinessError(env.status_code, env.message, env.data);
    return env.data;
  }
  return {
    session: () => call<SportsbookSession>('GET', '/session'),
    matches: (sport, phase) =>
      call<MatchesResponse>('GET', `/matches?sport=${encodeURIComponent(sport)}&phase=${phase}`),
    match: (id) => call<Match>('GET', `/matches/${encodeURIComponent(id)}`),
    bets: async (status) => (await call<BetsResponse>('GET', `/bets?status=${status}`)).bets,
    place: (req) => call<SportsBet>('POST', '/bets', req),
  };
}
