// Fault test (the money rule: every money feature proven under a crash) for rebate: a process settling valid bets
// and claiming their rebate on 4 lanes is killed with SIGKILL mid-stream and the data opened again. Every claim it
// made is whole: every payment has its posted ledger transfer of the same amount and the bets it covers
// (checkRebates), no bet is rebated twice, and the ledger reconciles. PGlite, and PostgreSQL in server-pg.
import { expect, it } from 'vitest';
import { crashAndCheck, src } from './crash-harness.ts';

const BEFORE_KILL = 40;

const WRITER = `
import { migrate } from ${src('server/db/migrate.ts')};
import { openDatabase } from ${src('server/db/open.ts')};
import { openPg } from ${src('server/db/pg-driver.ts')};
import { checkLedger } from ${src('server/modules/ledger/ledger.ts')};
import { checkRebates, claimRebate } from ${src('server/modules/rebate/rebate.ts')};
import { recordValidBet } from ${src('server/modules/withdrawal/audit.ts')};

const [mode, where] = process.argv.slice(2);
const [url, schema] = where.split('#');
const db = url.startsWith('postgres') ? await openPg(url, schema) : await openDatabase({ dataDir: where });
if (url.startsWith('postgres')) await migrate(db);

if (mode === 'write') {
  await db.query("INSERT INTO venues (code, platform, name, provider) VALUES ('CRDZ', 'DZ', 'crash', 'one')");
  let n = 0;
  const lane = async () => {
    for (;;) {
      const i = n++;
      const { rows } = await db.query(
        'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
        ['(86)139' + String(i).padStart(8, '0'), 'x', 'RC' + String(i).padStart(8, '0')],
      );
      const memberId = Number(rows[0].id);
      await recordValidBet(db, { memberId, venue: 'CRDZ', betId: 'crash-' + i, amount: 100_000 });
      const p = await claimRebate(db, memberId, 'crash-claim-' + i);
      console.log('OK ' + p.id + ' ' + p.amount);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
} else {
  const twice = await db.query(
    'SELECT valid_bet_id FROM rebate_bets GROUP BY valid_bet_id HAVING count(*) > 1',
  );
  const { rows } = await db.query('SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS s FROM rebate_payments');
  console.log(JSON.stringify({ made: rows[0].n, paid: Number(rows[0].s), twice: twice.rows.length,
    rebates: await checkRebates(db), ledger: await checkLedger(db) }));
  await db.close();
}
`;

it('SIGKILL mid-stream: every claim is whole (payment, transfer, bets), none twice, the ledger reconciles', async () => {
  const result = await crashAndCheck<{
    made: number;
    paid: number;
    twice: number;
    rebates: { problems: string[] };
    ledger: { problems: string[] };
  }>({ writer: WRITER, name: 'rebate', marker: 'OK ', count: BEFORE_KILL, doneLine: 'DONE' });
  expect(result.made).toBeGreaterThanOrEqual(BEFORE_KILL);
  // ¥1,000 of slots valid bet at VIP0's 40 bp (issue 13 §4, docs/vip.md): ¥4.00 a claim.
  expect(result.paid).toBe(result.made * 400);
  expect(result.twice).toBe(0);
  expect(result.rebates.problems).toEqual([]);
  expect(result.ledger.problems).toEqual([]);
}, 240_000);
