// The home page's showcase on the server (issue 19 §2; docs/home.md): the hot games in the operator's order, each
// with the art the site ships and the venue a tap launches; the recent wins of real settled bets (masked phone,
// game, amount won; newest first, limited); the platform count of every category, 捕鱼 (BY) included; the
// operator's `hot list|set|move|reset`. PGlite, and PostgreSQL in server-pg.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpsUsageError, runOpsCommand } from '../../server/ops/commands.ts';
import type { TestApp } from '../support/test-app.ts';
import { venueApp } from './venue-helpers.ts';

/** issue 19 §2: the paths, in a signature group of spec §7 (/game/api). */
const HOT = '/game/api/v1/home/hotGames';
const WINS = '/game/api/v1/home/recentWins';
const COUNT = '/game/api/v1/venue/platformCount';
/** docs/home.md: the ticker's limit and the art's size. */
const WINS_MAX = 10;
const ART = { width: 320, height: 240 };

/** Every sandbox game (src/protocol/games.ts, written out here) and the sports / e-sports tiles, default order. */
const DEFAULT_ORDER: Array<[code: string, name: string, lobby: string, venue: string, game: string | null]> =
  [
    ['fortune-god', '财神到', 'egame', 'PGDZ', 'fortune-god'],
    ['golden-dragon', '金龙献瑞', 'egame', 'PGDZ', 'golden-dragon'],
    ['fruit-party', '水果派对', 'egame', 'PGDZ', 'fruit-party'],
    ['gem-rush', '宝石狂潮', 'egame', 'PGDZ', 'gem-rush'],
    ['bull-bull', '抢庄牛牛', 'chess', 'KYQP', 'bull-bull'],
    ['blackjack', '二十一点', 'chess', 'KYQP', 'blackjack'],
    ['fish-tycoon', '捕鱼大亨', 'fishing', 'JDBBY', 'fish-tycoon'],
    ['deep-sea', '深海捕鱼', 'fishing', 'JDBBY', 'deep-sea'],
    ['golden-toad', '金蟾捕鱼', 'fishing', 'JDBBY', 'golden-toad'],
    ['baccarat-1', '百家乐 1 号桌', 'realbet', 'AGZR', null],
    ['baccarat-2', '百家乐 2 号桌', 'realbet', 'AGZR', null],
    ['dragon-tiger-1', '龙虎 1 号桌', 'realbet', 'AGZR', null],
    ['k3', '极速快三', 'lottery', 'SYCP', null],
    ['ssc', '五分时时彩', 'lottery', 'SYCP', null],
    ['sport', '体育赛事', 'sport', 'IMTY', null],
    ['esport', '电竞赛事', 'gaming', 'IMDJ', null],
  ];
const CODES = DEFAULT_ORDER.map(([code]) => code);

let t: TestApp;
const get = async (url: string) => {
  const res = await t.call({ method: 'GET', url });
  expect(res.status).toBe(200);
  expect(res.body.status_code).toBe(6000);
  return res.body.data;
};
const hot = async (): Promise<string[]> =>
  ((await get(HOT)).games as Array<{ code: string }>).map((g) => g.code);
const ops = (...argv: string[]) => runOpsCommand(t.db, argv);

beforeAll(async () => {
  t = await venueApp();
});
afterAll(async () => {
  await t.close();
});

describe('the platform count (issue 19 §2: a count on every category tile)', () => {
  it('counts 捕鱼 (BY) with the other six categories of the demo catalogue', async () => {
    expect(await get(COUNT)).toEqual({ TY: 4, DZ: 5, DJ: 3, ZR: 3, CP: 2, QP: 4, BY: 2 });
  });
});

describe('the hot games (issue 19 §2)', () => {
  beforeEach(async () => {
    await ops('hot', 'reset');
  });

  it('offers every sandbox game with its own art, launched at the first open venue that has it', async () => {
    const { games } = await get(HOT);
    expect(games.map((g: any) => [g.code, g.name, g.lobby, g.venue, g.game])).toEqual(DEFAULT_ORDER);
    for (const g of games) {
      expect(g).toMatchObject({ image: `/media/games/${g.code}.webp`, ...ART });
      // The site ships the picture (never hot-linked): a WebP file in public/.
      const file = new URL(`../../public${g.image}`, import.meta.url);
      expect(existsSync(file), g.image).toBe(true);
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('launches at the next open venue while the first is in maintenance, and leaves out what none offers', async () => {
    await ops('venue', 'maintenance', 'PGDZ', 'on');
    for (const code of ['AGZR', 'DGZR', 'EBZR']) await ops('venue', 'maintenance', code, 'on');
    try {
      const { games } = await get(HOT);
      expect(games.find((g: any) => g.code === 'fortune-god').venue).toBe('JDBDZ');
      expect(games.map((g: any) => g.code)).toEqual(CODES.filter((c) => !/^(baccarat|dragon)/.test(c)));
      expect(await ops('hot', 'list')).toMatch(/baccarat-1\s+ZR\s+\(no open venue: not shown\)/);
    } finally {
      for (const code of ['PGDZ', 'AGZR', 'DGZR', 'EBZR']) await ops('venue', 'maintenance', code, 'off');
    }
  });

  it('follows the order the operator sets, moves one game, and goes back to the default', async () => {
    expect(await ops('hot', 'list')).toMatch(/^hot games \(the default order\):\n 1\. {2}fortune-god/);
    const set = await ops('hot', 'set', 'k3,blackjack,deep-sea,sport');
    expect(set).toMatch(/the operator's order/);
    expect(set).toMatch(/not on the list: fortune-god, golden-dragon/);
    expect(await hot()).toEqual(['k3', 'blackjack', 'deep-sea', 'sport']);

    await ops('hot', 'move', 'sport', '1');
    expect(await hot()).toEqual(['sport', 'k3', 'blackjack', 'deep-sea']);
    await ops('hot', 'move', 'k3', '4');
    expect(await hot()).toEqual(['sport', 'blackjack', 'deep-sea', 'k3']);
    // A game not on the list joins it at the place given.
    await ops('hot', 'move', 'gem-rush', '2');
    expect(await hot()).toEqual(['sport', 'gem-rush', 'blackjack', 'deep-sea', 'k3']);

    const { rows } = await t.db.query('SELECT position, code FROM showcase_hot ORDER BY position');
    expect(rows).toEqual([
      { position: 1, code: 'sport' },
      { position: 2, code: 'gem-rush' },
      { position: 3, code: 'blackjack' },
      { position: 4, code: 'deep-sea' },
      { position: 5, code: 'k3' },
    ]);
    await ops('hot', 'reset');
    expect(await hot()).toEqual(CODES);
    // From the default order, a move keeps every game.
    await ops('hot', 'move', 'esport', '1');
    expect(await hot()).toEqual(['esport', ...CODES.filter((c) => c !== 'esport')]);
  });

  it.each([
    [['hot']],
    [['hot', 'shuffle']],
    [['hot', 'set']],
    [['hot', 'set', 'k3,,ssc']],
    [['hot', 'set', 'k3', 'ssc']],
    [['hot', 'set', 'k3,no-such-game']],
    [['hot', 'set', 'k3,ssc,k3']],
    [['hot', 'move', 'k3']],
    [['hot', 'move', 'k3', 'first']],
    [['hot', 'move', 'k3', '0']],
    [['hot', 'move', 'k3', '17']],
    [['hot', 'move', 'nope', '1']],
    [['hot', 'list', 'extra']],
  ])('refuses %j with a usage error and changes nothing', async (argv) => {
    await ops('hot', 'set', 'ssc,k3');
    await expect(runOpsCommand(t.db, argv)).rejects.toBeInstanceOf(OpsUsageError);
    expect(await hot()).toEqual(['ssc', 'k3']);
  });
});

describe('the recent wins (issue 19 §2: real settled bets)', () => {
  let seq = 0;
  const member = async (phone: string) => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
      [`(86)${phone}`, `H${phone.slice(-7)}`],
    );
    return Number(rows[0]!.id);
  };
  /** A bet as the venues write it, settled `minutesAgo` minutes ago (null: still open). */
  const bet = async (
    memberId: number,
    b: {
      venue: string;
      game: string;
      stake: number;
      payout: number;
      status: string;
      minutesAgo: number | null;
    },
  ) => {
    seq += 1;
    await t.db.query(
      `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, stake, payout, status, placed_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, 'p', 'q', $6, $7, $8, now() - interval '2 hours',
               CASE WHEN $9::int IS NULL THEN NULL ELSE now() - make_interval(mins => $9::int) END)`,
      [`SHOW${seq}`, memberId, b.venue, `r-${seq}`, b.game, b.stake, b.payout, b.status, b.minutesAgo],
    );
  };

  it('shows the newest winning bets first, at most 10: masked phone, game name, payout − stake', async () => {
    expect((await get(WINS)).wins).toEqual([]);
    const a = await member('13712352001');
    const b = await member('13712352002');
    await bet(a, {
      venue: 'PGDZ',
      game: 'fortune-god',
      stake: 200,
      payout: 1_200,
      status: 'won',
      minutesAgo: 5,
    });
    await bet(b, { venue: 'SYCP', game: 'k3', stake: 1_000, payout: 1_960, status: 'won', minutesAgo: 3 });
    await bet(a, {
      venue: 'IMTY',
      game: '曼联 vs 切尔西',
      stake: 500,
      payout: 975,
      status: 'won',
      minutesAgo: 1,
    });
    // Not wins: lost, a push, half won, still open, a "win" that paid back no more than the stake.
    await bet(b, { venue: 'PGDZ', game: 'gem-rush', stake: 200, payout: 0, status: 'lost', minutesAgo: 0 });
    await bet(b, {
      venue: 'KYQP',
      game: 'blackjack',
      stake: 200,
      payout: 200,
      status: 'push',
      minutesAgo: 0,
    });
    await bet(b, {
      venue: 'IMTY',
      game: 'x vs y',
      stake: 200,
      payout: 290,
      status: 'half_won',
      minutesAgo: 0,
    });
    await bet(b, {
      venue: 'AGZR',
      game: 'baccarat-1',
      stake: 200,
      payout: 0,
      status: 'open',
      minutesAgo: null,
    });
    await bet(b, {
      venue: 'PGDZ',
      game: 'fruit-party',
      stake: 200,
      payout: 200,
      status: 'won',
      minutesAgo: 0,
    });

    const { wins } = await get(WINS);
    expect(wins.map(({ id: _, settledAt: __, ...w }: any) => w)).toEqual([
      { player: '13**01', game: '曼联 vs 切尔西', amount: 475 },
      { player: '13**02', game: '极速快三', amount: 960 },
      { player: '13**01', game: '财神到', amount: 1_000 },
    ]);
    const times = wins.map((w: any) => Date.parse(w.settledAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // The phone never travels whole.
    const raw = JSON.stringify((await t.call({ method: 'GET', url: WINS })).body);
    expect(raw).not.toMatch(/1371235200[12]/);

    for (let i = 0; i < 12; i++)
      await bet(b, {
        venue: 'PGDZ',
        game: 'gem-rush',
        stake: 100,
        payout: 200 + i,
        status: 'won',
        minutesAgo: 0,
      });
    const newest = (await get(WINS)).wins;
    expect(newest).toHaveLength(WINS_MAX);
    expect(newest.map((w: any) => w.amount)).toEqual([111, 110, 109, 108, 107, 106, 105, 104, 103, 102]);
  });
});
