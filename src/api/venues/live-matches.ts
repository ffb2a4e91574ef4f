// A sports venue's live and today's matches with their 1X2 prices (issue 11 §1 "live odds"), read through the
// provider adapters (src/api/providers/) from the venue's provider face (docs/api.md "Sandbox sportsbook"):
// provider one POST {apiUrl}/GetMatches, provider two GET {apiUrl}/v1/m/matches, provider three GET
// {apiUrl}/match/list. Each answers the same engine's matches in its own casing; every price carries its European
// ×1000 figure, which the site converts itself (exactly) into the player's odds type. V188 is launched onto the
// sandbox sportsbook's own API (its apiUrl, docs/venues.md "Launch"): GET {apiUrl}/matches with its credential as
// the bearer, in the main envelope.
import { LIVE_MATCHES_PER_VENUE, type LiveMatch, type LivePrice } from '../../protocol/live-odds.ts';
import { SPORTSBOOK_API, type Match, type MatchPhase, type Sport } from '../../protocol/sportsbook.ts';
import { apiGet } from '../client.ts';
import { providerRequest, type ProviderCall, type VenueSession } from '../providers/index.ts';

type Phase = 'live' | 'today';
const PICK_ORDER: LivePrice['pick'][] = ['home', 'draw', 'away'];

interface FaceSelection {
  pick: string;
  euroOdds: number;
  suspended: boolean;
}
interface FaceMatch {
  id: string;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  startsAt: string;
  phase: MatchPhase;
  homeScore: number | null;
  awayScore: number | null;
  clock: string | null;
  markets: Array<{ kind: string; selections: FaceSelection[] }>;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** A face's match in either casing (provider one: PascalCase; two and three: camelCase). */
function readMatch(raw: unknown): FaceMatch {
  const m = rec(raw);
  const pascal = 'MatchId' in m;
  const f = (camel: string, pas: string) => (pascal ? m[pas] : m[camel]);
  return {
    id: String(f('matchId', 'MatchId')),
    sport: f('sportId', 'SportId') as Sport,
    league: String(f('league', 'League') ?? ''),
    home: String(f('home', 'HomeTeam') ?? ''),
    away: String(f('away', 'AwayTeam') ?? ''),
    startsAt: String(f('startsAt', 'KickOffTime') ?? ''),
    phase: f('phase', 'Phase') as MatchPhase,
    homeScore: (f('homeScore', 'HomeScore') as number | null) ?? null,
    awayScore: (f('awayScore', 'AwayScore') as number | null) ?? null,
    clock: (f('clock', 'Clock') as string | null) ?? null,
    markets: asArray(f('markets', 'Markets')).map((k) => {
      const market = rec(k);
      return {
        kind: String(pascal ? market['Kind'] : market['kind']),
        selections: asArray(pascal ? market['Selections'] : market['selections']).map((s) => {
          const sel = rec(s);
          return {
            pick: String(pascal ? sel['Pick'] : sel['pick']),
            euroOdds: Number(pascal ? sel['EuroOdds'] : sel['euroOdds']),
            suspended: Boolean(pascal ? sel['Suspended'] : sel['suspended']),
          };
        }),
      };
    }),
  };
}

/** The match as the lobby shows it: its 1X2 prices, or null when it has no 1X2 market with readable prices. */
export function liveMatchOf(m: FaceMatch): LiveMatch | null {
  const market = m.markets.find((k) => k.kind === '1x2');
  if (!market) return null;
  const prices: LivePrice[] = [];
  for (const pick of PICK_ORDER) {
    const s = market.selections.find((x) => x.pick === pick);
    if (!s) continue;
    if (!Number.isSafeInteger(s.euroOdds) || s.euroOdds < 1000) return null;
    prices.push({ pick, odds: s.euroOdds, suspended: s.suspended });
  }
  if (prices.length < 2) return null;
  return {
    id: m.id,
    sport: m.sport,
    league: m.league,
    home: m.home,
    away: m.away,
    startsAt: m.startsAt,
    phase: m.phase,
    score: m.homeScore === null || m.awayScore === null ? null : { home: m.homeScore, away: m.awayScore },
    clock: m.clock,
    prices,
  };
}

function callFor(session: Pick<VenueSession, 'params'>, phase: Phase): ProviderCall {
  switch (session.params.provider) {
    case 'one':
      return { method: 'POST', path: '/GetMatches', body: { Phase: phase } };
    case 'two':
      return { method: 'GET', path: '/v1/m/matches', query: { phase } };
    case 'three':
      return { method: 'GET', path: '/match/list', query: { phase } };
  }
}

/** The native API's match (src/protocol/sportsbook.ts) in the faces' reading. */
const fromNative = (m: Match): FaceMatch => ({
  ...m,
  homeScore: m.score?.home ?? null,
  awayScore: m.score?.away ?? null,
  markets: m.markets.map((k) => ({
    kind: k.kind,
    selections: k.selections.map((x) => ({ pick: x.pick, euroOdds: x.odds, suspended: x.suspended })),
  })),
});

/** The credential a native-API venue is called with: the launch's own (provider one's Token). */
const bearerOf = (session: VenueSession) =>
  session.params.provider === 'one'
    ? session.params.values.Token
    : session.params.provider === 'two'
      ? session.params.values.requestId
      : session.params.values.Authorization;

async function matchesOf(session: VenueSession, phase: Phase): Promise<LiveMatch[]> {
  if (session.apiUrl === SPORTSBOOK_API) {
    const data = await apiGet<{ matches: Match[] }>(`${SPORTSBOOK_API}/matches`, {
      params: { phase },
      headers: { Authorization: `Bearer ${bearerOf(session)}` },
      // The sportsbook's own refusals (a dead credential: 40001) are the lobby's to show, not the app's.
      handles: (e) => e.type === 'business',
    });
    return asArray(data.matches)
      .map((m) => fromNative(m as Match))
      .flatMap((m) => liveMatchOf(m) ?? []);
  }
  const data = rec(await providerRequest<unknown>(session, callFor(session, phase)));
  const list = asArray(session.params.provider === 'one' ? data['Matches'] : data['matches']);
  return list.map(readMatch).flatMap((m) => liveMatchOf(m) ?? []);
}

/** Up to LIVE_MATCHES_PER_VENUE matches: live ones first, then today's. */
export async function fetchLiveMatches(session: VenueSession): Promise<LiveMatch[]> {
  const live = await matchesOf(session, 'live');
  if (live.length >= LIVE_MATCHES_PER_VENUE) return live.slice(0, LIVE_MATCHES_PER_VENUE);
  const today = await matchesOf(session, 'today');
  return [...live, ...today.filter((m) => !live.some((l) => l.id === m.id))].slice(0, LIVE_MATCHES_PER_VENUE);
}
