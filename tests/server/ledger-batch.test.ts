// The ledger's batch (transferManyIn, for a live table's draw) is the single transfer many times in one
// statement: the same idempotency by id (a repeat answers the stored transfer, other fields are a conflict that
// rolls the whole statement back), the same refusal of a member account below zero, the same checks; and a batch
// settlement of bets (settleGameBets) pays each bet once however often it runs. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { settleGameBets, stakeBet } from '../../server/modules/casino/money.ts';
import {
  balanceOf,
  checkLedger,
  LedgerError,
  transfer,
  transferManyIn,
  type TransferRequest,
} from '../../server/modules/ledger/ledger.ts';
import { createTestDb } from '../support/test-db.ts';
import { newMember } from './sportsbook-support.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await db.query(
    "INSERT INTO venues (code, platform, name, provider) VALUES ('AGZR', 'ZR', 'AG 真人', 'two')",
  );
});
afterAll(async () => {
  await db.close();
});

const pay = (id: string, memberId: number, amount: number): TransferRequest => ({
  id,
  from: { kind: 'house', venue: 'AGZR' },
  to: { memberId, kind: 'venue', venue: 'AGZR' },
  amount,
  kind: 'bet_payout',
  memo: { note: `pay "${id}", with quotes, commas {and} braces` },
});
const venue = async (memberId: number) =>
  (await balanceOf(db, { memberId, kind: 'venue', venue: 'AGZR' })).balance;

describe('transferManyIn', () => {
  it('posts every transfer in order, once per id; a repeat batch moves nothing again', async () => {
    const a = await newMember(db);
    const b = await newMember(db);
    const batch = [pay('batch-t1-a', a.id, 100), pay('batch-t1-b', b.id, 250), pay('batch-t1-c', a.id, 5)];
    const first = await db.transaction((tx) => transferManyIn(tx, batch));
    expect(first.map((t) => [t.id, t.amount, t.state])).toEqual([
      ['batch-t1-a', 100, 'posted'],
      ['batch-t1-b', 250, 'posted'],
      ['batch-t1-c', 5, 'posted'],
    ]);
    expect(first[0]!.memo).toEqual(batch[0]!.memo);
    await db.transaction((tx) => transferManyIn(tx, batch));
    expect([await venue(a.id), await venue(b.id)]).toEqual([105, 250]);
    expect(await db.transaction((tx) => transferManyIn(tx, []))).toEqual([]);
  });

  it('an id reused with other fields refuses the whole batch (nothing of it stays)', async () => {
    const a = await newMember(db);
    await db.transaction((tx) => transferManyIn(tx, [pay('batch-t2-a', a.id, 100)]));
    const err = await db
      .transaction((tx) => transferManyIn(tx, [pay('batch-t2-b', a.id, 7), pay('batch-t2-a', a.id, 999)]))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as LedgerError).refusal).toBe('idempotencyConflict');
    expect(await venue(a.id)).toBe(100);
  });

  it('a member account below zero refuses the whole batch; bad requests are refused before the database', async () => {
    const a = await newMember(db);
    await transfer(db, {
      id: 'batch-t3-fund',
      from: { kind: 'cash_in' },
      to: { memberId: a.id, kind: 'venue', venue: 'AGZR' },
      amount: 50,
      kind: 'deposit',
    });
    const out = (id: string, amount: number): TransferRequest => ({
      id,
      from: { memberId: a.id, kind: 'venue', venue: 'AGZR' },
      to: { kind: 'house', venue: 'AGZR' },
      amount,
      kind: 'bet_stake',
    });
    const err = await db
      .transaction((tx) => transferManyIn(tx, [out('batch-t3-x', 30), out('batch-t3-y', 30)]))
      .catch((e: unknown) => e);
    expect((err as LedgerError).refusal).toBe('insufficient');
    expect(await venue(a.id)).toBe(50);
    for (const bad of [
      { ...out('batch-t3-z', 1), amount: 0 },
      { ...out('x', 1) },
      { ...out('batch-t3-p', 1), pending: true },
    ])
      await expect(db.transaction((tx) => transferManyIn(tx, [bad]))).rejects.toMatchObject({
        refusal: 'invalid',
      });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('settleGameBets', () => {
  it('settles the open bets once: a second run, or two at once, pay nothing more', async () => {
    const m = await newMember(db);
    await transfer(db, {
      id: 'batch-t4-fund',
      from: { kind: 'cash_in' },
      to: { memberId: m.id, kind: 'venue', venue: 'AGZR' },
      amount: 10_000,
      kind: 'deposit',
    });
    const caller = {
      memberId: m.id,
      venue: { code: 'AGZR', name: 'AG 真人', platform: 'ZR' as const, provider: 'two' as const },
    };
    const rows = await db.transaction(async (tx) => {
      const out = [];
      for (let i = 0; i < 5; i++)
        out.push(
          (
            await stakeBet(tx, caller, {
              requestId: `batch-t4-${i}`,
              game: 'g',
              play: 'p',
              pick: 'k',
              stake: 1_000,
              code: 'baccarat-1',
              fingerprint: `${i}`,
            })
          ).row,
        );
      return out;
    });
    const items = rows.map((bet, i) => ({ bet, settlement: { payout: i % 2 ? 2_000 : 0, validBet: 1_000 } }));
    const runs = await Promise.all([1, 2, 3].map(() => db.transaction((tx) => settleGameBets(tx, items))));
    expect(runs.map((r) => r.length).sort()).toEqual([0, 0, 5]);
    expect(await db.transaction((tx) => settleGameBets(tx, items))).toEqual([]);
    expect(await venue(m.id)).toBe(10_000 - 5_000 + 2 * 2_000);
    const { rows: valid } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM valid_bets WHERE member_id = $1',
      [m.id],
    );
    expect(valid[0]!.n).toBe(5);
    const { rows: statuses } = await db.query<{ status: string }>(
      'SELECT status FROM bets WHERE member_id = $1 ORDER BY id',
      [m.id],
    );
    expect(statuses.map((r) => r.status)).toEqual(['lost', 'won', 'lost', 'won', 'lost']);
  });
});
