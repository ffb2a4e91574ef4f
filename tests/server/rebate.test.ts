// Rebate (返水, issue 13 §4; docs/rebate.md): amounts per category and level, rounding (floor to the fen), the
// minimum (31041) and the daily cap (31042), claimed once (200 parallel claims, one requestId many times), the
// end-of-day job (pays once, never twice, never with a claim racing it), history, the push, the timer, the
// operator commands. PGlite, and PostgreSQL in server-pg; the ledger's and the rebates' checks after every test.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, checkLedger } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import {
  checkRebates,
  dayBefore,
  payDue,
  shanghaiDay,
  shanghaiDayStart,
} from '../../server/modules/rebate/rebate.ts';
import { rebateModule, rebateSweepMsFromEnv } from '../../server/modules/rebate/routes.ts';
import { recordValidBet } from '../../server/modules/withdrawal/audit.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { readMemberEvent, STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { REBATE_PATH } from '../../src/protocol/rebate.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;

interface Member {
  id: number;
  token: string;
  phone: string;
}

// One venue per category (venues.platform, issue 13 §4: TY, DZ, DJ, ZR, CP, QP, fishing BY).
const VENUE = { TY: 'RBTY', DZ: 'RBDZ', DJ: 'RBDJ', ZR: 'RBZR', CP: 'RBCP', QP: 'RBQP', BY: 'RBBY' } as const;
type Cat = keyof typeof VENUE;

async function member(level = 0): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const phone = `(86)1381${tag}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level) VALUES ($1, 'x', $2, $3) RETURNING id`,
    [phone, `RB${tag}`, level],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  return { id, token, phone };
}

let betSeq = 0;
const bet = (m: Member, cat: Cat, amount: number, settledAt?: Date) =>
  recordValidBet(t.db, {
    memberId: m.id,
    venue: VENUE[cat],
    betId: `rb-${process.pid}-${++betSeq}`,
    amount,
    ...(settledAt ? { settledAt } : {}),
  });

async function call(m: Member, url: string, payload?: unknown) {
  const res = await t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { [HEADER.token]: m.token },
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

const rid = () => `rb-${randomBytes(8).toString('hex')}`;
const summary = (m: Member) => call(m, REBATE_PATH.summary);
const claim = (m: Member, requestId = rid()) => call(m, REBATE_PATH.claim, { requestId });
const central = async (m: Member) => (await balanceOf(t.db, { memberId: m.id, kind: 'central' })).balance;
const linesOf = (body: {
  data: { lines: { platform: string; validBet: number; rateBp: number; amount: number }[] };
}) => Object.fromEntries(body.data.lines.map((l) => [l.platform, [l.validBet, l.rateBp, l.amount]]));

/** Yesterday (Asia/Shanghai), an hour before today started. */
const yesterday = () => new Date(shanghaiDayStart(shanghaiDay(new Date())).getTime() - 3600_000);

beforeAll(async () => {
  t = await createTestApp();
  for (const [platform, code] of Object.entries(VENUE))
    await t.db.query(
      `INSERT INTO venues (code, platform, name, provider) VALUES ($1, $2, $3, 'one') ON CONFLICT (code) DO NOTHING`,
      [code, platform, `返水测试 ${platform}`],
    );
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
  expect((await checkRebates(t.db)).problems).toEqual([]);
});

describe('what is claimable (issue 13 §4: per category valid bet, rate, amount)', () => {
  it('needs a token (10004)', async () => {
    const res = await t.call({ method: 'GET', url: REBATE_PATH.summary });
    expect(res.body.status_code).toBe(CODE.tokenInvalid);
  });

  it('every category at VIP0 rates (docs/vip.md table: TY 30, DZ 40, DJ 30, ZR 30, CP 20, QP 30, BY 40 bp)', async () => {
    const m = await member(0);
    for (const cat of Object.keys(VENUE) as Cat[]) await bet(m, cat, 1_000_000); // ¥10,000 each
    const body = await summary(m);
    expect(body.status_code).toBe(CODE.success);
    expect(linesOf(body)).toEqual({
      TY: [1_000_000, 30, 3_000],
      DZ: [1_000_000, 40, 4_000],
      DJ: [1_000_000, 30, 3_000],
      ZR: [1_000_000, 30, 3_000],
      CP: [1_000_000, 20, 2_000],
      QP: [1_000_000, 30, 3_000],
      BY: [1_000_000, 40, 4_000],
    });
    expect(body.data).toMatchObject({
      level: 0,
      total: 22_000,
      minimum: 100, // REBATE_MIN_CLAIM_YUAN ¥1
      cap: 50_000, // VIP0 rebateDailyCapYuan ¥500
      paidToday: 0,
      capLeft: 50_000,
      payable: 22_000,
    });
  });

  it('at the level now: VIP5 (TY 55, DZ 70 bp) and VIP10 (TY 80, BY 120 bp)', async () => {
    const m5 = await member(5);
    await bet(m5, 'TY', 200_000);
    await bet(m5, 'DZ', 200_000);
    expect(linesOf(await summary(m5))).toMatchObject({ TY: [200_000, 55, 1_100], DZ: [200_000, 70, 1_400] });
    const m10 = await member(10);
    await bet(m10, 'TY', 200_000);
    await bet(m10, 'BY', 200_000);
    const s10 = await summary(m10);
    expect(linesOf(s10)).toMatchObject({ TY: [200_000, 80, 1_600], BY: [200_000, 120, 2_400] });
    expect(s10.data.cap).toBe(100_000_000); // VIP10 ¥1,000,000
    // a level change applies to what is not paid yet
    await t.db.query('UPDATE members SET vip_level = 1 WHERE id = $1', [m5.id]);
    expect(linesOf(await summary(m5))).toMatchObject({ TY: [200_000, 35, 700], DZ: [200_000, 45, 900] });
  });

  it('rounds down to the fen per category, on the category sum (docs/rebate.md "Rounding")', async () => {
    const m = await member(0);
    await bet(m, 'TY', 1_666); // 1 666 + 1 667 = 3 333 fen × 30 bp = 9.999 → 9
    await bet(m, 'TY', 1_667);
    await bet(m, 'CP', 333); // 333 × 20 bp = 0.666 → 0
    await bet(m, 'DZ', 30_024); // 30 024 × 40 bp = 120.096 → 120
    const s = await summary(m);
    expect(linesOf(s)).toMatchObject({ TY: [3_333, 30, 9], CP: [333, 20, 0], DZ: [30_024, 40, 120] });
    expect(s.data.total).toBe(129);
    const paid = await claim(m);
    expect(paid.status_code).toBe(CODE.success);
    expect(paid.data).toMatchObject({ source: 'claim', amount: 129, computed: 129, validBet: 33_690 });
    expect(await central(m)).toBe(129);
  });
});

describe('claiming (issue 13 §4: credits once, a minimum and a daily cap)', () => {
  it('pays from promotions to the central wallet (kind rebate) and marks the bets: nothing is left', async () => {
    const m = await member(0);
    await bet(m, 'ZR', 500_000); // 1 500 fen
    const before = (await balanceOf(t.db, { kind: 'promotions' })).balance;
    const paid = await claim(m);
    expect(paid.data).toMatchObject({ amount: 1_500, level: 0, source: 'claim' });
    expect(paid.data.lines).toEqual([{ platform: 'ZR', validBet: 500_000, rateBp: 30, amount: 1_500 }]);
    expect(await central(m)).toBe(1_500);
    expect((await balanceOf(t.db, { kind: 'promotions' })).balance).toBe(before - 1_500);
    const { rows } = await t.db.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE id = $1', [
      paid.data.id,
    ]);
    expect(rows[0]?.kind).toBe('rebate');
    const s = await summary(m);
    expect(s.data).toMatchObject({ total: 0, paidToday: 1_500, capLeft: 48_500, payable: 0 });
    const again = await claim(m);
    expect(again.status_code).toBe(CODE.rebateNothing);
    expect(again.message).toBe('暂无可领取的返水');
  });

  it('refuses less than the minimum ¥1 (31041) and pays once it is reached', async () => {
    const m = await member(0);
    await bet(m, 'TY', 33_000); // 99 fen
    const s = await summary(m);
    expect(s.data).toMatchObject({ total: 99, payable: 0 });
    const refused = await claim(m);
    expect(refused.status_code).toBe(CODE.rebateNothing);
    expect(refused.message).toContain('¥1.00');
    expect(await central(m)).toBe(0);
    await bet(m, 'TY', 334); // 33 334 × 30 bp = 100.002 → 100
    expect((await claim(m)).data.amount).toBe(100);
  });

  it('caps a day at the level cap (VIP0 ¥500): the rest of that payment is forfeited, then 31042', async () => {
    const m = await member(0);
    await bet(m, 'DZ', 15_000_000); // 15 000 000 × 40 bp = 60 000 fen > 50 000
    const s = await summary(m);
    expect(s.data).toMatchObject({ total: 60_000, payable: 50_000 });
    const paid = await claim(m);
    expect(paid.data).toMatchObject({ computed: 60_000, amount: 50_000 });
    await bet(m, 'DZ', 1_000_000);
    expect((await summary(m)).data).toMatchObject({ total: 4_000, capLeft: 0, payable: 0 });
    const capped = await claim(m);
    expect(capped.status_code).toBe(CODE.rebateCapReached);
    expect(capped.message).toContain('¥500.00');
    expect(await central(m)).toBe(50_000);
  });

  it('200 parallel claims pay once; the others answer 31041', async () => {
    const m = await member(3);
    for (let i = 0; i < 20; i += 1) await bet(m, 'QP', 10_000 + i); // Σ 200 190 × 45 bp = 900.855 → 900
    const answers = await Promise.all(Array.from({ length: 200 }, () => claim(m)));
    const ok = answers.filter((a) => a.status_code === CODE.success);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.data.amount).toBe(900);
    expect(answers.filter((a) => a.status_code === CODE.rebateNothing)).toHaveLength(199);
    expect(await central(m)).toBe(900);
    const links = await t.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM rebate_bets b JOIN valid_bets v ON v.id = b.valid_bet_id WHERE v.member_id = $1',
      [m.id],
    );
    expect(Number(links.rows[0]!.n)).toBe(20);
  });

  it('the same requestId many times (in parallel and after) answers the same payment, paid once', async () => {
    const m = await member(0);
    await bet(m, 'BY', 100_000); // 400 fen
    const id = rid();
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(m, id)));
    expect(new Set(answers.map((a) => a.status_code))).toEqual(new Set([CODE.success]));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    await bet(m, 'BY', 100_000);
    const later = await claim(m, id);
    expect(later.data).toEqual(answers[0]!.data);
    expect(await central(m)).toBe(400);
  });

  it('refuses a bad requestId (10003)', async () => {
    const m = await member(0);
    expect((await call(m, REBATE_PATH.claim, { requestId: 'x' })).status_code).toBe(CODE.validation);
    expect((await call(m, REBATE_PATH.claim, {})).status_code).toBe(CODE.validation);
  });

  it('pushes topic rebate to the member after a payment (msgId 20006)', async () => {
    const m = await member(0);
    await bet(m, 'TY', 100_000);
    const seen: unknown[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.member, (p) => {
      const e = readMemberEvent(p);
      if (e?.memberId === m.id) seen.push(e.topic);
    });
    await claim(m);
    await expect.poll(() => seen, { timeout: 3000 }).toEqual(['rebate']);
    await stop();
  });
});

describe('the end-of-day job (issue 13 §4: pays unclaimed rebate at the end of the day)', () => {
  it('pays the bets of the day that ended, once; today’s bets wait', async () => {
    const m = await member(0);
    await bet(m, 'TY', 100_000, yesterday()); // 300 fen
    await bet(m, 'DZ', 100_000); // today: 400 fen, not due yet
    const first = await payDue(t.db);
    const mine = first.paid.filter((p) => p.id.includes(`:${m.id}:`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ source: 'auto', amount: 300, id: `rebate-auto:${m.id}:${first.day}` });
    expect(first.day).toBe(dayBefore(shanghaiDay(new Date())));
    const second = await payDue(t.db);
    expect(second.paid.filter((p) => p.id.includes(`:${m.id}:`))).toHaveLength(0);
    expect(await central(m)).toBe(300);
    expect((await summary(m)).data.total).toBe(400);
    const h = await call(m, REBATE_PATH.history, {});
    expect(h.data.items.map((p: { source: string }) => p.source)).toEqual(['auto']);
  });

  it('a day’s end: run with the clock of tomorrow, today’s bets are paid too (and counted on today’s cap)', async () => {
    const m = await member(0);
    await bet(m, 'DJ', 200_000); // 600 fen
    const tomorrow = new Date(shanghaiDayStart(shanghaiDay(new Date())).getTime() + 24 * 3600_000 + 60_000);
    const out = await payDue(t.db, tomorrow);
    expect(out.day).toBe(shanghaiDay(new Date()));
    expect(out.paid.find((p) => p.id.includes(`:${m.id}:`))?.amount).toBe(600);
    expect((await summary(m)).data).toMatchObject({ paidToday: 600, total: 0 });
  });

  it('keeps amounts below the minimum for later', async () => {
    const m = await member(0);
    await bet(m, 'CP', 10_000, yesterday()); // 20 fen
    await payDue(t.db);
    expect(await central(m)).toBe(0);
    expect((await summary(m)).data.total).toBe(20);
  });

  it('a claim racing the job: the rebate is paid once (20 rounds)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const m = await member(0);
      await bet(m, 'ZR', 100_000, yesterday()); // 300 fen
      const [c] = await Promise.all([claim(m), payDue(t.db), payDue(t.db)]);
      expect([CODE.success, CODE.rebateNothing]).toContain(c.status_code);
      expect(await central(m)).toBe(300);
      const n = await t.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM rebate_payments WHERE member_id = $1',
        [m.id],
      );
      expect(Number(n.rows[0]!.n)).toBe(1);
    }
  });

  it('the plugin’s timer runs the job and stops on close; off under the test runner by default', async () => {
    expect(rebateSweepMsFromEnv({ VITEST: 'true' })).toBe(0);
    expect(rebateSweepMsFromEnv({})).toBe(60_000);
    expect(rebateSweepMsFromEnv({ REBATE_SWEEP_MS: '250' })).toBe(250);
    const m = await member(0);
    await bet(m, 'QP', 100_000, yesterday()); // 300 fen
    const app = Fastify();
    await app.register(rebateModule, { db: t.db, sweepMs: 20 });
    await app.ready();
    await expect.poll(() => central(m), { timeout: 5000 }).toBe(300);
    await app.close();
  });
});

describe('history (issue 13 §4: period, valid bet, rate, amount, status)', () => {
  it('newest first, paged, filtered by day', async () => {
    const m = await member(0);
    await bet(m, 'TY', 100_000, yesterday());
    await payDue(t.db);
    for (let i = 0; i < 3; i += 1) {
      await bet(m, 'DZ', 100_000);
      expect((await claim(m)).status_code).toBe(CODE.success);
    }
    const all = await call(m, REBATE_PATH.history, { page: 1, size: 2 });
    expect(all.data.total).toBe(4);
    expect(all.data.items).toHaveLength(2);
    expect(all.data.items[0]).toMatchObject({ source: 'claim', amount: 400, validBet: 100_000 });
    const last = await call(m, REBATE_PATH.history, { page: 2, size: 2 });
    expect(last.data.items.map((p: { source: string }) => p.source)).toEqual(['claim', 'auto']);
    const today = shanghaiDay(new Date());
    const filtered = await call(m, REBATE_PATH.history, { from: today, to: today });
    expect(filtered.data.total).toBe(4); // the job's payment was made today too
    const none = await call(m, REBATE_PATH.history, { from: '2020-01-01', to: '2020-01-31' });
    expect(none.data).toMatchObject({ total: 0, items: [] });
    expect((await call(m, REBATE_PATH.history, { from: '2020-13-01' })).status_code).toBe(CODE.validation);
    const p = all.data.items[0];
    expect(new Date(p.periodFrom).getTime()).toBeLessThanOrEqual(new Date(p.periodTo).getTime());
  });
});

describe('operator commands', () => {
  it('rebate show, rebate pay-due, and the usage', async () => {
    const m = await member(2);
    await bet(m, 'TY', 100_000); // 400 fen at VIP2 40 bp
    const shown = await runOpsCommand(t.db, ['rebate', 'show', m.phone]);
    expect(shown).toContain('VIP2');
    expect(shown).toContain('claimable 4.00');
    const due = await runOpsCommand(t.db, ['rebate', 'pay-due']);
    expect(due).toMatch(/end-of-day rebate for \d{4}-\d{2}-\d{2}/);
    await expect(runOpsCommand(t.db, ['rebate', 'nonsense'])).rejects.toThrow(/rebate show/);
  });
});
