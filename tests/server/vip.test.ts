// The VIP programme (issue 13 §3; docs/vip.md): the measures, the level computation at and around every
// threshold, one level a day, the 90-day keep rule, the rewards paid once (concurrency, retries), the
// withdrawal limits per level, the operator commands. PGlite, and PostgreSQL in server-pg; the ledger's check
// runs after every test.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { decideLevel, recomputeAll, recomputeLevel } from '../../server/modules/vip/levels.ts';
import { claimReward } from '../../server/modules/vip/rewards.ts';
import { vipStatusOf } from '../../server/modules/vip/status.ts';
import { SITE_CONFIG_KEYS, writeSiteConfig } from '../../server/modules/site/config.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { readMemberEvent, STREAM_CHANNEL, type MemberEvent } from '../../server/stream/channels.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { PAYOUT_PATH } from '../../src/protocol/payout.ts';
import { VIP_LEVELS, VIP_PATH } from '../../src/protocol/vip.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;

interface Member {
  id: number;
  token: string;
  phone: string;
}

async function member(opts: { birthday?: string; level?: number; createdAt?: Date } = {}): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const phone = `(86)1381${tag}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level, birthday, created_at)
     VALUES ($1, 'x', $2, $3, $4, $5) RETURNING id`,
    [phone, `VP${tag}`, opts.level ?? 0, opts.birthday ?? null, opts.createdAt ?? new Date()],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  return { id, token, phone };
}

/** A credited deposit of `fen` (a paid order and its ledger credit), at `at`. */
async function deposit(m: Member, fen: number, at: Date = new Date()): Promise<void> {
  const orderId = `D${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
  await transfer(t.db, {
    id: `dep:${orderId}`,
    from: { kind: 'cash_in' },
    to: { memberId: m.id, kind: 'central' },
    amount: fen,
    kind: 'deposit',
  });
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, turnover_multiple, bonus_turnover_multiple,
                                 state, expires_at, provider_tx, transfer_id, created_at, settled_at)
     VALUES ($1, $2, $3, 'bank', $4, 1, 3, 'paid', $5, $6, $7, $5, $5)`,
    [orderId, m.id, `r-${orderId}`, fen, at, `tx-${orderId}`, `dep:${orderId}`],
  );
}

/** A pending (not credited) order: it never counts. */
async function pendingDeposit(m: Member, fen: number): Promise<void> {
  const orderId = `D${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, turnover_multiple, bonus_turnover_multiple, expires_at)
     VALUES ($1, $2, $3, 'bank', $4, 1, 3, now() + interval '15 minutes')`,
    [orderId, m.id, `r-${orderId}`, fen],
  );
}

/** A settled valid bet of `fen` at `at`. */
async function bet(m: Member, fen: number, at: Date = new Date()): Promise<void> {
  await t.db.query(
    'INSERT INTO valid_bets (member_id, venue, bet_id, amount, settled_at) VALUES ($1, $2, $3, $4, $5)',
    [m.id, 'vip-test', randomBytes(8).toString('hex'), fen, at],
  );
}

async function growth(m: Member, fen: number): Promise<void> {
  await t.db.query('INSERT INTO vip_growth (id, member_id, amount, reason) VALUES ($1, $2, $3, $4)', [
    `g-${randomBytes(6).toString('hex')}`,
    m.id,
    fen,
    'mall',
  ]);
}

async function call(m: Member | null, url: string, payload?: unknown) {
  const res = await t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: m ? { [HEADER.token]: m.token } : {},
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('the measures (issue 13 §3)', () => {
  it('counts credited deposits, valid bets and vip_growth; the keep window only valid bets of the last 90 days', async () => {
    const m = await member();
    await deposit(m, 150_000);
    await deposit(m, 50_000);
    await pendingDeposit(m, 900_000);
    await bet(m, 300_000);
    await bet(m, 200_000, new Date(Date.now() - 91 * DAY));
    await growth(m, 70_000);
    const s = await vipStatusOf(t.db, m.id);
    expect(s).toEqual({
      level: 0,
      deposit: 200_000,
      validBet: 570_000,
      // VIP1: ¥1,000 deposit and ¥5,000 valid bet (src/protocol/vip.ts, docs/vip.md).
      next: { level: 1, deposit: 100_000, validBet: 500_000 },
      keep: { validBet: 300_000, required: 0 },
    });
  });

  it('an unknown member reads as VIP0 with nothing counted', async () => {
    const s = await vipStatusOf(t.db, 987_654_321);
    expect(s.level).toBe(0);
    expect(s.deposit).toBe(0);
  });
});

// ---- the table as the issue and docs/vip.md write it (yuan): the oracle, not read from src/protocol/vip.ts ----
// docs/vip.md "The table" (issue 13 §3: thresholds on cumulative deposit AND valid bet, keep over 90 days).
const TABLE: ReadonlyArray<{ deposit: number; bet: number; keep: number; bonus: number }> = [
  { deposit: 0, bet: 0, keep: 0, bonus: 0 },
  { deposit: 1_000, bet: 5_000, keep: 1_000, bonus: 18 },
  { deposit: 5_000, bet: 30_000, keep: 5_000, bonus: 58 },
  { deposit: 20_000, bet: 100_000, keep: 15_000, bonus: 188 },
  { deposit: 50_000, bet: 300_000, keep: 40_000, bonus: 388 },
  { deposit: 100_000, bet: 800_000, keep: 100_000, bonus: 888 },
  { deposit: 300_000, bet: 2_000_000, keep: 250_000, bonus: 1_888 },
  { deposit: 800_000, bet: 5_000_000, keep: 600_000, bonus: 3_888 },
  { deposit: 2_000_000, bet: 12_000_000, keep: 1_500_000, bonus: 8_888 },
  { deposit: 5_000_000, bet: 30_000_000, keep: 4_000_000, bonus: 18_888 },
  { deposit: 10_000_000, bet: 60_000_000, keep: 8_000_000, bonus: 38_888 },
];
const FEN = 100;

describe('the table (docs/vip.md)', () => {
  it('src/protocol/vip.ts holds the documented thresholds, keep requirements and upgrade bonuses', () => {
    expect(
      VIP_LEVELS.map((l) => ({
        deposit: l.depositYuan,
        bet: l.validBetYuan,
        keep: l.keepValidBetYuan,
        bonus: l.upgradeBonusYuan,
      })),
    ).toEqual(TABLE);
  });
});

describe('level computation at and around every threshold (issue 13 §3)', () => {
  for (let level = 1; level <= 10; level++) {
    const row = TABLE[level]!;
    it(`VIP${level - 1} → VIP${level}: exactly at both thresholds; one fen below either is not enough`, async () => {
      const at = await member({ level: level - 1 });
      const lowDeposit = await member({ level: level - 1 });
      const lowBet = await member({ level: level - 1 });
      await deposit(at, row.deposit * FEN);
      await bet(at, row.bet * FEN);
      await deposit(lowDeposit, row.deposit * FEN - 1);
      await bet(lowDeposit, row.bet * FEN);
      await deposit(lowBet, row.deposit * FEN);
      await bet(lowBet, row.bet * FEN - 1);
      expect(await recomputeLevel(t.db, at.id)).toEqual({
        memberId: at.id,
        from: level - 1,
        to: level,
        cause: 'upgrade',
      });
      expect(await recomputeLevel(t.db, lowDeposit.id)).toBeNull();
      expect(await recomputeLevel(t.db, lowBet.id)).toBeNull();
      expect((await vipStatusOf(t.db, at.id)).level).toBe(level);
      expect((await vipStatusOf(t.db, lowDeposit.id)).level).toBe(level - 1);
      expect((await vipStatusOf(t.db, lowBet.id)).level).toBe(level - 1);
    });
  }

  it('vip_growth counts toward the valid-bet threshold (not the keep window)', async () => {
    const m = await member();
    await deposit(m, TABLE[1]!.deposit * FEN);
    await bet(m, TABLE[1]!.bet * FEN - 10_000);
    expect(await recomputeLevel(t.db, m.id)).toBeNull();
    await growth(m, 10_000);
    expect((await recomputeLevel(t.db, m.id))?.to).toBe(1);
    expect((await vipStatusOf(t.db, m.id)).keep.validBet).toBe(TABLE[1]!.bet * FEN - 10_000);
  });

  it('VIP10 is the top: nothing above it', async () => {
    const m = await member({ level: 10 });
    await deposit(m, 99_999_999_00);
    await bet(m, 99_999_999_00);
    expect(await recomputeLevel(t.db, m.id)).toBeNull();
    expect((await vipStatusOf(t.db, m.id)).next).toBeNull();
  });
});

describe('one level a day (issue 13 §3), Asia/Shanghai days', () => {
  it('a member who qualifies for VIP3 rises one level per Shanghai day', async () => {
    // 2026-03-10 23:30 in Shanghai = 15:30 UTC.
    const day1 = new Date('2026-03-10T15:30:00Z');
    const m = await member({ createdAt: new Date('2026-01-01T00:00:00Z') });
    await deposit(m, TABLE[3]!.deposit * FEN, new Date('2026-03-01T00:00:00Z'));
    await bet(m, TABLE[3]!.bet * FEN, new Date('2026-03-02T00:00:00Z'));
    expect((await recomputeLevel(t.db, m.id, day1))?.to).toBe(1);
    expect(await recomputeLevel(t.db, m.id, new Date('2026-03-10T15:59:59Z'))).toBeNull();
    // 00:00 in Shanghai: a new day.
    expect((await recomputeLevel(t.db, m.id, new Date('2026-03-10T16:00:00Z')))?.to).toBe(2);
    expect(await recomputeLevel(t.db, m.id, new Date('2026-03-11T10:00:00Z'))).toBeNull();
    expect((await recomputeLevel(t.db, m.id, new Date('2026-03-12T01:00:00Z')))?.to).toBe(3);
    expect(await recomputeLevel(t.db, m.id, new Date('2026-03-13T01:00:00Z'))).toBeNull();
  });

  it('the scheduled job moves every member who qualifies, once per run and day', async () => {
    const now = new Date();
    const a = await member();
    const b = await member();
    await deposit(a, TABLE[2]!.deposit * FEN);
    await bet(a, TABLE[2]!.bet * FEN);
    await deposit(b, TABLE[1]!.deposit * FEN);
    await bet(b, TABLE[1]!.bet * FEN);
    const first = await recomputeAll(t.db, now);
    expect(first.filter((c) => c.memberId === a.id || c.memberId === b.id)).toHaveLength(2);
    const again = await recomputeAll(t.db, now);
    expect(again.filter((c) => c.memberId === a.id || c.memberId === b.id)).toEqual([]);
  });
});

describe('the keep rule over 90 days (issue 13 §3)', () => {
  const DAY_MS = DAY;
  it('below the keep requirement after 90 days at the level: down one level; at it: kept; within 90 days: kept', async () => {
    const now = new Date('2026-06-01T04:00:00Z');
    const old = new Date(now.getTime() - 200 * DAY_MS);
    const below = await member({ level: 2, createdAt: old });
    const exactly = await member({ level: 2, createdAt: old });
    const recent = await member({ level: 2, createdAt: new Date(now.getTime() - 89 * DAY_MS) });
    for (const m of [below, exactly, recent]) {
      await deposit(m, TABLE[2]!.deposit * FEN, old);
      await bet(m, TABLE[2]!.bet * FEN, old);
    }
    await bet(below, TABLE[2]!.keep * FEN - 1, new Date(now.getTime() - 10 * DAY_MS));
    await bet(exactly, TABLE[2]!.keep * FEN, new Date(now.getTime() - 10 * DAY_MS));
    expect(await recomputeLevel(t.db, below.id, now)).toEqual({
      memberId: below.id,
      from: 2,
      to: 1,
      cause: 'keep',
    });
    expect(await recomputeLevel(t.db, exactly.id, now)).toBeNull();
    expect(await recomputeLevel(t.db, recent.id, now)).toBeNull();
    // The change restarts the clock: no second step down the next day, and no bounce back up (regaining VIP2
    // needs its keep requirement too).
    expect(await recomputeLevel(t.db, below.id, new Date(now.getTime() + DAY_MS))).toBeNull();
    // 90 days later the window holds no bet: VIP1's keep requirement (¥1,000) is not met → VIP0.
    expect(await recomputeLevel(t.db, below.id, new Date(now.getTime() + 89 * DAY_MS))).toBeNull();
    expect((await recomputeLevel(t.db, below.id, new Date(now.getTime() + 90 * DAY_MS)))?.to).toBe(0);
  });

  it('a level lost comes back when its keep requirement is met again within the window', async () => {
    const now = new Date('2026-06-01T04:00:00Z');
    const old = new Date(now.getTime() - 200 * DAY_MS);
    const m = await member({ level: 2, createdAt: old });
    await deposit(m, TABLE[2]!.deposit * FEN, old);
    await bet(m, TABLE[2]!.bet * FEN, old);
    expect((await recomputeLevel(t.db, m.id, now))?.cause).toBe('keep');
    await bet(m, TABLE[2]!.keep * FEN, new Date(now.getTime() + 1_000));
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect(await recomputeLevel(t.db, m.id, tomorrow)).toEqual({
      memberId: m.id,
      from: 1,
      to: 2,
      cause: 'upgrade',
    });
  });

  it('decideLevel: VIP0 is never lowered', () => {
    const since = new Date(0);
    expect(
      decideLevel(
        {
          measures: { level: 0, deposit: 0, validBet: 0, keepValidBet: 0 },
          since,
          upgradesToday: 0,
          highest: 0,
        },
        new Date(),
      ),
    ).toBeNull();
  });
});

describe('level changes reach the member (issue 13 §3: pushed, socket login data)', () => {
  it("an upgrade pushes topic 'vip' with the new level", async () => {
    const events: MemberEvent[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.member, (p) => {
      const e = readMemberEvent(p);
      if (e) events.push(e);
    });
    const m = await member();
    await deposit(m, TABLE[1]!.deposit * FEN);
    await bet(m, TABLE[1]!.bet * FEN);
    await recomputeLevel(t.db, m.id);
    await expect
      .poll(() => events.find((e) => e.memberId === m.id), { timeout: 5_000 })
      .toMatchObject({
        topic: 'vip',
        level: 1,
      });
    await stop();
  });
});

/** A member at VIP1 (reached through the rules, so the upgrade bonus of VIP1 is due). */
async function vip1(opts: { birthday?: string } = {}): Promise<Member> {
  const m = await member(opts);
  await deposit(m, TABLE[1]!.deposit * FEN);
  await bet(m, TABLE[1]!.bet * FEN);
  expect((await recomputeLevel(t.db, m.id))?.to).toBe(1);
  return m;
}

const central = async (m: Member) => (await balanceOf(t.db, { memberId: m.id, kind: 'central' })).available;

function shanghaiNow(): { year: number; month: number } {
  const w = new Date(Date.now() + 8 * 3_600_000);
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1 };
}

describe('rewards, each paid once (issue 13 §3)', () => {
  it('the status lists the upgrade bonus; 200 parallel claims pay it once; repeats answer 31022', async () => {
    const m = await vip1();
    const before = await central(m);
    const status = await call(m, VIP_PATH.status);
    expect(status.status_code).toBe(CODE.success);
    const id = `vip-up:${m.id}:1`;
    expect(status.data.rewards).toEqual([
      {
        id,
        kind: 'upgrade',
        level: 1,
        amount: TABLE[1]!.bonus * FEN,
        period: null,
        state: 'claimable',
        claimedAt: null,
      },
    ]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(m, VIP_PATH.claim, { id })));
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.vipRewardClaimed)).toHaveLength(199);
    for (let i = 0; i < 5; i++)
      expect((await call(m, VIP_PATH.claim, { id })).status_code).toBe(CODE.vipRewardClaimed);
    expect(await central(m)).toBe(before + TABLE[1]!.bonus * FEN);
    const after = await call(m, VIP_PATH.status);
    expect(after.data.rewards[0].state).toBe('claimed');
  });

  it('the same reason pays once even when claimReward is called directly in parallel', async () => {
    const m = await vip1();
    const id = `vip-up:${m.id}:1`;
    const settled = await Promise.allSettled(Array.from({ length: 50 }, () => claimReward(t.db, m.id, id)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const { rows } = await t.db.query('SELECT id FROM ledger_transfers WHERE id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses what is not due (31021): a level not reached, another member, and bad ids (10003)', async () => {
    const m = await vip1();
    const other = await vip1();
    expect((await call(m, VIP_PATH.claim, { id: `vip-up:${m.id}:2` })).status_code).toBe(
      CODE.vipRewardNotDue,
    );
    expect((await call(m, VIP_PATH.claim, { id: `vip-up:${other.id}:1` })).status_code).toBe(
      CODE.vipRewardNotDue,
    );
    expect((await call(m, VIP_PATH.claim, { id: 'vip-up:x:1' })).status_code).toBe(CODE.validation);
    expect((await call(null, VIP_PATH.claim, { id: `vip-up:${m.id}:1` })).status_code).toBe(
      CODE.tokenInvalid,
    );
  });

  it('an operator-set level makes every upgrade bonus up to it due, once each', async () => {
    const m = await member();
    expect(await runOpsCommand(t.db, ['vip', 'set', m.phone, '3', '补发'])).toContain(
      'VIP0 → VIP3 (operator)',
    );
    const s = await call(m, VIP_PATH.status);
    expect(s.data.status.level).toBe(3);
    expect(s.data.rewards.map((r: { id: string }) => r.id)).toEqual(
      [1, 2, 3].map((l) => `vip-up:${m.id}:${l}`),
    );
    for (const l of [1, 2, 3])
      expect((await call(m, VIP_PATH.claim, { id: `vip-up:${m.id}:${l}` })).status_code).toBe(CODE.success);
    expect(await central(m)).toBe((TABLE[1]!.bonus + TABLE[2]!.bonus + TABLE[3]!.bonus) * FEN);
  });

  it('the birthday gift: level ≥ 1, in the birthday month, once a year', async () => {
    const { year, month } = shanghaiNow();
    const other = (month % 12) + 1;
    const m = await vip1({ birthday: `1990-${String(month).padStart(2, '0')}-15` });
    const off = await vip1({ birthday: `1990-${String(other).padStart(2, '0')}-15` });
    const none = await vip1();
    const id = (x: Member) => `vip-bday:${x.id}:${year}`;
    const before = await central(m);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => call(m, VIP_PATH.claim, { id: id(m) })),
    );
    expect(answers.filter((a) => a.status_code === CODE.success)).toHaveLength(1);
    expect(
      answers[0]!.status_code === CODE.success || answers[0]!.status_code === CODE.vipRewardClaimed,
    ).toBe(true);
    // VIP1's birthday gift: ¥18 (docs/vip.md).
    expect(await central(m)).toBe(before + 18 * FEN);
    expect((await call(off, VIP_PATH.claim, { id: id(off) })).status_code).toBe(CODE.vipRewardNotDue);
    expect((await call(none, VIP_PATH.claim, { id: id(none) })).status_code).toBe(CODE.vipRewardNotDue);
    expect((await call(m, VIP_PATH.claim, { id: `vip-bday:${m.id}:${year - 1}` })).status_code).toBe(
      CODE.vipRewardNotDue,
    );
  });

  it('the monthly red packet: level ≥ 1 with a credited deposit last month, once per month', async () => {
    const { year, month } = shanghaiNow();
    const period = `${year}${String(month).padStart(2, '0')}`;
    // The middle of the previous Shanghai month.
    const lastMonth = new Date(Date.UTC(year, month - 2, 15, 4));
    const m = await member();
    await deposit(m, TABLE[1]!.deposit * FEN, lastMonth);
    await bet(m, TABLE[1]!.bet * FEN);
    await recomputeLevel(t.db, m.id);
    const thisMonthOnly = await member();
    await deposit(thisMonthOnly, TABLE[1]!.deposit * FEN);
    await bet(thisMonthOnly, TABLE[1]!.bet * FEN);
    await recomputeLevel(t.db, thisMonthOnly.id);
    const before = await central(m);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => call(m, VIP_PATH.claim, { id: `vip-month:${m.id}:${period}` })),
    );
    expect(answers.filter((a) => a.status_code === CODE.success)).toHaveLength(1);
    // VIP1's monthly red packet: ¥8 (docs/vip.md).
    expect(await central(m)).toBe(before + 8 * FEN);
    expect(
      (await call(thisMonthOnly, VIP_PATH.claim, { id: `vip-month:${thisMonthOnly.id}:${period}` }))
        .status_code,
    ).toBe(CODE.vipRewardNotDue);
  });

  it('the gift record lists the paid gifts by kind and date, paged', async () => {
    const m = await member();
    await runOpsCommand(t.db, ['vip', 'set', m.phone, '4']);
    for (const l of [1, 2, 3, 4]) await call(m, VIP_PATH.claim, { id: `vip-up:${m.id}:${l}` });
    const all = await call(m, VIP_PATH.gifts, {});
    expect(all.data.total).toBe(4);
    expect(all.data.items.map((g: { level: number }) => g.level).sort()).toEqual([1, 2, 3, 4]);
    const page = await call(m, VIP_PATH.gifts, { size: 3, page: 2 });
    expect(page.data.items).toHaveLength(1);
    expect((await call(m, VIP_PATH.gifts, { kind: 'birthday' })).data.total).toBe(0);
    expect((await call(m, VIP_PATH.gifts, { from: '2000-01-01', to: '2000-01-31' })).data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await call(m, VIP_PATH.gifts, { from: today, to: today, kind: 'upgrade' })).data.total).toBe(4);
    expect((await call(m, VIP_PATH.gifts, { from: '2026-02-30' })).status_code).toBe(CODE.validation);
    expect((await call(m, VIP_PATH.gifts, { from: '2026-03-02', to: '2026-03-01' })).status_code).toBe(
      CODE.validation,
    );
  });
});

describe('withdrawal limits per level (issue 13 §3; docs/vip.md)', () => {
  it('VIP0 keeps the site baseline (5 a day, ¥500,000); VIP2 6 a day; VIP5 10 a day and ¥800,000', async () => {
    const v0 = await member();
    const v2 = await member({ level: 2 });
    const v5 = await member({ level: 5 });
    expect((await call(v0, PAYOUT_PATH.withdrawalOptions)).data.limits).toEqual({
      dailyCount: 5,
      dailyAmount: 50_000_000,
    });
    expect((await call(v2, PAYOUT_PATH.withdrawalOptions)).data.limits).toEqual({
      dailyCount: 6,
      dailyAmount: 50_000_000,
    });
    expect((await call(v5, PAYOUT_PATH.withdrawalOptions)).data.limits).toEqual({
      dailyCount: 10,
      dailyAmount: 80_000_000,
    });
    expect((await call(v5, VIP_PATH.status)).data.withdrawal).toEqual({
      perDay: 10,
      amountPerDay: 80_000_000,
    });
  });
});

describe('operator commands (npm run ops -- vip …)', () => {
  it('show, recompute, set, history', async () => {
    const m = await member();
    await deposit(m, TABLE[1]!.deposit * FEN);
    await bet(m, TABLE[1]!.bet * FEN);
    expect(await runOpsCommand(t.db, ['vip', 'show', m.phone])).toContain('VIP0');
    expect(await runOpsCommand(t.db, ['vip', 'recompute', m.phone])).toContain('VIP0 → VIP1 (upgrade)');
    expect(await runOpsCommand(t.db, ['vip', 'recompute', m.phone])).toContain('no change');
    expect(await runOpsCommand(t.db, ['vip', 'set', m.phone, '1'])).toContain('already');
    expect(await runOpsCommand(t.db, ['vip', 'set', m.phone, '0', 'test'])).toContain(
      'VIP1 → VIP0 (operator)',
    );
    const history = await runOpsCommand(t.db, ['vip', 'history', m.phone]);
    expect(history).toContain('operator  test');
    expect(history).toContain('upgrade');
    await expect(runOpsCommand(t.db, ['vip', 'set', m.phone, '11'])).rejects.toThrow();
    expect(await runOpsCommand(t.db, ['vip', 'show', '13999999999'])).toContain('no member');
  });
});

describe('withdrawal limits follow the site configuration at VIP0 (docs/vip.md)', () => {
  it('a lowered baseline binds VIP0; VIP3 still gets its table values (8 a day, ¥300,000)', async () => {
    await writeSiteConfig(t.db, 'withdrawalDailyCount', 3);
    await writeSiteConfig(t.db, 'withdrawalDailyAmountYuan', 2_000);
    try {
      const v0 = await member();
      const v3 = await member({ level: 3 });
      await expect
        .poll(async () => (await call(v0, PAYOUT_PATH.withdrawalOptions)).data.limits)
        .toEqual({ dailyCount: 3, dailyAmount: 200_000 });
      expect((await call(v3, PAYOUT_PATH.withdrawalOptions)).data.limits).toEqual({
        dailyCount: 8,
        dailyAmount: 30_000_000,
      });
    } finally {
      await writeSiteConfig(t.db, 'withdrawalDailyCount', SITE_CONFIG_KEYS.withdrawalDailyCount.default);
      await writeSiteConfig(
        t.db,
        'withdrawalDailyAmountYuan',
        SITE_CONFIG_KEYS.withdrawalDailyAmountYuan.default,
      );
    }
  });
});

describe('withdrawal limits are enforced per level (issue 13 §3 "higher withdrawal count … per day")', () => {
  const PW = '135790';
  /** A cheap scrypt hash in verifyPassword's format (as tests/server/withdrawal.test.ts makes it). */
  const fundHash = (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
    return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  /** A verified member with a fund password, a bank card and ¥10,000 in the central wallet. */
  async function withdrawer(level: number): Promise<{ m: Member; bank: string }> {
    const m = await member({ level });
    await t.db.query(
      `INSERT INTO kyc_verifications (member_id, real_name, id_hash, id_masked) VALUES ($1, '张三', $2, '110***********123X')`,
      [m.id, randomBytes(32).toString('hex')],
    );
    await t.db.query('INSERT INTO fund_passwords (member_id, password_hash) VALUES ($1, $2)', [
      m.id,
      fundHash(PW),
    ]);
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO payout_accounts (member_id, kind, account_full, account_hash, masked, holder, bank_code)
       VALUES ($1, 'bank', $2, $3, '**** 0012', '张三', 'ICBC') RETURNING id::text AS id`,
      [m.id, `6222020${String(m.id).padStart(10, '0')}12`, randomBytes(32).toString('hex')],
    );
    await transfer(t.db, {
      id: `vip-wd-seed-${m.id}`,
      from: { kind: 'cash_in' },
      to: { memberId: m.id, kind: 'central' },
      amount: 1_000_000,
      kind: 'deposit',
    });
    return { m, bank: rows[0]!.id };
  }
  const withdraw = (w: { m: Member; bank: string }) =>
    call(w.m, PAYOUT_PATH.withdrawalCreate, {
      requestId: `vip-wd-${randomBytes(8).toString('hex')}`,
      accountId: w.bank,
      amount: 10_000,
      fundPassword: PW,
    });

  it('VIP0: 5 a day (the site baseline); VIP2: 6 a day (docs/vip.md); the next one answers 30051', async () => {
    const v0 = await withdrawer(0);
    const v2 = await withdrawer(2);
    for (let i = 0; i < 5; i++) expect((await withdraw(v0)).status_code).toBe(CODE.success);
    expect((await withdraw(v0)).status_code).toBe(CODE.withdrawalDailyLimit);
    for (let i = 0; i < 6; i++) expect((await withdraw(v2)).status_code).toBe(CODE.success);
    const seventh = await withdraw(v2);
    expect(seventh.status_code).toBe(CODE.withdrawalDailyLimit);
    expect(seventh.message).toBe('今日提现次数已达上限（6 次），请明日再试');
  });
});
