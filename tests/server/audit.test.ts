// The turnover audit as the player reads it (issue 13 §5; docs/rebate.md "The audit"): every requirement with its
// multiple, required and counted valid bet, met or not; the total missing; the deduction a withdrawal would cost;
// the detail of one requirement (which bets counted, when, paged; 31043). Progress comes from real settled bets
// (recordValidBet) and credited deposits; the rows always agree with the withdrawal module's auditOf.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { readSiteConfig, SITE_CONFIG_KEYS, writeSiteConfig } from '../../server/modules/site/config.ts';
import { auditOf, recordValidBet } from '../../server/modules/withdrawal/audit.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
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

/** A member with a session and `fen` credited to the central wallet (a balance above the audit's reset line). */
async function member(fen = 500_000): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const phone = `(86)1391${tag}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
    [phone, `AU${tag}`],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  if (fen > 0)
    await transfer(t.db, {
      id: `au-seed-${id}`,
      from: { kind: 'cash_in' },
      to: { memberId: id, kind: 'central' },
      amount: fen,
      kind: 'deposit',
    });
  return { id, token, phone };
}

/**
 * A credited deposit and its turnover requirement, as the deposit module writes them (migration 007):
 * required = amount × multiple + bonus × bonus multiple.
 */
async function deposit(
  m: Member,
  amount: number,
  bonus = 0,
  multiple = 1,
  bonusMultiple = 3,
): Promise<string> {
  const id = `D${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, bonus, turnover_multiple, bonus_turnover_multiple, expires_at)
     VALUES ($1, $2, $3, 'bank', $4, $5, $6, $7, now() + interval '15 minutes')`,
    [id, m.id, `au-${randomBytes(6).toString('hex')}`, amount, bonus, multiple, bonusMultiple],
  );
  await t.db.query('INSERT INTO deposit_turnover (order_id, member_id, required) VALUES ($1, $2, $3)', [
    id,
    m.id,
    amount * multiple + bonus * bonusMultiple,
  ]);
  // distinct created_at: the requirements' order is the order they were credited
  await new Promise((r) => setTimeout(r, 5));
  return id;
}

let betSeq = 0;
const bet = (m: Member, amount: number) =>
  recordValidBet(t.db, { memberId: m.id, venue: 'IMTY', betId: `au-${process.pid}-${++betSeq}`, amount });

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

const audit = (m: Member) => call(m, REBATE_PATH.audit);
const detail = (m: Member, id: string, page = 1, size = 10) =>
  call(m, REBATE_PATH.auditDetail, { id, page, size });

/** The rows agree with the withdrawal module's auditOf: Σ required, Σ counted = min(done, required), outstanding. */
async function expectAgreement(m: Member) {
  const view = (await audit(m)).data;
  const a = await auditOf(t.db, m.id, await readSiteConfig(t.db));
  const rows = view.items as { required: number; counted: number }[];
  expect(view).toMatchObject({ required: a.required, done: a.done, outstanding: a.outstanding });
  expect(rows.reduce((s, r) => s + r.required, 0)).toBe(a.required);
  expect(rows.reduce((s, r) => s + r.counted, 0)).toBe(Math.min(a.done, a.required));
  expect(a.required - rows.reduce((s, r) => s + r.counted, 0)).toBe(a.outstanding);
  return view;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(
    `INSERT INTO venues (code, platform, name, provider) VALUES ('IMTY', 'TY', 'IM 体育', 'one') ON CONFLICT (code) DO NOTHING`,
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  for (const key of [
    'withdrawalAuditPolicy',
    'withdrawalDeductionBp',
    'withdrawalAuditResetBelowFen',
  ] as const)
    await writeSiteConfig(t.db, key, SITE_CONFIG_KEYS[key].default);
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('/mine/audit (issue 13 §5)', () => {
  it('needs a token (10004); nothing required: no rows, nothing missing', async () => {
    const res = await t.call({ method: 'GET', url: REBATE_PATH.audit });
    expect(res.body.status_code).toBe(CODE.tokenInvalid);
    const m = await member();
    const view = await expectAgreement(m);
    expect(view).toMatchObject({
      items: [],
      required: 0,
      done: 0,
      outstanding: 0,
      deduction: 0,
      policy: 'refuse',
    });
  });

  it('each requirement with its multiple, required and counted, oldest first; progress from settled bets', async () => {
    const m = await member();
    const a = await deposit(m, 100_000, 1_000); // ¥1,000 × 1 + bonus ¥10 × 3 = 103 000 fen
    const b = await deposit(m, 50_000, 0, 2); // ¥500 × 2 = 100 000 fen
    let view = await expectAgreement(m);
    expect(view.items).toEqual([
      expect.objectContaining({
        id: a,
        kind: 'deposit',
        amount: 100_000,
        multiple: 1,
        bonus: 1_000,
        bonusMultiple: 3,
        required: 103_000,
        counted: 0,
        met: false,
      }),
      expect.objectContaining({
        id: b,
        amount: 50_000,
        multiple: 2,
        bonus: 0,
        required: 100_000,
        counted: 0,
        met: false,
      }),
    ]);
    expect(view.outstanding).toBe(203_000);

    await bet(m, 60_000);
    await bet(m, 60_000); // 120 000: the first met, 17 000 toward the second
    view = await expectAgreement(m);
    expect(view.items.map((r: { counted: number; met: boolean }) => [r.counted, r.met])).toEqual([
      [103_000, true],
      [17_000, false],
    ]);
    expect(view).toMatchObject({ done: 120_000, outstanding: 83_000 });

    await bet(m, 100_000); // 220 000 ≥ 203 000: both met, nothing missing
    view = await expectAgreement(m);
    expect(view.items.map((r: { met: boolean }) => r.met)).toEqual([true, true]);
    expect(view).toMatchObject({ done: 220_000, outstanding: 0 });
  });

  it('the administrative deduction a withdrawal would cost now (policy deduct, 10 %), none once met', async () => {
    const m = await member(500_000);
    await deposit(m, 100_000);
    await writeSiteConfig(t.db, 'withdrawalAuditPolicy', 'deduct');
    let view = await expectAgreement(m);
    expect(view).toMatchObject({
      policy: 'deduct',
      deductionBp: 1000,
      available: 500_000,
      deduction: 50_000,
    });
    await writeSiteConfig(t.db, 'withdrawalDeductionBp', 333);
    view = (await audit(m)).data;
    expect(view.deduction).toBe(16_650); // 500 000 × 3.33 %
    await writeSiteConfig(t.db, 'withdrawalAuditPolicy', 'refuse');
    expect((await audit(m)).data).toMatchObject({ policy: 'refuse', deduction: 0, outstanding: 100_000 });
    await bet(m, 100_000);
    await writeSiteConfig(t.db, 'withdrawalAuditPolicy', 'deduct');
    expect((await expectAgreement(m)).deduction).toBe(0);
  });

  it('starts again after the balance fell below the reset line: earlier requirements and bets stop counting', async () => {
    const m = await member(2_000);
    const old = await deposit(m, 100_000);
    await bet(m, 30_000);
    await transfer(t.db, {
      id: `au-lose-${m.id}`,
      from: { memberId: m.id, kind: 'central' },
      to: { kind: 'house', venue: 'IMTY' },
      amount: 1_500,
      kind: 'adjustment',
    }); // 500 fen left < ¥10.00
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await deposit(m, 20_000);
    const view = await expectAgreement(m);
    expect(view.items.map((r: { id: string }) => r.id)).toEqual([fresh]);
    expect(view.since).not.toBeNull();
    expect((await detail(m, old)).status_code).toBe(CODE.auditNotFound);
  });
});

describe('/mine/infoAudit (issue 13 §5: which bets counted, when)', () => {
  it('the bets of one requirement, a bet straddling two counts partly in each; paged', async () => {
    const m = await member();
    const a = await deposit(m, 10_000); // 10 000
    const b = await deposit(m, 10_000); // 10 000
    for (const amount of [4_000, 4_000, 4_000, 4_000]) await bet(m, amount); // 16 000: a met, 6 000 of b
    await expectAgreement(m);
    const da = await detail(m, a);
    expect(da.status_code).toBe(CODE.success);
    expect(da.data.requirement).toMatchObject({ id: a, required: 10_000, counted: 10_000, met: true });
    expect(da.data.total).toBe(3);
    expect(da.data.bets.map((x: { amount: number; counted: number }) => [x.amount, x.counted])).toEqual([
      [4_000, 4_000],
      [4_000, 4_000],
      [4_000, 2_000],
    ]);
    const db = await detail(m, b);
    expect(db.data.requirement).toMatchObject({ id: b, counted: 6_000, met: false });
    expect(db.data.bets.map((x: { counted: number }) => x.counted)).toEqual([2_000, 4_000]);
    const p2 = await detail(m, a, 2, 2);
    expect(p2.data).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(p2.data.bets).toHaveLength(1);
    expect(da.data.bets[0].venue).toBe('IMTY');
    expect(Date.parse(da.data.bets[0].settledAt)).not.toBeNaN();
    // Σ counted of the detail = the row's counted
    expect(da.data.bets.reduce((s: number, x: { counted: number }) => s + x.counted, 0)).toBe(10_000);
  });

  it('31043 for an unknown id or another member’s; 10003 without one', async () => {
    const m = await member();
    const other = await member();
    const theirs = await deposit(other, 10_000);
    expect((await detail(m, 'D00000000NOPE')).status_code).toBe(CODE.auditNotFound);
    const refused = await detail(m, theirs);
    expect(refused.status_code).toBe(CODE.auditNotFound);
    expect(refused.message).toBe('该稽核记录不存在或已重置');
    expect((await call(m, REBATE_PATH.auditDetail, {})).status_code).toBe(CODE.validation);
  });

  it('the operator sees the same audit (rebate audit <phone>)', async () => {
    const m = await member();
    const id = await deposit(m, 10_000);
    await bet(m, 2_500);
    const text = await runOpsCommand(t.db, ['rebate', 'audit', m.phone]);
    expect(text).toContain(id);
    expect(text).toContain('outstanding 75.00');
  });
});
