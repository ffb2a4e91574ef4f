// The sandbox sportsbook's faces (issue 11 §3, spec §3, §4, §7, §8; docs/api.md "Sandbox sportsbook"): the counts
// URL, the three provider faces (each its envelope, its credential, its error codes; odds in the type asked) and
// the venue page. On PGlite and, in server-pg, PostgreSQL.
process.env.SPORTSBOOK_SWEEP_MS = '0';

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRE_INFO_MARKER } from '../../server/web/site.ts';
import { formatOdds } from '../../src/protocol/odds.ts';
import { SPORTSBOOK_API, type Match } from '../../src/protocol/sportsbook.ts';
import type { OddsType, SportCounts } from '../../src/protocol/venues.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { credential, newMember, setUpVenues } from './sportsbook-support.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'qp-sb-dist-'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><title>site</title>${PRE_INFO_MARKER}`);
  t = await createTestApp({ staticDir: dist });
  await setUpVenues(t.db);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const inject = async (o: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) => {
  const res = await t.app.inject({ ...o, payload: o.payload as object | undefined });
  return { status: res.statusCode, headers: res.headers, text: res.body, json: () => res.json() as any };
};

async function token(venue: string) {
  const m = await newMember(t.db);
  return { memberId: m.id, token: await credential(t.db, m.id, venue) };
}

describe('the counts URL (spec §7: GET {token}?merchantCode=Y, header requestId)', () => {
  it('answers code 0 and the counts as base64 of their UTF-8 JSON', async () => {
    const { token: tk } = await token('IMTY');
    const res = await inject({
      method: 'GET',
      url: `/sandbox/sportsbook/count/${tk}?merchantCode=Y`,
      headers: { requestId: 'r-1' },
    });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, status_code: 6000, message: 'success' });
    const counts = JSON.parse(Buffer.from(body.data, 'base64').toString('utf8')) as SportCounts;
    expect(counts.venue).toBe('IMTY');
    expect(counts.sports.map((s) => s.sport)).toEqual(['football', 'basketball', 'tennis', 'esports']);
    expect(counts.sports[0]!.name).toBe('足球');
    expect(counts.total).toBe(counts.sports.reduce((a, s) => a + s.live + s.today + s.early, 0));
    expect(Date.parse(counts.at)).toBeGreaterThan(0);
    // An esports venue counts esports.
    const dj = await token('LHDJ');
    const djBody = (
      await inject({
        method: 'GET',
        url: `/sandbox/sportsbook/count/${dj.token}?merchantCode=Y`,
        headers: { requestId: 'r-2' },
      })
    ).json();
    expect(
      JSON.parse(Buffer.from(djBody.data, 'base64').toString('utf8')).sports.map(
        (s: { sport: string }) => s.sport,
      ),
    ).toEqual(['esports']);
  });

  it('a dead credential answers code 40001 with the expired message; a wrong merchant or no requestId 10003', async () => {
    const { memberId, token: tk } = await token('IMTY');
    const dead = await credential(t.db, memberId, 'IMTY', -1);
    for (const url of [
      `/sandbox/sportsbook/count/${dead}?merchantCode=Y`,
      `/sandbox/sportsbook/count/${'a'.repeat(43)}?merchantCode=Y`,
    ]) {
      expect((await inject({ method: 'GET', url, headers: { requestId: 'r' } })).json()).toEqual({
        code: 40001,
        status_code: 40001,
        message: 'expired',
        data: null,
      });
    }
    expect(
      (
        await inject({
          method: 'GET',
          url: `/sandbox/sportsbook/count/${tk}?merchantCode=X`,
          headers: { requestId: 'r' },
        })
      ).json().code,
    ).toBe(10003);
    expect(
      (await inject({ method: 'GET', url: `/sandbox/sportsbook/count/${tk}?merchantCode=Y` })).json().code,
    ).toBe(10003);
    expect(
      (
        await inject({
          method: 'GET',
          url: `/sandbox/sportsbook/count/${tk}?merchantCode=Y&merchantCode=Y`,
          headers: { requestId: 'r' },
        })
      ).json().code,
    ).toBe(10003);
  });
});

/** Every selection's figure is the odds type's figure of its European price (src/protocol/odds.ts). */
function expectFigures(
  markets: Array<{ selections: Array<{ odds: number; euroOdds: number }> }>,
  type: OddsType,
) {
  let n = 0;
  for (const k of markets)
    for (const s of k.selections) {
      expect(s.odds).toBe(Number(formatOdds(s.euroOdds, type)));
      n++;
    }
  expect(n).toBeGreaterThan(0);
}

describe('provider one (/improxy/api/mobile: StatusCode 100, Token in the body)', () => {
  const post = (p: string, payload: unknown) =>
    inject({ method: 'POST', url: `/improxy/api/mobile${p}`, payload });

  it('counts, matches in the OddsType asked, a match, balance, bets', async () => {
    const { token: tk } = await token('IMTY');
    const shared = {
      LanguageCode: 'CHS',
      OddsType: 3,
      TimeStamp: Date.now(),
      origin: 'http://x',
      Token: tk,
      MemberCode: 'M1',
    };
    const counts = (await post('/GetSportCount', shared)).json();
    expect(counts).toMatchObject({ StatusCode: 100, StatusDesc: 'success', Total: expect.any(Number) });
    expect(typeof counts.ServerTime).toBe('string');
    expect(counts.Sports[0]).toMatchObject({ SportId: 'football', SportName: '足球' });
    for (const type of [1, 2, 3, 4] as const) {
      const res = (
        await post('/GetMatches', { ...shared, OddsType: type, SportId: 'football', Phase: 'early' })
      ).json();
      expect(res.StatusCode).toBe(100);
      expect(res.Matches.length).toBe(30);
      expect(res.Matches[0].OddsType).toBe(type);
      expectFigures(
        res.Matches.flatMap((m: any) => m.Markets).map((k: any) => ({
          selections: k.Selections.map((s: any) => ({ odds: s.Odds, euroOdds: s.EuroOdds })),
        })),
        type,
      );
    }
    const live = (await post('/GetMatches', { ...shared, Live: true })).json();
    expect(live.Matches.every((m: any) => m.Phase === 'live')).toBe(true);
    const one = live.Matches[0];
    const got = (await post('/GetMatch', { ...shared, MatchId: one.MatchId })).json();
    expect(got.Match).toMatchObject({ MatchId: one.MatchId, HomeTeam: one.HomeTeam });
    // The AH line in goals: quarters / 4.
    const ah = got.Match.Markets.find((k: any) => k.Kind === 'ah');
    expect(ah === undefined || Number.isInteger(ah.Line * 4)).toBe(true);
    expect((await post('/GetBalance', shared)).json()).toMatchObject({
      StatusCode: 100,
      Balance: 0,
      Currency: 'CNY',
      Venue: 'IMTY',
    });
    expect((await post('/GetBets', { ...shared, Status: 'open' })).json()).toMatchObject({
      StatusCode: 100,
      Bets: [],
    });
    expect((await post('/GetMatch', { ...shared, MatchId: 'FB20260315999' })).json().StatusCode).toBe(10404);
  });

  it('a dead, missing or other provider’s Token: 40001 expired; unreadable input: 10003 in its envelope', async () => {
    const other = await token('FBTY'); // provider three's venue
    for (const Token of [undefined, 'b'.repeat(43), other.token]) {
      const res = await post('/GetSportCount', { LanguageCode: 'CHS', Token });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ StatusCode: 40001, StatusDesc: 'expired' });
    }
    const { token: tk } = await token('IMTY');
    expect((await post('/GetMatches', { Token: tk, SportId: 'cricket' })).json()).toMatchObject({
      StatusCode: 10003,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/improxy/api/mobile/GetMatches',
      payload: '{"Token":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.json()).toMatchObject({ StatusCode: 10003 });
  });
});

describe('provider two (/yewu11: code 0000000, requestId header, cuid and a random number)', () => {
  const get = (p: string, headers: Record<string, string>) =>
    inject({ method: 'GET', url: `/yewu11${p}`, headers });

  it('counts, matches in the oddsType asked (or the player’s), a match, balance', async () => {
    const { token: tk } = await token('YBTY');
    const h = { requestId: tk };
    const counts = (await get('/v1/m/sportCount?cuid=M1&rnd=0.5', h)).json();
    expect(counts).toMatchObject({ code: '0000000', msg: 'success', data: { total: expect.any(Number) } });
    expect(counts.data.sports[1]).toMatchObject({ sportId: 'basketball', sportName: '篮球' });
    const hk = (await get('/v1/m/matches?cuid=M1&rnd=1&sport=basketball&phase=early&oddsType=2', h)).json();
    expect(hk.code).toBe('0000000');
    expect(hk.data.matches.every((m: Match & { sportId: string }) => m.sportId === 'basketball')).toBe(true);
    expectFigures(
      hk.data.matches.flatMap((m: any) => m.markets),
      2,
    );
    const own = (await get('/v1/m/matches?cuid=M1&rnd=1&live=0', h)).json();
    expect(own.data.matches[0].oddsType).toBe(3);
    const id = own.data.matches[0].matchId;
    expect((await get(`/v1/m/match?cuid=M1&rnd=2&matchId=${id}`, h)).json().data.matchId).toBe(id);
    expect((await get('/v1/m/balance?cuid=M1&rnd=3', h)).json().data).toEqual({
      balance: 0,
      currency: 'CNY',
      venue: 'YBTY',
    });
  });

  it('a dead credential answers a code containing 400401; no cuid or bad input 0400001', async () => {
    const { memberId, token: tk } = await token('YBTY');
    const dead = await credential(t.db, memberId, 'YBTY', -1);
    const imty = await token('IMTY');
    for (const requestId of [dead, imty.token]) {
      const body = (await get('/v1/m/sportCount?cuid=M1&rnd=1', { requestId })).json();
      expect(body).toEqual({ code: '0400401', msg: 'expired', data: null });
      expect(body.code).toContain('400401');
    }
    expect((await get('/v1/m/sportCount?cuid=M1&rnd=1', {})).json().code).toBe('0400401');
    expect((await get('/v1/m/sportCount?rnd=1', { requestId: tk })).json().code).toBe('0400001');
    expect((await get('/v1/m/matches?cuid=M1&live=2', { requestId: tk })).json().code).toBe('0400001');
  });
});

describe('provider three (/v1: code 0 for reads, 350 for the odds-type write, Authorization header)', () => {
  it('counts, match list, detail, member info; the odds-type write answers 350 and is kept', async () => {
    const { memberId, token: tk } = await token('FBTY');
    const h = { Authorization: tk };
    const counts = (
      await inject({ method: 'GET', url: '/v1/sport/count?languageType=CMN', headers: h })
    ).json();
    expect(counts).toMatchObject({ code: 0, message: 'success', data: { total: expect.any(Number) } });
    const list = (
      await inject({ method: 'GET', url: '/v1/match/list?sportId=tennis&phase=today&oddsType=1', headers: h })
    ).json();
    expect(list.code).toBe(0);
    expectFigures(
      list.data.matches.flatMap((m: any) => m.markets),
      1,
    );
    const write = await inject({
      method: 'POST',
      url: '/v1/member/oddsType',
      headers: h,
      payload: { oddsType: 4, origin: 'http://x', languageType: 'CMN', Authorization: tk },
    });
    expect(write.json()).toEqual({ code: 350, message: 'success', data: { oddsType: 4 } });
    const { rows } = await t.db.query<{ odds_type: number }>(
      'SELECT odds_type FROM member_odds_types WHERE member_id = $1',
      [memberId],
    );
    expect(rows[0]!.odds_type).toBe(4);
    const info = (await inject({ method: 'GET', url: '/v1/member/info', headers: h })).json();
    expect(info).toEqual({
      code: 0,
      message: 'success',
      data: { balance: 0, currency: 'CNY', venue: 'FBTY', oddsType: 4 },
    });
    // The player's type is used when the call asks none.
    const mine = (await inject({ method: 'GET', url: '/v1/match/list?live=0', headers: h })).json();
    expectFigures(
      mine.data.matches.flatMap((m: any) => m.markets),
      4,
    );
    const id = mine.data.matches[0].matchId;
    expect(
      (
        await inject({
          method: 'GET',
          url: `/v1/match/detail?matchId=${id}`,
          headers: { Authorization: `Bearer ${tk}` },
        })
      ).json().data.matchId,
    ).toBe(id);
    expect(
      (
        await inject({ method: 'POST', url: '/v1/member/oddsType', headers: h, payload: { oddsType: 9 } })
      ).json().code,
    ).toBe(14000);
  });

  it('a dead credential answers 14010; another provider’s venue too', async () => {
    const { memberId } = await token('LHDJ');
    const dead = await credential(t.db, memberId, 'LHDJ', -1);
    const two = await token('YBTY');
    for (const Authorization of [dead, two.token, '']) {
      const body = (
        await inject({ method: 'GET', url: '/v1/sport/count', headers: { Authorization } })
      ).json();
      expect(body).toEqual({ code: 14010, message: 'expired', data: null });
    }
    expect(
      (
        await inject({
          method: 'POST',
          url: '/v1/member/oddsType',
          headers: { Authorization: dead },
          payload: { oddsType: 2 },
        })
      ).json().code,
    ).toBe(14010);
  });
});

describe('the venue page (/sandbox/venue/<CODE>/)', () => {
  it('says plainly when the page is not built; serves the built H5 page; 404 for a venue without one', async () => {
    const missing = await inject({ method: 'GET', url: '/sandbox/venue/IMTY/?token=x' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('npm run build');
    await mkdir(path.join(dist, 'sandbox', 'h5'), { recursive: true });
    await writeFile(
      path.join(dist, 'sandbox', 'h5', 'index.html'),
      '<!doctype html><title>沙盒体育</title><div id="root"></div>',
    );
    const page = await inject({ method: 'GET', url: '/sandbox/venue/IMTY/?token=x&view=h5' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('沙盒体育');
    // Framed by the site (same origin): the page's policy allows its own origin as a frame ancestor.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A games venue gets the games page's build (not built in this test: said so).
    const games = await inject({ method: 'GET', url: '/sandbox/venue/KYQP/' });
    expect(games.status).toBe(404);
    expect(games.text).toContain('npm run build');
    expect((await inject({ method: 'GET', url: '/sandbox/venue/NOPE/' })).status).toBe(404);
    expect((await inject({ method: 'GET', url: '/sandbox/venue/LHDJ/' })).status).toBe(200);
    const bare = await inject({ method: 'GET', url: '/sandbox/venue/FBTY?token=abc' });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/sandbox/venue/FBTY/?token=abc');
  });

  it('the native API answers its envelope for any path under it', async () => {
    const res = await inject({ method: 'GET', url: `${SPORTSBOOK_API}/nothing-here` });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ status_code: 10001 });
  });
});
