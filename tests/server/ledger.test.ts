// The ledger (issue 9 §1 and §6): double entry in fen, caller-made ids as idempotency keys, the database refusing
// a member account below zero, two-phase transfers, the balance push on commit only, immutability, and the
// reconciliation check after every test. Runs on PGlite and (server-pg) on PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import {
  balanceOf,
  checkLedger,
  LedgerError,
  settle,
  transfer,
  transferIn,
  type AccountRef,
  type TransferRequest,
} from '../../server/modules/ledger/ledger.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { readBalanceEvents, STREAM_CHANNEL, type BalanceEvent } from '../../server/stream/channels.ts';
import { createTestDb } from '../support/test-db.ts';

let db: Db;
let seq = 0;

async function newMember(): Promise<number> {
  seq += 1;
  const phone = `(86)1390000${String(seq).padStart(4, '0')}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
    [phone, `L${String(seq).padStart(5, '0')}`],
  );
  return Number(rows[0]!.id);
}

const central = (memberId: number): AccountRef => ({ memberId, kind: 'central' });
const venue = (memberId: number, code: string): AccountRef => ({ memberId, kind: 'venue', venue: code });
const CASH_IN: AccountRef = { kind: 'cash_in' };

/** A venue code of the catalogue (the ledger's venue accounts reference it). */
let VENUE = '';

async function fund(memberId: number, fen: number, id = `fund:${memberId}:${fen}:${seq}`) {
  return transfer(db, { id, from: CASH_IN, to: central(memberId), amount: fen, kind: 'deposit' });
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof LedgerError) return err.refusal;
    throw err;
  }
  return 'none';
}

beforeAll(async () => {
  db = await createTestDb();
  await db.query(
    `INSERT INTO venues (code, platform, name, provider) VALUES ('LEDGER_TEST', 'QP', '测试棋牌', 'one') ON CONFLICT DO NOTHING`,
  );
  VENUE = 'LEDGER_TEST';
});
afterAll(async () => {
  await db.close();
});
// issue 9 §1: the reconciliation check runs after every money test.
afterEach(async () => {
  const check = await checkLedger(db);
  expect(check.problems).toEqual([]);
});

describe('double entry (issue 9 §1)', () => {
  it('a posted transfer writes two entries summing to zero and moves both balances, in fen', async () => {
    const m = await newMember();
    const t = await fund(m, 12_345);
    expect(t).toMatchObject({ amount: 12_345, kind: 'deposit', state: 'posted' });
    expect(await balanceOf(db, central(m))).toEqual({ balance: 12_345, held: 0, available: 12_345 });
    const { rows } = await db.query<{ amount: string; balance_after: string }>(
      'SELECT amount, balance_after FROM ledger_entries WHERE transfer_id = $1 ORDER BY amount',
      [t.id],
    );
    expect(rows.map((r) => Number(r.amount))).toEqual([-12_345, 12_345]);
    expect(Number(rows[1]!.balance_after)).toBe(12_345);
  });

  it('refuses bad input and stores nothing: fractional or zero amounts, bad ids, one account twice', async () => {
    const m = await newMember();
    const before = await checkLedger(db);
    const base: TransferRequest = {
      id: 'bad-input-0001',
      from: CASH_IN,
      to: central(m),
      amount: 100,
      kind: 'deposit',
    };
    expect(await refusal(transfer(db, { ...base, amount: 1.5 }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, amount: 0 }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, amount: -100 }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, id: 'short' }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, id: "it's-a-bad-id" }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, from: central(m) }))).toBe('invalid');
    expect(await refusal(transfer(db, { ...base, kind: 'Deposit!' }))).toBe('invalid');
    expect((await checkLedger(db)).transfers).toBe(before.transfers);
  });
});

describe('a member account never goes below zero (issue 9 §1, enforced by the database)', () => {
  it('a transfer the wallet cannot afford is refused and stores nothing', async () => {
    const m = await newMember();
    await fund(m, 500);
    const before = await checkLedger(db);
    expect(
      await refusal(
        transfer(db, {
          id: `over-${m}-0001`,
          from: central(m),
          to: venue(m, VENUE),
          amount: 501,
          kind: 'transfer_in',
        }),
      ),
    ).toBe('insufficient');
    expect(await balanceOf(db, central(m))).toEqual({ balance: 500, held: 0, available: 500 });
    expect((await checkLedger(db)).transfers).toBe(before.transfers);
    // The refused id stored nothing: it can be used again once the wallet can afford it.
    await fund(m, 1, `top-up-${m}-0001`);
    const t = await transfer(db, {
      id: `over-${m}-0001`,
      from: central(m),
      to: venue(m, VENUE),
      amount: 501,
      kind: 'transfer_in',
    });
    expect(t.state).toBe('posted');
    expect((await balanceOf(db, central(m))).balance).toBe(0);
  });

  it('a refused transfer keeps its database connection (no reconnect per refusal)', async () => {
    const m = await newMember();
    await fund(m, 10);
    const pid = async () =>
      Number((await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    const first = await pid();
    for (let i = 0; i < 5; i++) {
      expect(
        await refusal(
          transfer(db, {
            id: `keep-${m}-${i}-x`,
            from: central(m),
            to: venue(m, VENUE),
            amount: 11,
            kind: 'transfer_in',
          }),
        ),
      ).toBe('insufficient');
      // One caller at a time: the pool hands back the connection it just took back (the same server process).
      expect(await pid()).toBe(first);
    }
  });

  it('the database itself refuses a negative member balance (not only the ledger code)', async () => {
    const m = await newMember();
    await fund(m, 100);
    await expect(
      db.query(`UPDATE ledger_accounts SET balance = -1 WHERE member_id = $1 AND kind = 'central'`, [m]),
    ).rejects.toThrow(/ledger_member_not_negative/);
  });

  // issue 9 §6: 1,000 concurrent transfers out of one wallet that can afford only some of them.
  it('1,000 concurrent transfers out of a wallet that affords 300: exactly 300 post, 0 drift', async () => {
    const m = await newMember();
    await fund(m, 300 * 700);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        transfer(db, {
          id: `race-${m}-${String(i).padStart(4, '0')}`,
          from: central(m),
          to: venue(m, VENUE),
          amount: 700,
          kind: 'transfer_in',
        }),
      ),
    );
    const posted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && r.reason instanceof LedgerError && r.reason.refusal === 'insufficient',
    );
    expect(posted).toHaveLength(300);
    expect(refused).toHaveLength(700);
    expect(await balanceOf(db, central(m))).toEqual({ balance: 0, held: 0, available: 0 });
    expect((await balanceOf(db, venue(m, VENUE))).balance).toBe(300 * 700);
  }, 120_000);
});

describe('the caller-made id is the idempotency key (issue 9 §1)', () => {
  it('the same id with the same fields answers the first result; other fields are a conflict', async () => {
    const m = await newMember();
    await fund(m, 10_000);
    const req: TransferRequest = {
      id: `idem-${m}-0001`,
      from: central(m),
      to: venue(m, VENUE),
      amount: 2_500,
      kind: 'transfer_in',
      memo: { by: 'test' },
    };
    const first = await transfer(db, req);
    const again = await transfer(db, req);
    expect(again).toEqual(first);
    expect(await refusal(transfer(db, { ...req, amount: 2_501 }))).toBe('idempotencyConflict');
    expect(await refusal(transfer(db, { ...req, to: central(m), from: venue(m, VENUE) }))).toBe(
      'idempotencyConflict',
    );
    expect(await refusal(transfer(db, { ...req, memo: { by: 'someone else' } }))).toBe('idempotencyConflict');
    expect((await balanceOf(db, central(m))).balance).toBe(7_500);
  });

  // issue 9 §6: the same transfer id sent 50 times in parallel posts once.
  it('the same id 50 times in parallel posts once', async () => {
    const m = await newMember();
    await fund(m, 10_000);
    const req: TransferRequest = {
      id: `idem-par-${m}`,
      from: central(m),
      to: venue(m, VENUE),
      amount: 1_000,
      kind: 'transfer_in',
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(db, req)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect((await balanceOf(db, central(m))).balance).toBe(9_000);
    const { rows } = await db.query('SELECT 1 FROM ledger_entries WHERE transfer_id = $1', [req.id]);
    expect(rows).toHaveLength(2);
  }, 60_000);
});

// The ledger's own two-phase rules, on holds of kind 'adjustment': a 'withdrawal' hold belongs to a withdrawal row
// (issue 10), and `ledger check` reports one without it.
describe('two-phase transfers (issue 9 §1)', () => {
  it('pending holds the amount (it counts against the balance); posting moves it, once', async () => {
    const m = await newMember();
    await fund(m, 1_000);
    const pending = await transfer(db, {
      id: `2p-${m}-0001`,
      from: central(m),
      to: { kind: 'cash_out' },
      amount: 600,
      kind: 'adjustment',
      pending: true,
    });
    expect(pending.state).toBe('pending');
    expect(await balanceOf(db, central(m))).toEqual({ balance: 1_000, held: 600, available: 400 });
    // Held money cannot be spent twice.
    expect(
      await refusal(
        transfer(db, {
          id: `2p-${m}-0002`,
          from: central(m),
          to: venue(m, VENUE),
          amount: 401,
          kind: 'transfer_in',
        }),
      ),
    ).toBe('insufficient');
    const posted = await settle(db, pending.id, 'posted');
    expect(posted.state).toBe('posted');
    expect(await balanceOf(db, central(m))).toEqual({ balance: 400, held: 0, available: 400 });
    // At most once: posting again answers the same; voiding now is refused.
    expect((await settle(db, pending.id, 'posted')).state).toBe('posted');
    expect(await refusal(settle(db, pending.id, 'voided'))).toBe('notPending');
    expect(await balanceOf(db, central(m))).toEqual({ balance: 400, held: 0, available: 400 });
  });

  it('voiding releases the hold and moves nothing; a void and a post racing settle it one way only', async () => {
    const m = await newMember();
    await fund(m, 1_000);
    const a = await transfer(db, {
      id: `2p-${m}-0003`,
      from: central(m),
      to: { kind: 'cash_out' },
      amount: 300,
      kind: 'adjustment',
      pending: true,
    });
    await settle(db, a.id, 'voided');
    expect(await balanceOf(db, central(m))).toEqual({ balance: 1_000, held: 0, available: 1_000 });
    const b = await transfer(db, {
      id: `2p-${m}-0004`,
      from: central(m),
      to: { kind: 'cash_out' },
      amount: 300,
      kind: 'adjustment',
      pending: true,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => settle(db, b.id, i % 2 ? 'posted' : 'voided')),
    );
    const states = new Set(
      outcomes
        .filter((o) => o.status === 'fulfilled')
        .map((o) => (o as PromiseFulfilledResult<{ state: string }>).value.state),
    );
    expect(states.size).toBe(1);
    const { balance, held } = await balanceOf(db, central(m));
    expect(held).toBe(0);
    expect(balance).toBe(states.has('posted') ? 700 : 1_000);
    expect(await refusal(settle(db, 'no-such-transfer', 'posted'))).toBe('unknownTransfer');
  });
});

describe('immutability (issue 9 §1)', () => {
  it('entries cannot be changed or removed; a settled transfer cannot change', async () => {
    const m = await newMember();
    const t = await fund(m, 100);
    await expect(
      db.query('UPDATE ledger_entries SET amount = 1 WHERE transfer_id = $1', [t.id]),
    ).rejects.toThrow(/immutable/);
    await expect(db.query('DELETE FROM ledger_entries WHERE transfer_id = $1', [t.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(db.query('UPDATE ledger_transfers SET amount = 1 WHERE id = $1', [t.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(
      db.query("UPDATE ledger_transfers SET state = 'voided' WHERE id = $1", [t.id]),
    ).rejects.toThrow(/immutable/);
    await expect(db.query('DELETE FROM ledger_transfers WHERE id = $1', [t.id])).rejects.toThrow(/immutable/);
  });

  it('accounts are never removed and no ledger table can be truncated (nothing a row names can disappear)', async () => {
    const m = await newMember();
    await fund(m, 100);
    await expect(
      db.query(`DELETE FROM ledger_accounts WHERE member_id = $1 AND kind = 'central'`, [m]),
    ).rejects.toThrow(/never removed/);
    for (const table of ['ledger_accounts', 'ledger_transfers', 'ledger_entries'])
      await expect(db.query(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/never removed/);
    expect((await balanceOf(db, central(m))).balance).toBe(100);
  });

  it('a write naming an account that does not exist is refused and stores nothing', async () => {
    const before = await checkLedger(db);
    await expect(
      db.query(
        `SELECT * FROM ledger_transfer('ghost-account-1', NULL, 'cash_in', NULL, NULL, 'central', NULL, 5,
                 'deposit', '{}'::jsonb, false, NULL, 987654321)`,
      ),
    ).rejects.toThrow(/does not exist/);
    await expect(
      db.query(
        `SELECT * FROM ledger_transfer('ghost-account-2', NULL, 'cash_in', NULL, NULL, 'central', NULL, 5,
                 'deposit', '{}'::jsonb, true, NULL, 987654321)`,
      ),
    ).rejects.toThrow(/does not exist/);
    expect((await checkLedger(db)).transfers).toBe(before.transfers);
  });
});

describe('the balance push (issue 9 §1: msgId 20002 after the commit, never on rollback)', () => {
  it('a central-wallet change publishes the new balance on commit; a refused one publishes nothing', async () => {
    const m = await newMember();
    const heard: BalanceEvent[] = [];
    const stop = await db.listen(STREAM_CHANNEL.balance, (p) => {
      for (const e of readBalanceEvents(p)) if (e.memberId === m) heard.push(e);
    });
    try {
      await fund(m, 800);
      await refusal(
        transfer(db, {
          id: `push-${m}-0001`,
          from: central(m),
          to: venue(m, VENUE),
          amount: 900,
          kind: 'transfer_in',
        }),
      );
      await transfer(db, {
        id: `push-${m}-0002`,
        from: central(m),
        to: venue(m, VENUE),
        amount: 300,
        kind: 'transfer_in',
      });
      await expect.poll(() => heard.length).toBe(2);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.map((e) => [e.balance, e.change, e.reason])).toEqual([
        [800, 800, 'deposit'],
        [500, -300, 'transfer_in'],
      ]);
      // Each push carries its order: a later change of the wallet has a larger seq.
      expect(heard[1]!.seq).toBeGreaterThan(heard[0]!.seq);
    } finally {
      await stop();
    }
  });

  it("a transfer inside a caller's transaction publishes on its commit, and nothing when it rolls back", async () => {
    const m = await newMember();
    const heard: BalanceEvent[] = [];
    const stop = await db.listen(STREAM_CHANNEL.balance, (p) => {
      for (const e of readBalanceEvents(p)) if (e.memberId === m) heard.push(e);
    });
    try {
      await expect(
        db.transaction(async (tx) => {
          await transferIn(tx, {
            id: `push-${m}-rolled`,
            from: { kind: 'cash_in' },
            to: central(m),
            amount: 100,
            kind: 'deposit',
          });
          throw new Error('the order could not be written');
        }),
      ).rejects.toThrow('the order');
      await db.transaction((tx) =>
        transferIn(tx, {
          id: `push-${m}-kept`,
          from: { kind: 'cash_in' },
          to: central(m),
          amount: 250,
          kind: 'deposit',
        }),
      );
      await expect.poll(() => heard.length).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.map((e) => [e.balance, e.change])).toEqual([[250, 250]]);
      expect((await balanceOf(db, central(m))).balance).toBe(250);
    } finally {
      await stop();
    }
  });
});

describe('operators (issue 9 §1, §3)', () => {
  it('`ledger check` reports ok with the counts, and finds a balance that drifted from its entries', async () => {
    expect(await runOpsCommand(db, ['ledger', 'check'])).toMatch(
      /^ledger ok: \d+ accounts, \d+ transfers, \d+ entries$/,
    );
    const m = await newMember();
    await fund(m, 100);
    // Drift the balance behind the ledger's back (the database allows a raise; only below zero is refused).
    await db.query(
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE member_id = $1 AND kind = 'central'`,
      [m],
    );
    await expect(runOpsCommand(db, ['ledger', 'check'])).rejects.toThrow(/balance 101, entries 100/);
    await db.query(
      `UPDATE ledger_accounts SET balance = balance - 1 WHERE member_id = $1 AND kind = 'central'`,
      [m],
    );
  });

  it('`ledger check` finds an entry or a transfer that names a missing transfer or account', async () => {
    const problems = await db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
           VALUES ('no-such-transfer', 987654321, 5, 5), ('no-such-transfer', 987654322, -5, -5)`,
        );
        await tx.query(
          `INSERT INTO ledger_transfers (id, debit_account, credit_account, amount, kind, state)
           VALUES ('orphan-transfer-1', 987654321, 987654322, 5, 'deposit', 'voided')`,
        );
        const check = await checkLedger(tx);
        throw Object.assign(new Error('roll back'), { check });
      })
      .catch((err: { check?: { problems: string[] } }) => err.check?.problems ?? []);
    expect(problems.filter((p) => p.includes('does not exist'))).toHaveLength(3);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('`credit <phone> <yuan> <reason> [id]` credits from promotions once per id', async () => {
    const m = await newMember();
    const { rows } = await db.query<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [m]);
    const phone = rows[0]!.phone.replace('(86)', '');
    const out = await runOpsCommand(db, ['credit', phone, '1234.5', 'goodwill', `ops-test-${m}`]);
    expect(out).toContain('credited 1,234.50');
    expect(out).toContain('central wallet 1,234.50');
    await runOpsCommand(db, ['credit', phone, '1234.5', 'goodwill', `ops-test-${m}`]);
    expect((await balanceOf(db, central(m))).balance).toBe(123_450);
    await expect(runOpsCommand(db, ['credit', phone, '1234.5', 'other', `ops-test-${m}`])).rejects.toThrow(
      /idempotencyConflict/,
    );
    await expect(runOpsCommand(db, ['credit', phone, '12.345x', 'goodwill'])).rejects.toThrow(
      /not an amount/,
    );
    expect((await balanceOf(db, { kind: 'promotions' })).balance).toBeLessThanOrEqual(-123_450);
  });
});
