// The venues API (issue 11 §1, §2; spec §3, §7): the seven lobbies, the game grid, recent games, the launch with
// every field of spec §7 and each coded refusal, webTerminal, the providers' shared parameters, the odds type,
// the pre-info's venue origins and the frame-URL rule, the venue credentials, and the operator commands.
// PGlite, and PostgreSQL in server-pg.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import { expireSessions, venueSessionOf } from '../../server/modules/venue/sessions.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GRID_GAMES } from '../../src/protocol/games.ts';
import { isVenueFrameUrl } from '../../src/protocol/venues.ts';
import type { TestApp } from '../support/test-app.ts';
import { as, balances, PATH, player, venueApp, type Player } from './venue-helpers.ts';

/** light-my-request's Host (localhost:80), as URL normalises it. */
const ORIGIN = 'http://localhost';
/** Design (src/protocol/venues.ts, docs/venues.md): a credential lives 2 h; recent games keep 12. */
const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
const RECENT_MAX = 12;

let t: TestApp;
let alice: Player;

beforeAll(async () => {
  t = await venueApp();
  // A playable venue with a game list (the seeded ones open with issue 12) for the game rules of the launch.
  await t.db.query(
    `INSERT INTO venues (code, platform, name, provider, sort, logo, playable, has_games)
       VALUES ('TESTDZ', 'DZ', '测试电子', 'two', 99, '/media/venues/pgdz.svg', true, true)`,
  );
  await t.db.query(
    `INSERT INTO venue_games (venue, code, name, icon, tags, sort) VALUES
       ('TESTDZ', 'lucky-star', 'Lucky Star 幸运星', '/i.svg', '{hot}', 0),
       ('TESTDZ', 'pct', '100% 返奖', '/i.svg', '{}', 1),
       ('TESTDZ', 'under', 'a_b 下划线', '/i.svg', '{new}', 2),
       ('TESTDZ', 'plain', 'aXb 普通', '/i.svg', '{new,jackpot}', 3)`,
  );

  alice = await player(t);
});
afterAll(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
  await t.close();
});

const lobby = async (name: string) =>
  (await t.call({ method: 'GET', url: `${PATH.lobby}?lobby=${name}` })).body;
const launch = (p: Player, payload: Record<string, unknown>) => as(t, p, 'POST', PATH.launch, payload);

describe('the lobbies (issue 11 §1; spec §2 /game/*)', () => {
  // The catalogue as the issue names it: spec §3 sport codes IMTY, YBTY (provider two, OB), FBTY; V188.
  const EXPECTED: Record<string, string[]> = {
    sport: ['IMTY', 'YBTY', 'FBTY', 'V188'],
    chess: ['KYQP', 'LYQP', 'XYQP', 'VGQP'],
    egame: ['PGDZ', 'JDBDZ', 'CQ9DZ', 'MGDZ', 'PPDZ', 'TESTDZ'],
    gaming: ['IMDJ', 'YBDJ', 'LHDJ'],
    lottery: ['SYCP', 'TCCP'],
    realbet: ['AGZR', 'DGZR', 'EBZR'],
    fishing: ['JDBBY', 'KYBY'],
  };
  const PLATFORM: Record<string, string> = {
    sport: 'TY',
    chess: 'QP',
    egame: 'DZ',
    gaming: 'DJ',
    lottery: 'CP',
    realbet: 'ZR',
    fishing: 'BY',
  };

  it('each of the seven lobbies answers its venues in order, publicly', async () => {
    for (const [name, codes] of Object.entries(EXPECTED)) {
      const body = await lobby(name);
      expect(body.status_code).toBe(CODE.success);
      expect(body.data.lobby).toBe(name);
      expect(body.data.venues.map((v: { code: string }) => v.code)).toEqual(codes);
      for (const v of body.data.venues) {
        expect(v.platform).toBe(PLATFORM[name]);
        expect(Object.keys(v).sort()).toEqual(
          [
            'code',
            'hasGames',
            'logo',
            'maintenanceUntil',
            'name',
            'platform',
            'playable',
            'provider',
            'status',
          ].sort(),
        );
        expect(v.status).toBe('open');
        expect(v.maintenanceUntil).toBeNull();
        // Issue 11 opened the sport and esports sandboxes, issue 12 every other category; slots, fishing and chess
        // launch per game.
        if (v.code !== 'TESTDZ') {
          expect(v.playable).toBe(true);
          expect(v.hasGames).toBe(['egame', 'fishing', 'chess'].includes(name));
        }
      }
    }
  });

  it('names the sport venues as the spec and the issue do: YBTY is provider two OB, V188 is 188 provider one', async () => {
    const venues = (await lobby('sport')).data.venues as Array<{
      code: string;
      name: string;
      provider: string;
    }>;
    expect(venues.map((v) => [v.code, v.provider, v.name])).toEqual([
      ['IMTY', 'one', 'IM 体育'],
      ['YBTY', 'two', 'OB 体育'],
      ['FBTY', 'three', 'FB 体育'],
      ['V188', 'one', '188 体育'],
    ]);
  });

  it('every logo is a distinct picture under public/', async () => {
    const logos: string[] = [];
    for (const name of Object.keys(EXPECTED)) {
      for (const v of (await lobby(name)).data.venues as Array<{ code: string; logo: string }>) {
        if (v.code === 'TESTDZ') continue;
        expect(v.logo).toMatch(/^\/media\/venues\/[a-z0-9]+\.svg$/);
        expect(existsSync(path.join('public', v.logo))).toBe(true);
        logos.push(v.logo);
      }
    }
    expect(new Set(logos).size).toBe(logos.length);
  });

  it('shows a venue under maintenance with its end, hides a closed one, reopens one whose end passed', async () => {
    const until = new Date(Date.now() + 3_600_000);
    await t.db.query(`UPDATE venues SET status = 'maintenance', maintenance_until = $1 WHERE code = 'IMTY'`, [
      until.toISOString(),
    ]);
    await t.db.query(
      `UPDATE venues SET status = 'maintenance', maintenance_until = NULL WHERE code = 'YBTY'`,
    );
    await t.db.query(`UPDATE venues SET status = 'closed' WHERE code = 'FBTY'`);
    await t.db.query(
      `UPDATE venues SET status = 'maintenance', maintenance_until = now() - interval '1 second' WHERE code = 'V188'`,
    );
    try {
      const venues = (await lobby('sport')).data.venues as Array<Record<string, unknown>>;
      expect(venues.map((v) => [v.code, v.status, v.maintenanceUntil])).toEqual([
        ['IMTY', 'maintenance', until.toISOString()],
        ['YBTY', 'maintenance', null],
        ['V188', 'open', null],
      ]);
      const row = await t.db.query<{ status: string }>(`SELECT status FROM venues WHERE code = 'V188'`);
      expect(row.rows[0]!.status).toBe('open');
    } finally {
      await t.db.query(`UPDATE venues SET status = 'open', maintenance_until = NULL WHERE platform = 'TY'`);
    }
  });

  it('answers 10003 for a lobby that is not one of the seven, or none', async () => {
    for (const url of [
      `${PATH.lobby}?lobby=casino`,
      PATH.lobby,
      `${PATH.lobby}?lobby=`,
      `${PATH.lobby}?lobby=SPORT`,
    ]) {
      const { body } = await t.call({ method: 'GET', url });
      expect(body.status_code).toBe(CODE.validation);
    }
  });

  it('keeps the platform counts (spec §3 keys) working with the new catalogue', async () => {
    const { body } = await t.call({ method: 'GET', url: '/game/api/v1/venue/platformCount' });
    expect(body.data).toEqual({ TY: 4, DZ: 6, DJ: 3, ZR: 3, CP: 2, QP: 4, BY: 2 });
  });
});

describe('the game grid (issue 11 §1: searchable, filterable)', () => {
  const games = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: PATH.games, payload });

  it("every game-list venue lists its category's playable games, the same on every database, one hot and one new", async () => {
    for (const code of [
      'PGDZ',
      'JDBDZ',
      'CQ9DZ',
      'MGDZ',
      'PPDZ',
      'JDBBY',
      'KYBY',
      'KYQP',
      'LYQP',
      'XYQP',
      'VGQP',
    ]) {
      const { body } = await games({ venue: code, size: 60 });
      expect(body.status_code).toBe(CODE.success);
      // Issue 12 §1: at least two chess-and-card games, three slot games, one fishing game; every one playable.
      const least = code.endsWith('QP') ? 2 : code.endsWith('DZ') ? 3 : 1;
      expect(body.data.total).toBeGreaterThanOrEqual(least);
      expect(body.data.items).toHaveLength(body.data.total);
      const items = body.data.items as Array<{ code: string; name: string; icon: string; tags: string[] }>;
      expect(new Set(items.map((g) => g.name)).size).toBe(items.length);
      expect(items.some((g) => g.tags.includes('hot'))).toBe(true);
      expect(items.some((g) => g.tags.includes('new'))).toBe(true);
      for (const g of items) expect(existsSync(path.join('public', g.icon))).toBe(true);
      const playable = Object.values(GRID_GAMES)
        .flat()
        .map((g) => g.code);
      for (const g of items) expect(playable).toContain(g.code);
    }
    // Reproducible: the first games of PG are the pool's first (server/modules/venue/catalogue-seed.ts).
    const pg = (await games({ venue: 'PGDZ' })).body.data.items as Array<{ name: string }>;
    expect(pg.slice(0, 3).map((g) => g.name)).toEqual(['财神到', '金龙献瑞', '水果派对']);
  });

  it('a venue without a game list answers an empty grid', async () => {
    const { body } = await games({ venue: 'IMTY' });
    expect(body.data).toEqual({ venue: 'IMTY', items: [], total: 0, page: 1, size: 24 });
  });

  it('searches the name case-insensitively, taking % and _ literally', async () => {
    const names = async (search: string) =>
      ((await games({ venue: 'TESTDZ', search })).body.data.items as Array<{ code: string }>).map(
        (g) => g.code,
      );
    expect(await names('lucky')).toEqual(['lucky-star']);
    expect(await names('LUCKY STAR')).toEqual(['lucky-star']);
    expect(await names('幸运')).toEqual(['lucky-star']);
    expect(await names('%')).toEqual(['pct']);
    expect(await names('a_b')).toEqual(['under']);
    expect(await names('_')).toEqual(['under']);
    expect(await names('\\')).toEqual([]);
    expect(await names('  ')).toEqual(['lucky-star', 'pct', 'under', 'plain']);
    expect(await names('无此游戏')).toEqual([]);
  });

  it('filters by tag and pages with the total over every page', async () => {
    const tagged = (await games({ venue: 'TESTDZ', tag: 'new' })).body.data;
    expect(tagged.items.map((g: { code: string }) => g.code)).toEqual(['under', 'plain']);
    expect(tagged.total).toBe(2);
    const p2 = (await games({ venue: 'TESTDZ', page: 2, size: 3 })).body.data;
    expect(p2).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(p2.items.map((g: { code: string }) => g.code)).toEqual(['plain']);
    const beyond = (await games({ venue: 'TESTDZ', page: 9, size: 3 })).body.data;
    expect(beyond).toMatchObject({ items: [], total: 4 });
  });

  it('answers 30061 for an unknown or closed venue and 10003 outside the bounds', async () => {
    expect((await games({ venue: 'NOPE' })).body.status_code).toBe(CODE.venueNotFound);
    await t.db.query(`UPDATE venues SET status = 'closed' WHERE code = 'MGDZ'`);
    expect((await games({ venue: 'MGDZ' })).body.status_code).toBe(CODE.venueNotFound);
    await t.db.query(`UPDATE venues SET status = 'open' WHERE code = 'MGDZ'`);
    // Design bounds (src/protocol/venues.ts): search ≤ 20 characters, size 1..60, page ≥ 1.
    for (const bad of [
      { venue: 'PGDZ', search: 'x'.repeat(21) },
      { venue: 'PGDZ', size: 61 },
      { venue: 'PGDZ', size: 0 },
      { venue: 'PGDZ', page: 0 },
      { venue: 'PGDZ', tag: 'cold' },
      { venue: 'PGDZ', search: 'a\u0000b' },
      { venue: 'P G' },
      {},
      { venue: 'PGDZ', extra: 1 },
    ]) {
      expect((await games(bad)).body.status_code, JSON.stringify(bad)).toBe(CODE.validation);
    }
    expect((await games({ venue: 'PGDZ', search: 'x'.repeat(20), size: 60 })).body.status_code).toBe(
      CODE.success,
    );
  });
});

describe('the launch (spec §7 venue/launch, §3 launch result)', () => {
  it('needs a login (spec §6: 10004)', async () => {
    const { body } = await t.call({ method: 'POST', url: PATH.launch, payload: { enName: 'IMTY' } });
    expect(body.status_code).toBe(CODE.tokenInvalid);
  });

  it('a sport venue of provider one: pages, counts URL, provider one API and its shared parameters', async () => {
    const before = Date.now();
    const { body } = await launch(alice, { enName: 'IMTY', isSure: 1 });
    expect(body.status_code).toBe(CODE.success);
    const r = body.data;
    expect(Object.keys(r).sort()).toEqual([
      'activityUrl',
      'apiUrl',
      'h5Url',
      'moved',
      'params',
      'resource',
      'token',
      'url',
    ]);
    const pc = new URL(r.url);
    const h5 = new URL(r.h5Url);
    expect(`${pc.origin}${pc.pathname}`).toBe(`${ORIGIN}/sandbox/venue/IMTY/`);
    expect(`${h5.origin}${h5.pathname}`).toBe(`${ORIGIN}/sandbox/venue/IMTY/`);
    expect(pc.searchParams.get('view')).toBe('pc');
    expect(h5.searchParams.get('view')).toBe('h5');
    const credential = pc.searchParams.get('token')!;
    expect(h5.searchParams.get('token')).toBe(credential);
    expect(pc.searchParams.has('game')).toBe(false);
    expect(r.activityUrl).toBe('');
    expect(r.resource).toBe(`${ORIGIN}/sandbox/venue/static/`);
    // spec §7: the sport-count machine polls GET {token}?merchantCode=Y.
    expect(r.token).toBe(`${ORIGIN}/sandbox/sportsbook/count/${credential}`);
    expect(r.apiUrl).toBe('/improxy/api/mobile');
    expect(r.moved).toBe(0);
    // spec §3 provider one: LanguageCode CHS, OddsType European (3), TimeStamp, origin, Token, MemberCode.
    expect(r.params.provider).toBe('one');
    expect(r.params.values).toMatchObject({
      LanguageCode: 'CHS',
      OddsType: 3,
      origin: ORIGIN,
      Token: credential,
      MemberCode: `M${alice.id}`,
    });
    expect(r.params.values.TimeStamp).toBeGreaterThanOrEqual(before);
    expect(r.params.values.TimeStamp).toBeLessThanOrEqual(Date.now());
    // The credential is a venue session of this member at this venue for 2 h.
    const s = await venueSessionOf(t.db, credential);
    expect(s).toMatchObject({ memberId: alice.id, venue: 'IMTY' });
    expect(Math.abs(s!.expiresAt.getTime() - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
    // The embedded venue page may frame it (pre-info venueOrigins, the frame-URL rule).
    const pre = (await t.call({ method: 'POST', url: PATH.preInfo, payload: {} })).body.data;
    expect(isVenueFrameUrl(r.url, pre.venueOrigins)).toBe(true);
    expect(isVenueFrameUrl(r.h5Url, pre.venueOrigins)).toBe(true);
  });

  it('provider two (YBTY, also as OBTY) and three (FBTY) get their own shared parameters', async () => {
    const two = (await launch(alice, { enName: 'OBTY', isSure: 1 })).body.data;
    const t2 = new URL(two.url).searchParams.get('token')!;
    expect(new URL(two.url).pathname).toBe('/sandbox/venue/YBTY/');
    expect(two.apiUrl).toBe('/yewu11');
    expect(two.token).toBe(`${ORIGIN}/sandbox/sportsbook/count/${t2}`);
    expect(two.params).toEqual({
      provider: 'two',
      values: {
        cuid: `M${alice.id}`,
        origin: ORIGIN,
        requestId: t2,
        resourceUrl: `${ORIGIN}/sandbox/venue/static/`,
        resourceGamingUrl: `${ORIGIN}/sandbox/venue/static/gaming/`,
      },
    });
    expect((await venueSessionOf(t.db, t2))!.venue).toBe('YBTY');
    const three = (await launch(alice, { enName: 'FBTY', isSure: 1 })).body.data;
    const t3 = new URL(three.url).searchParams.get('token')!;
    expect(three.apiUrl).toBe('/v1');
    // spec §3 provider three: origin, languageType CMN, Authorization.
    expect(three.params).toEqual({
      provider: 'three',
      values: { origin: ORIGIN, languageType: 'CMN', Authorization: t3 },
    });
    const v188 = (await launch(alice, { enName: 'V188', isSure: 1 })).body.data;
    expect(v188.apiUrl).toBe('/sandbox/sportsbook/api/v1');
    expect(v188.params.provider).toBe('one');
  });

  it('an esports venue answers the credential itself as token (not a counts URL)', async () => {
    const r = (await launch(alice, { enName: 'LHDJ', isSure: 1 })).body.data;
    const credential = new URL(r.url).searchParams.get('token')!;
    expect(r.token).toBe(credential);
    expect(r.apiUrl).toBe('/v1');
    expect(await venueSessionOf(t.db, r.token)).toMatchObject({ venue: 'LHDJ', memberId: alice.id });
  });

  it('https, isApp, temporaryParam, activity and siteId each do what docs/api.md says', async () => {
    const r = (
      await launch(alice, {
        enName: 'IMDJ',
        https: 1,
        isApp: 1,
        isSure: 1,
        activity: 'act-2026.11',
        siteId: '10001',
        temporaryParam: '回到 第3场&x=1',
      })
    ).body.data;
    const pc = new URL(r.url);
    expect(pc.protocol).toBe('https:');
    expect(r.h5Url.startsWith('https://localhost/sandbox/venue/IMDJ/?')).toBe(true);
    expect(r.resource).toBe('https://localhost/sandbox/venue/static/');
    expect(r.params.values.origin).toBe('https://localhost');
    // The app gets the phone page in url too, flagged app=1.
    expect(pc.searchParams.get('view')).toBe('h5');
    expect(pc.searchParams.get('app')).toBe('1');
    expect(new URL(r.h5Url).searchParams.get('app')).toBe('1');
    expect(pc.searchParams.get('temporaryParam')).toBe('回到 第3场&x=1');
    const pre = (await t.call({ method: 'POST', url: PATH.preInfo, payload: {} })).body.data;
    expect(isVenueFrameUrl(r.url, pre.venueOrigins)).toBe(true);
    const { rows } = await t.db.query<{ launch: Record<string, unknown> }>(
      'SELECT launch FROM venue_sessions WHERE token = $1',
      [r.token],
    );
    expect(rows[0]!.launch).toMatchObject({
      activity: 'act-2026.11',
      siteId: '10001',
      temporaryParam: '回到 第3场&x=1',
      isApp: true,
      https: true,
      preload: false,
    });
  });

  it('refuses what is not a field of spec §7 or out of its bounds (10003)', async () => {
    for (const bad of [
      {},
      { enName: '' },
      { enName: 'IM TY' },
      { enName: 'IMTY', appSendMoney: 2 },
      { enName: 'IMTY', appSendMoney: '1' },
      { enName: 'IMTY', https: true },
      { enName: 'IMTY', isApp: -1 },
      { enName: 'IMTY', isSure: 1.5 },
      { enName: 'IMTY', isPreload: null },
      { enName: 'IMTY', isManualLaunch: 3 },
      { enName: 'IMTY', siteId: '10002' },
      { enName: 'IMTY', temporaryParam: 'x'.repeat(201) },
      { enName: 'IMTY', temporaryParam: 'a\nb' },
      { enName: 'IMTY', activity: 'a b' },
      { enName: 'IMTY', gameCode: 'a/b' },
      { enName: 'IMTY', unknown: 1 },
    ]) {
      expect((await launch(alice, bad)).body.status_code, JSON.stringify(bad)).toBe(CODE.validation);
    }
    expect(
      (await launch(alice, { enName: 'IMTY', isSure: 1, temporaryParam: 'x'.repeat(200) })).body.status_code,
    ).toBe(CODE.success);
  });

  it('answers 30061 for an unknown or closed venue, or a game it does not list', async () => {
    expect((await launch(alice, { enName: 'NOPE', isSure: 1 })).body.status_code).toBe(CODE.venueNotFound);
    await t.db.query(`UPDATE venues SET status = 'closed' WHERE code = 'LHDJ'`);
    try {
      expect((await launch(alice, { enName: 'LHDJ', isSure: 1 })).body.status_code).toBe(CODE.venueNotFound);
    } finally {
      await t.db.query(`UPDATE venues SET status = 'open' WHERE code = 'LHDJ'`);
    }
    expect((await launch(alice, { enName: 'TESTDZ', gameCode: 'nope', isSure: 1 })).body.status_code).toBe(
      CODE.venueNotFound,
    );
    // A game code on a venue launched as a whole names nothing it has.
    expect(
      (await launch(alice, { enName: 'IMTY', gameCode: 'lucky-star', isSure: 1 })).body.status_code,
    ).toBe(CODE.venueNotFound);
  });

  it('answers 6014 with the end of the maintenance, and launches again once it passed', async () => {
    const until = new Date(Date.now() + 2 * 3_600_000);
    await t.db.query(`UPDATE venues SET status = 'maintenance', maintenance_until = $1 WHERE code = 'FBTY'`, [
      until.toISOString(),
    ]);
    const { body } = await launch(alice, { enName: 'FBTY', isSure: 1 });
    expect(body.status_code).toBe(CODE.maintenanceVenue);
    expect(body.data).toEqual({ venue: 'FBTY', maintenanceUntil: until.toISOString() });
    expect(body.message).toContain('维护');
    await t.db.query(`UPDATE venues SET maintenance_until = now() - interval '1 second' WHERE code = 'FBTY'`);
    expect((await launch(alice, { enName: 'FBTY', isSure: 1 })).body.status_code).toBe(CODE.success);
    await t.db.query(
      `UPDATE venues SET status = 'maintenance', maintenance_until = NULL WHERE code = 'FBTY'`,
    );
    const open = await launch(alice, { enName: 'FBTY', isSure: 1 });
    expect(open.body.status_code).toBe(CODE.maintenanceVenue);
    expect(open.body.data).toEqual({ venue: 'FBTY', maintenanceUntil: null });
    await t.db.query(`UPDATE venues SET status = 'open' WHERE code = 'FBTY'`);
  });

  it('answers 30063 for a venue an operator has not opened', async () => {
    await t.db.query(`UPDATE venues SET playable = false WHERE code = 'AGZR'`);
    try {
      const { body } = await launch(alice, { enName: 'AGZR', isSure: 1 });
      expect(body.status_code).toBe(CODE.venueNotPlayable);
      expect((await as(t, alice, 'POST', PATH.webTerminal, { enName: 'AGZR' })).body.status_code).toBe(
        CODE.venueNotPlayable,
      );
    } finally {
      await t.db.query(`UPDATE venues SET playable = true WHERE code = 'AGZR'`);
    }
  });

  it('answers 30064 for a game-list venue launched without a game; a preload needs none', async () => {
    expect((await launch(alice, { enName: 'TESTDZ', isSure: 1 })).body.status_code).toBe(CODE.gameRequired);
    expect((await launch(alice, { enName: 'TESTDZ', gameCode: '', isSure: 1 })).body.status_code).toBe(
      CODE.gameRequired,
    );
    expect((await launch(alice, { enName: 'TESTDZ', isPreload: 1 })).body.status_code).toBe(CODE.success);
    const r = (await launch(alice, { enName: 'TESTDZ', gameCode: 'lucky-star', isSure: 1 })).body.data;
    expect(new URL(r.url).searchParams.get('game')).toBe('lucky-star');
    expect(new URL(r.h5Url).searchParams.get('game')).toBe('lucky-star');
    expect(r.apiUrl).toBe('/yewu11');
  });
});

describe('money on launch: appSendMoney, 免转, isSure, isPreload (issue 11 §2)', () => {
  it('an empty venue wallet with money in the central one asks for isSure (30062); isSure 1 launches', async () => {
    const p = await player(t, 50_000);
    const { body } = await launch(p, { enName: 'IMTY' });
    expect(body.status_code).toBe(CODE.venueWalletEmpty);
    expect(body.data).toEqual({ venue: 'IMTY', venueBalance: 0, central: 50_000 });
    expect((await launch(p, { enName: 'IMTY', appSendMoney: 0 })).body.status_code).toBe(
      CODE.venueWalletEmpty,
    );
    const sure = await launch(p, { enName: 'IMTY', isSure: 1 });
    expect(sure.body.status_code).toBe(CODE.success);
    expect(sure.body.data.moved).toBe(0);
    expect((await balances(t, p)).central).toBe(50_000);
    // A player with nothing anywhere is not asked, and neither is a preload.
    expect((await launch(await player(t), { enName: 'IMTY' })).body.status_code).toBe(CODE.success);
    expect((await launch(p, { enName: 'IMTY', isPreload: 1 })).body.status_code).toBe(CODE.success);
  });

  it('appSendMoney 1 moves the central balance into the venue with 免转 off; a repeat finds nothing more', async () => {
    const p = await player(t, 12_345);
    const r = (await launch(p, { enName: 'IMTY', appSendMoney: 1 })).body.data;
    expect(r.moved).toBe(12_345);
    let b = await balances(t, p);
    expect(b.central).toBe(0);
    expect(b.venues.IMTY).toBe(12_345);
    const again = (await launch(p, { enName: 'IMTY', appSendMoney: 1 })).body;
    expect(again.status_code).toBe(CODE.success);
    expect(again.data.moved).toBe(0);
    b = await balances(t, p);
    expect([b.central, b.venues.IMTY]).toEqual([0, 12_345]);
    // With 免转 off, appSendMoney 1 leaves the other venues' balances where they are.
    await as(t, p, 'POST', '/fd/api/v1/wallet/transfer', {
      requestId: 'back-to-central',
      direction: 'out',
      venue: 'IMTY',
      amount: 345,
    });
    const second = (await launch(p, { enName: 'FBTY', appSendMoney: 1 })).body.data;
    expect(second.moved).toBe(345);
    b = await balances(t, p);
    expect([b.central, b.venues.IMTY, b.venues.FBTY]).toEqual([0, 12_000, 345]);
  });

  it('with 免转 on a launch brings every venue balance back and moves it all into the launched venue', async () => {
    const p = await player(t, 30_000);
    expect(
      (await as(t, p, 'POST', PATH.autoTransfer, { enabled: true, requestId: 'auto-on-1' })).body.status_code,
    ).toBe(CODE.success);
    const first = (await launch(p, { enName: 'IMTY' })).body.data;
    expect(first.moved).toBe(30_000);
    expect(await balances(t, p)).toMatchObject({ central: 0, venues: { IMTY: 30_000 } });
    const second = (await launch(p, { enName: 'YBTY' })).body.data;
    expect(second.moved).toBe(30_000);
    const b = await balances(t, p);
    expect([b.central, b.venues.IMTY, b.venues.YBTY]).toEqual([0, 0, 30_000]);
    // A repeated launch of the same venue moves nothing twice: the venue still holds the whole balance once.
    for (let i = 0; i < 3; i++)
      expect((await launch(p, { enName: 'YBTY' })).body.status_code).toBe(CODE.success);
    const after = await balances(t, p);
    expect([after.central, after.venues.YBTY]).toEqual([0, 30_000]);
    // appSendMoney 0 overrides 免转; a preload never moves money.
    await as(t, p, 'POST', '/fd/api/v1/wallet/transfer', {
      requestId: 'back-to-central-2',
      direction: 'out',
      venue: 'YBTY',
      amount: 1_000,
    });
    expect((await launch(p, { enName: 'IMTY', appSendMoney: 0, isSure: 1 })).body.data.moved).toBe(0);
    expect((await launch(p, { enName: 'IMTY', isPreload: 1 })).body.data.moved).toBe(0);
    const still = await balances(t, p);
    expect([still.central, still.venues.IMTY, still.venues.YBTY]).toEqual([1_000, 0, 29_000]);
    // The launch's transfer carries a request id derived from its credential (docs/venues.md).
    const { rows } = await t.db.query<{ launch: { requestId: string; moved: number } }>(
      `SELECT launch FROM venue_sessions WHERE member_id = $1 AND venue = 'IMTY' AND launch ? 'requestId'
        ORDER BY created_at LIMIT 1`,
      [p.id],
    );
    expect(rows[0]!.launch.requestId).toMatch(/^launch-[A-Za-z0-9_-]{24}$/);
    expect(rows[0]!.launch.moved).toBe(30_000);
  });
});

describe('recent games (issue 11 §1: remembered per player)', () => {
  it('needs a login', async () => {
    expect((await t.call({ method: 'GET', url: PATH.recent })).body.status_code).toBe(CODE.tokenInvalid);
  });

  it('records a game or a manual launch, newest first; not a preload, not an automatic launch', async () => {
    const p = await player(t);
    await launch(p, { enName: 'TESTDZ', gameCode: 'pct' });
    await launch(p, { enName: 'IMTY' });
    await launch(p, { enName: 'TESTDZ', gameCode: 'plain', isPreload: 1 });
    await launch(p, { enName: 'YBTY', isPreload: 1, isManualLaunch: 1 });
    await launch(p, { enName: 'FBTY', isManualLaunch: 1 });
    await launch(p, { enName: 'TESTDZ', gameCode: 'lucky-star', isManualLaunch: 0 });
    const { body } = await as(t, p, 'GET', PATH.recent);
    expect(body.status_code).toBe(CODE.success);
    const items = body.data.items as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.venue, i.gameCode])).toEqual([
      ['TESTDZ', 'lucky-star'],
      ['FBTY', null],
      ['TESTDZ', 'pct'],
    ]);
    expect(items[0]).toMatchObject({
      venueName: '测试电子',
      platform: 'DZ',
      gameName: 'Lucky Star 幸运星',
      icon: '/i.svg',
    });
    expect(items[1]).toMatchObject({
      venueName: 'FB 体育',
      platform: 'TY',
      gameName: null,
      icon: '/media/venues/fbty.svg',
    });
    expect(new Date(items[0]!.playedAt as string).getTime()).toBeGreaterThanOrEqual(
      new Date(items[1]!.playedAt as string).getTime(),
    );
    // Playing one again moves it to the top without a second row.
    await launch(p, { enName: 'TESTDZ', gameCode: 'pct' });
    const again = (await as(t, p, 'GET', PATH.recent)).body.data.items as Array<Record<string, unknown>>;
    expect(again.map((i) => i.gameCode)).toEqual(['pct', 'lucky-star', null]);
    // Another player's list is their own.
    expect(
      (await as(t, alice, 'GET', PATH.recent)).body.data.items.some(
        (i: { gameCode: string }) => i.gameCode === 'pct',
      ),
    ).toBe(false);
  });

  it(`keeps at most ${RECENT_MAX}, dropping the oldest rows`, async () => {
    const p = await player(t);
    const extra = [
      'g01',
      'g02',
      'g03',
      'g04',
      'g05',
      'g06',
      'g07',
      'g08',
      'g09',
      'g10',
      'g11',
      'g12',
      'g13',
      'g14',
    ];
    await t.db.query(
      `INSERT INTO venue_games (venue, code, name, icon, sort) SELECT 'TESTDZ', c, c, '/i.svg', 10 FROM unnest($1::text[]) c`,
      [extra],
    );
    for (const g of extra)
      expect((await launch(p, { enName: 'TESTDZ', gameCode: g })).body.status_code).toBe(CODE.success);
    const items = (await as(t, p, 'GET', PATH.recent)).body.data.items as Array<{ gameCode: string }>;
    expect(items.map((i) => i.gameCode)).toEqual([...extra].reverse().slice(0, RECENT_MAX));
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM recent_games WHERE member_id = $1',
      [p.id],
    );
    expect(rows.rows[0]!.n).toBe(RECENT_MAX);
  });
});

describe('webTerminal (spec §7: body passed through)', () => {
  it('takes the launch body and answers a launch; member only; the same refusals', async () => {
    const { body } = await as(t, alice, 'POST', PATH.webTerminal, { enName: 'IMTY', isSure: 1, isApp: 1 });
    expect(body.status_code).toBe(CODE.success);
    expect(new URL(body.data.url).searchParams.get('view')).toBe('h5');
    expect(body.data.apiUrl).toBe('/improxy/api/mobile');
    expect(
      (await t.call({ method: 'POST', url: PATH.webTerminal, payload: { enName: 'IMTY' } })).body.status_code,
    ).toBe(CODE.tokenInvalid);
    expect((await as(t, alice, 'POST', PATH.webTerminal, { enName: 'NOPE' })).body.status_code).toBe(
      CODE.venueNotFound,
    );
    expect((await as(t, alice, 'POST', PATH.webTerminal, { enName: 'IMTY', x: 1 })).body.status_code).toBe(
      CODE.validation,
    );
  });
});

describe('provider shared parameters again (spec §4, §7 "path not shown")', () => {
  it('provider two: a fresh YBTY credential; provider three: a fresh FBTY one', async () => {
    const two = await as(t, alice, 'POST', PATH.providerParams, { provider: 'two' });
    expect(two.body.status_code).toBe(CODE.success);
    expect(two.body.data.provider).toBe('two');
    expect(await venueSessionOf(t.db, two.body.data.values.requestId)).toMatchObject({
      venue: 'YBTY',
      memberId: alice.id,
    });
    const again = await as(t, alice, 'POST', PATH.providerParams, { provider: 'two' });
    expect(again.body.data.values.requestId).not.toBe(two.body.data.values.requestId);
    const three = await as(t, alice, 'POST', PATH.providerParams, { provider: 'three' });
    expect(three.body.data).toMatchObject({
      provider: 'three',
      values: { languageType: 'CMN', origin: ORIGIN },
    });
    expect(await venueSessionOf(t.db, three.body.data.values.Authorization)).toMatchObject({ venue: 'FBTY' });
  });

  it('refuses provider one, a login-less call, and a venue under maintenance', async () => {
    expect((await as(t, alice, 'POST', PATH.providerParams, { provider: 'one' })).body.status_code).toBe(
      CODE.validation,
    );
    expect((await as(t, alice, 'POST', PATH.providerParams, {})).body.status_code).toBe(CODE.validation);
    expect(
      (await t.call({ method: 'POST', url: PATH.providerParams, payload: { provider: 'two' } })).body
        .status_code,
    ).toBe(CODE.tokenInvalid);
    await t.db.query(`UPDATE venues SET status = 'maintenance' WHERE code = 'YBTY'`);
    try {
      expect((await as(t, alice, 'POST', PATH.providerParams, { provider: 'two' })).body.status_code).toBe(
        CODE.maintenanceVenue,
      );
    } finally {
      await t.db.query(`UPDATE venues SET status = 'open' WHERE code = 'YBTY'`);
    }
  });
});

describe('the odds type (spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4)', () => {
  it('is European until set, kept per player, and sent to provider one', async () => {
    const p = await player(t);
    expect((await as(t, p, 'GET', PATH.oddsType)).body.data).toEqual({ oddsType: 3 });
    for (const oddsType of [1, 2, 4, 3, 1]) {
      const set = await as(t, p, 'POST', PATH.oddsType, { oddsType });
      expect(set.body).toMatchObject({ status_code: CODE.success, data: { oddsType } });
      expect((await as(t, p, 'GET', PATH.oddsType)).body.data).toEqual({ oddsType });
    }
    expect((await launch(p, { enName: 'IMTY' })).body.data.params.values.OddsType).toBe(1);
    expect((await as(t, alice, 'GET', PATH.oddsType)).body.data).toEqual({ oddsType: 3 });
  });

  it('refuses anything else (10003) and needs a login', async () => {
    for (const oddsType of [0, 5, '1', 2.5, null]) {
      expect((await as(t, alice, 'POST', PATH.oddsType, { oddsType })).body.status_code).toBe(
        CODE.validation,
      );
    }
    expect((await t.call({ method: 'GET', url: PATH.oddsType })).body.status_code).toBe(CODE.tokenInvalid);
  });
});

describe('venue credentials (docs/venues.md "Sessions")', () => {
  it('venueSessionOf answers null for malformed, unknown and expired credentials', async () => {
    const r = (await launch(alice, { enName: 'YBDJ', isSure: 1 })).body.data;
    expect(await venueSessionOf(t.db, r.token)).not.toBeNull();
    for (const bad of ['', 'short', 'x'.repeat(129), "'; DROP TABLE venue_sessions; --", 'A'.repeat(43)])
      expect(await venueSessionOf(t.db, bad)).toBeNull();
    const p = await player(t);
    const mine = (await launch(p, { enName: 'YBDJ' })).body.data.token;
    const other = (await launch(p, { enName: 'IMDJ' })).body.data.token;
    expect(await expireSessions(t.db, p.id, 'YBDJ')).toBe(1);
    expect(await venueSessionOf(t.db, mine)).toBeNull();
    expect(await venueSessionOf(t.db, other)).not.toBeNull();
    expect(await expireSessions(t.db, p.id)).toBe(1);
    expect(await venueSessionOf(t.db, other)).toBeNull();
    // Alice's credential is untouched by another member's expiry.
    expect(await venueSessionOf(t.db, r.token)).not.toBeNull();
    // And an expired credential is one whose time ran out, by the database clock.
    await t.db.query(
      `UPDATE venue_sessions SET expires_at = now() - interval '1 millisecond' WHERE token = $1`,
      [r.token],
    );
    expect(await venueSessionOf(t.db, r.token)).toBeNull();
  });
});

describe('operators (npm run ops -- venue …)', () => {
  it('lists the venues with status, playability and game counts', async () => {
    const out = await runOpsCommand(t.db, ['venue', 'list']);
    expect(out.split('\n')).toHaveLength(24);
    expect(out).toMatch(/YBTY\s+TY\s+two\s+open\s+playable\s+no game list\s+OB 体育/);
    expect(out).toMatch(/PGDZ\s+DZ\s+two\s+open\s+playable\s+4 games\s+PG 电子/);
  });

  it('puts a venue under maintenance with or without an end, and back', async () => {
    const until = new Date(Date.now() + 86_400_000);
    expect(await runOpsCommand(t.db, ['venue', 'maintenance', 'IMTY', 'on', until.toISOString()])).toContain(
      'until',
    );
    let v = (await lobby('sport')).data.venues[0];
    expect([v.code, v.status, v.maintenanceUntil]).toEqual(['IMTY', 'maintenance', until.toISOString()]);
    expect((await launch(alice, { enName: 'IMTY', isSure: 1 })).body.status_code).toBe(CODE.maintenanceVenue);
    expect(await runOpsCommand(t.db, ['venue', 'maintenance', 'IMTY', 'on'])).toContain('until switched off');
    expect((await lobby('sport')).data.venues[0].maintenanceUntil).toBeNull();
    expect(await runOpsCommand(t.db, ['venue', 'maintenance', 'IMTY', 'off'])).toBe('IMTY is open');
    v = (await lobby('sport')).data.venues[0];
    expect([v.status, v.maintenanceUntil]).toEqual(['open', null]);
    expect(await runOpsCommand(t.db, ['venue', 'maintenance', 'NOPE', 'on'])).toBe('no venue NOPE');
  });

  it('ends a member’s credentials by phone', async () => {
    const p = await player(t);
    const tok = (await launch(p, { enName: 'LHDJ' })).body.data.token;
    expect(await runOpsCommand(t.db, ['venue', 'expire', p.phone])).toBe(
      `expired 1 venue credential(s) of member ${p.id} ((86)${p.phone})`,
    );
    expect(await venueSessionOf(t.db, tok)).toBeNull();
    expect(await runOpsCommand(t.db, ['venue', 'expire', '13000000999'])).toBe(
      'no member with phone (86)13000000999',
    );
  });

  it('refuses wrong words with the usage', async () => {
    for (const argv of [
      ['venue'],
      ['venue', 'list', 'x'],
      ['venue', 'maintenance', 'IMTY'],
      ['venue', 'maintenance', 'IMTY', 'maybe'],
      ['venue', 'maintenance', 'IMTY', 'on', 'tomorrow'],
      ['venue', 'maintenance', 'IMTY', 'on', '2001-01-01T00:00:00Z'],
      ['venue', 'maintenance', 'IMTY', 'off', '2099-01-01T00:00:00Z'],
      ['venue', 'maintenance', 'I M', 'on'],
      ['venue', 'expire'],
      ['venue', 'expire', 'abc'],
    ]) {
      await expect(runOpsCommand(t.db, argv), argv.join(' ')).rejects.toThrow();
    }
  });
});
