// The venues area's calls (issue 11; docs/api.md "Venues", "Bet records", "Sandbox sportsbook"): each path, query
// and body as the contract says; the launch's own refusals kept from the error bus while a session code still
// reaches it; the live matches read from each provider face (and V188's own API) into one shape, 1X2 only, live
// first, at most three.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { subscribeApiErrors, type ApiErrorEvent } from '../../../src/api/error-bus.ts';
import type { VenueSession } from '../../../src/api/providers/index.ts';
import { fetchBetRecords } from '../../../src/api/venues/bet-records.ts';
import { fetchGames } from '../../../src/api/venues/games.ts';
import { launchVenue } from '../../../src/api/venues/launch.ts';
import { fetchLiveMatches } from '../../../src/api/venues/live-matches.ts';
import { fetchLobby } from '../../../src/api/venues/lobby.ts';
import { fetchOddsType, saveOddsType } from '../../../src/api/venues/odds-type.ts';
import { fetchRecentGames } from '../../../src/api/venues/recent.ts';
import { ONE, THREE, TWO } from '../providers/fixtures.ts';

interface Seen {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  body: unknown;
}

function serve(answer: (req: Seen) => unknown): Seen[] {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: Seen = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      headers: Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)])),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    seen.push(req);
    return { data: answer(req), status: 200, statusText: 'OK', headers: {}, config };
  };
  setHttpAdapter(adapter);
  return seen;
}
const ok = (data: unknown) => ({ status_code: 6000, message: 'success', data });

afterEach(() => setHttpAdapter());

describe('the venues calls', () => {
  it('lobby, games (empty search left out), recent, odds type, bet records', async () => {
    const seen = serve(() => ok({}));
    await fetchLobby('sport');
    await fetchGames({ venue: 'PGDZ', search: '', tag: 'hot', page: 2, size: 24 });
    await fetchRecentGames();
    await fetchOddsType();
    await saveOddsType(2);
    await fetchBetRecords({ from: '2026-11-01', to: '2026-11-25', venue: '', page: 1, size: 20 });
    expect(seen.map((s) => [s.method, s.url, s.params ?? s.body ?? null])).toEqual([
      ['GET', '/game/api/v1/venue/lobby', { lobby: 'sport' }],
      ['POST', '/game/api/v1/venue/games', { venue: 'PGDZ', tag: 'hot', page: 2, size: 24 }],
      ['GET', '/game/api/v1/venue/recent', null],
      ['GET', '/game/api/v1/venue/oddsType', null],
      ['POST', '/game/api/v1/venue/oddsType', { oddsType: 2 }],
      ['POST', '/game/api/v1/bet/records', { from: '2026-11-01', to: '2026-11-25', page: 1, size: 20 }],
    ]);
  });

  it('the launch shows its own refusals (6014, 30062…, 10003); a session code still reaches the app', async () => {
    const published: ApiErrorEvent[] = [];
    subscribeApiErrors((e) => void published.push(e));
    const codes = [6014, 30062, 30063, 10003, 10004];
    let i = 0;
    serve(() => ({ status_code: codes[i++], message: '不行', data: null }));
    for (const _ of codes) await launchVenue({ enName: 'IMTY' }).catch(() => {});
    expect(published.map((e) => (e.error as { code: number }).code)).toEqual([10004]);
  });
});

describe('live matches from each provider face (issue 11 §1 live odds)', () => {
  const pascal = (id: string, phase: string, withOneXTwo = true) => ({
    MatchId: id,
    SportId: 'football',
    Title: null,
    League: '沙盒杯',
    HomeTeam: '红队',
    AwayTeam: '蓝队',
    KickOffTime: '2026-11-25T10:00:00.000Z',
    Phase: phase,
    HomeScore: phase === 'live' ? 1 : null,
    AwayScore: phase === 'live' ? 0 : null,
    Clock: phase === 'live' ? "12'" : null,
    OddsType: 2,
    Markets: [
      {
        MarketId: 'm',
        Kind: withOneXTwo ? '1x2' : 'ou',
        Line: null,
        Selections: [
          { SelectionId: 'a', Pick: 'home', Odds: 0.95, EuroOdds: 1_950, Suspended: false },
          { SelectionId: 'b', Pick: 'draw', Odds: 2.4, EuroOdds: 3_400, Suspended: true },
          { SelectionId: 'c', Pick: 'away', Odds: 3.1, EuroOdds: 4_100, Suspended: false },
        ],
      },
    ],
  });
  const camel = (id: string, phase: string, euro = 1_950) => ({
    matchId: id,
    sportId: 'tennis',
    title: null,
    league: '沙盒公开赛',
    home: '甲',
    away: '乙',
    startsAt: '2026-11-25T10:00:00.000Z',
    phase,
    homeScore: null,
    awayScore: null,
    clock: null,
    oddsType: 3,
    markets: [
      {
        marketId: 'm',
        kind: '1x2',
        line: null,
        selections: [
          { selectionId: 'a', pick: 'home', odds: euro / 1000, euroOdds: euro, suspended: false },
          { selectionId: 'c', pick: 'away', odds: 1.8, euroOdds: 1_800, suspended: false },
        ],
      },
    ],
  });
  const session = (provider: 'one' | 'two' | 'three', apiUrl: string): VenueSession => ({
    venue: 'X',
    provider,
    url: '',
    h5Url: '',
    apiUrl,
    token: '',
    params: provider === 'one' ? ONE : provider === 'two' ? TWO : THREE,
    currentTimestamp: 0,
  });

  it('provider one: POST GetMatches (live, then today); 1X2 prices as European thousandths; no 1X2, no match', async () => {
    const seen = serve((req) => {
      const phase = (req.body as { Phase: string }).Phase;
      return {
        StatusCode: 100,
        StatusDesc: 'ok',
        ServerTime: '',
        Matches:
          phase === 'live'
            ? [pascal('L1', 'live'), pascal('L2', 'live', false)]
            : [pascal('L1', 'live'), pascal('T1', 'prematch')],
      };
    });
    const matches = await fetchLiveMatches(session('one', '/improxy/api/mobile'));
    expect(seen.map((s) => [s.method, s.url, (s.body as { Phase: string }).Phase])).toEqual([
      ['POST', '/improxy/api/mobile/GetMatches', 'live'],
      ['POST', '/improxy/api/mobile/GetMatches', 'today'],
    ]);
    // The shared parameters went with it (the adapters merge them).
    expect(seen[0]!.body).toMatchObject({ Token: ONE.values.Token, Phase: 'live' });
    expect(matches.map((m) => m.id)).toEqual(['L1', 'T1']);
    expect(matches[0]).toEqual({
      id: 'L1',
      sport: 'football',
      league: '沙盒杯',
      home: '红队',
      away: '蓝队',
      startsAt: '2026-11-25T10:00:00.000Z',
      phase: 'live',
      score: { home: 1, away: 0 },
      clock: "12'",
      prices: [
        { pick: 'home', odds: 1_950, suspended: false },
        { pick: 'draw', odds: 3_400, suspended: true },
        { pick: 'away', odds: 4_100, suspended: false },
      ],
    });
  });

  it('provider two and three: GET their lists; three live matches are enough (no today call); a bad price drops the match', async () => {
    const two = serve(() => ({
      code: '0000000',
      msg: 'ok',
      data: {
        matches: [
          camel('A', 'live'),
          camel('B', 'live'),
          camel('C', 'live', 900),
          camel('D', 'live'),
          camel('E', 'live'),
        ],
      },
    }));
    const fromTwo = await fetchLiveMatches(session('two', '/yewu11'));
    expect(fromTwo.map((m) => m.id)).toEqual(['A', 'B', 'D']);
    expect(two).toHaveLength(1);
    expect(two[0]!.url.startsWith('/yewu11/v1/m/matches?')).toBe(true);
    expect(two[0]!.url).toContain('phase=live');
    const three = serve(() => ({ code: 0, message: 'ok', data: { matches: [] } }));
    expect(await fetchLiveMatches(session('three', '/v1'))).toEqual([]);
    expect(three.map((s) => s.url.split('?')[0])).toEqual(['/v1/match/list', '/v1/match/list']);
    expect(three[0]!.headers['Authorization']).toBe(THREE.values.Authorization);
  });

  it('V188: the sportsbook own API with its credential as the bearer', async () => {
    const seen = serve(() =>
      ok({
        matches: [
          {
            id: 'FB1',
            sport: 'football',
            league: '沙盒杯',
            home: '红队',
            away: '蓝队',
            startsAt: '2026-11-25T10:00:00.000Z',
            phase: 'live',
            score: { home: 0, away: 0 },
            clock: "5'",
            markets: [
              {
                id: 'm',
                kind: '1x2',
                lineQuarters: null,
                selections: [
                  { id: 'a', pick: 'home', odds: 2_000, suspended: false },
                  { id: 'b', pick: 'away', odds: 1_700, suspended: false },
                ],
              },
            ],
          },
        ],
        serverTime: '',
      }),
    );
    const matches = await fetchLiveMatches(session('one', '/sandbox/sportsbook/api/v1'));
    expect(seen[0]!.url).toBe('/sandbox/sportsbook/api/v1/matches');
    expect(seen[0]!.params).toEqual({ phase: 'live' });
    expect(seen[0]!.headers['Authorization']).toBe(`Bearer ${ONE.values.Token}`);
    expect(matches[0]!.prices).toEqual([
      { pick: 'home', odds: 2_000, suspended: false },
      { pick: 'away', odds: 1_700, suspended: false },
    ]);
    expect(matches[0]!.score).toEqual({ home: 0, away: 0 });
  });
});
