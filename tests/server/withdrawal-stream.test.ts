// Withdrawals live (issue 10 §3: every state change reaches the player live): msgId 20005 on the member's
// sockets (and only theirs) for create, approve, pay, reject, cancel; the balance push (20002) when paid;
// malformed notifications on the channel are dropped. PGlite, and PostgreSQL in server-pg.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import {
  approveWithdrawal,
  cancelWithdrawal,
  checkWithdrawals,
  createWithdrawal,
  payWithdrawal,
  rejectWithdrawal,
} from '../../server/modules/withdrawal/withdrawals.ts';
import { readWithdrawalEvent, STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { MSG, type BalanceChange, type WithdrawalChange } from '../../src/protocol/stream.ts';
import {
  createMember,
  loggedInSocket,
  sleep,
  startStreamApp,
  TestSocket,
  type StreamApp,
  type TestMember,
} from './stream-helpers.ts';

let t: StreamApp;
const sockets: TestSocket[] = [];
const PW = '246810';

beforeAll(async () => {
  t = await startStreamApp();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  expect((await checkLedger(t.db)).problems).toEqual([]);
  expect((await checkWithdrawals(t.db)).problems).toEqual([]);
});
afterAll(() => t.close());

/** A verified member with a fund password, a bank card and `fen` in the central wallet. */
async function payer(fen: number): Promise<TestMember & { bank: string }> {
  const m = await createMember(t.db);
  await t.db.query(
    `INSERT INTO kyc_verifications (member_id, real_name, id_hash, id_masked) VALUES ($1, '李四', $2, '110***********123X')`,
    [m.id, randomBytes(32).toString('hex')],
  );
  const salt = randomBytes(16);
  const key = scryptSync(PW, salt, 32, { N: 1024, r: 8, p: 1 });
  await t.db.query('INSERT INTO fund_passwords (member_id, password_hash) VALUES ($1, $2)', [
    m.id,
    `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`,
  ]);
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO payout_accounts (member_id, kind, account_full, account_hash, masked, holder, bank_code)
     VALUES ($1, 'bank', '6222020000000000012', $2, '**** 0012', '李四', 'ICBC') RETURNING id::text AS id`,
    [m.id, randomBytes(32).toString('hex')],
  );
  await transfer(t.db, {
    id: `seed-stream-${m.id}`,
    from: { kind: 'cash_in' },
    to: { memberId: m.id, kind: 'central' },
    amount: fen,
    kind: 'deposit',
  });
  return { ...m, bank: rows[0]!.id };
}

const withdraw = (m: { id: number; bank: string }, amount: number) =>
  createWithdrawal(t.db, m.id, {
    requestId: `ws-${randomBytes(6).toString('hex')}`,
    accountId: m.bank,
    amount,
    fundPassword: PW,
  });

it("sends every state change to that member's sockets only, and the balance push when paid", async () => {
  const m = await payer(100_000);
  const other = await createMember(t.db);
  const mine = await loggedInSocket(t.url, m);
  const theirs = await loggedInSocket(t.url, other);
  const anon = await TestSocket.open(t.url);
  sockets.push(mine, theirs, anon);

  const a = await withdraw(m, 30_000);
  expect(await mine.next<WithdrawalChange>(MSG.withdrawal)).toMatchObject({
    id: a.id,
    state: 'pending',
    amount: 30_000,
    payout: 30_000,
    reason: null,
  });
  await approveWithdrawal(t.db, a.id);
  expect(await mine.next<WithdrawalChange>(MSG.withdrawal)).toMatchObject({ id: a.id, state: 'approved' });
  await payWithdrawal(t.db, a.id);
  const paid = await mine.next<WithdrawalChange>(MSG.withdrawal);
  expect(paid).toMatchObject({ id: a.id, state: 'paid' });
  expect(Date.parse(paid.at)).not.toBeNaN();
  expect(await mine.next<BalanceChange>(MSG.balance)).toMatchObject({
    balance: 70_000,
    change: -30_000,
    reason: 'withdrawal',
  });

  const b = await withdraw(m, 10_000);
  await rejectWithdrawal(t.db, b.id, '银行卡信息有误');
  const c = await withdraw(m, 10_000);
  await cancelWithdrawal(t.db, m.id, c.id);
  const states: string[] = [];
  for (let i = 0; i < 4; i++) {
    const e = await mine.next<WithdrawalChange>(MSG.withdrawal);
    states.push(`${e.id === b.id ? 'b' : 'c'}:${e.state}${e.reason ? `:${e.reason}` : ''}`);
  }
  expect(states).toEqual(['b:pending', 'b:rejected:银行卡信息有误', 'c:pending', 'c:cancelled']);

  await sleep(150);
  expect(theirs.take(MSG.withdrawal)).toEqual([]);
  expect(anon.take(MSG.withdrawal)).toEqual([]);
  // a hold and a release move no balance: the only balance push was the payment's
  expect(mine.take(MSG.balance)).toEqual([]);
});

it('drops malformed withdrawal notifications (another program on the channel) and keeps serving', async () => {
  const m = await payer(50_000);
  const s = await loggedInSocket(t.url, m);
  sockets.push(s);
  for (const bad of [
    'not json',
    '[1]',
    JSON.stringify({ memberId: m.id, id: 'W1', state: 'lost', amount: 1, payout: 1, reason: null, at: 'x' }),
    JSON.stringify({
      memberId: m.id,
      id: 'W1',
      state: 'paid',
      amount: '1',
      payout: 1,
      reason: null,
      at: 'x',
    }),
    JSON.stringify({ memberId: m.id, id: 'W1', state: 'paid', amount: 1, payout: 1, reason: 7, at: 'x' }),
  ]) {
    expect(readWithdrawalEvent(bad)).toBeNull();
    await t.db.notify(STREAM_CHANNEL.withdrawal, bad);
  }
  const w = await withdraw(m, 20_000);
  expect(await s.next<WithdrawalChange>(MSG.withdrawal)).toMatchObject({ id: w.id, state: 'pending' });
  await sleep(100);
  expect(s.take(MSG.withdrawal)).toEqual([]);
});
