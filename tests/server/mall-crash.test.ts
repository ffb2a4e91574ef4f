// Fault test (the money rule: every money feature proven under a crash) for the mall: a process redeeming
// 8.88 元彩金 with coins on 4 lanes is killed with SIGKILL mid-stream and the data opened again. Every redemption
// it reported is there with its coins transfer and its bonus transfer, the stock went down by exactly the
// redemptions made, nothing is half-written, and the ledger reconciles (money and coins). PGlite, and PostgreSQL
// in server-pg.
import { expect, it } from 'vitest';
import { crashAndCheck, src } from './crash-harness.ts';

const BEFORE_KILL = 40;
const STOCK = 100_000;

const WRITER = `

import { migrate } from ${src('server/db/migrate.ts')};
import { openDatabase } from ${src('server/db/open.ts')};
import { openPg } from ${src('server/db/pg-driver.ts')};
import { checkLedger, transfer } from ${src('server/modules/ledger/ledger.ts')};
import { bonusTransferIdOf, redeem, setItemField, setStock } from ${src('server/modules/mall/mall.ts')};

const [mode, where] = process.argv.slice(2);
const [url, schema] = where.split('#');
const db = url.startsWith('postgres') ? await openPg(url, schema) : await openDatabase({ dataDir: where });
if (url.startsWith('postgres')) await migrate(db);

if (mode === 'write') {
  const { rows } = await db.query(
    "INSERT INTO members (phone, password_hash, invite_code) VALUES ('(86)13900077777', 'x', 'MLCRASH1') RETURNING id",
  );
  const memberId = Number(rows[0].id);
  await transfer(db, { id: 'seed-coins-' + memberId, from: { kind: 'coins_issuer' }, to: { memberId, kind: 'coins' },
    amount: 100_000_000, kind: 'coins_grant' });
  await setItemField(db, 'bonus-8', 'limit', 1_000_000);
  await setStock(db, 'bonus-8', ${STOCK});
  let n = 0;
  const lane = async () => {
    for (;;) {
      const i = n++;
      const r = await redeem(db, memberId, { requestId: 'crash-' + i + '-' + process.pid, itemId: 'bonus-8' });
      console.log('OK ' + r.id);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
} else {
  const { rows } = await db.query("SELECT id FROM mall_redemptions WHERE item_id = 'bonus-8'");
  const ids = rows.map((r) => r.id);
  const missingTransfers = [];
  for (const id of ids) {
    const t = await db.query('SELECT 1 FROM ledger_transfers WHERE id = $1', [bonusTransferIdOf(id)]);
    if (t.rows.length !== 1) missingTransfers.push(id);
  }
  const spent = await db.query("SELECT coalesce(sum(amount), 0)::bigint AS n FROM ledger_transfers WHERE credit_account = (SELECT id FROM ledger_accounts WHERE kind = 'coins_issuer')");
  const stock = await db.query("SELECT stock FROM mall_items WHERE id = 'bonus-8'");
  console.log(JSON.stringify({ made: ids.length, missingTransfers, coinsSpent: Number(spent.rows[0].n),
    stock: Number(stock.rows[0].stock), ledger: await checkLedger(db) }));
  await db.close();
}
`;

it('SIGKILL mid-stream: every redemption is whole (row, coins, bonus), the stock agrees, the ledger reconciles', async () => {
  const result = await crashAndCheck<{
    made: number;
    missingTransfers: string[];
    coinsSpent: number;
    stock: number;
    ledger: { problems: string[] };
  }>({ writer: WRITER, name: 'mall', marker: 'OK ', count: BEFORE_KILL, doneLine: 'DONE' });
  expect(result.made).toBeGreaterThanOrEqual(BEFORE_KILL);
  expect(result.missingTransfers).toEqual([]);
  // 8.88 元彩金 costs 100 coins (docs/mall.md): every coin spent bought a redemption that exists.
  expect(result.coinsSpent).toBe(result.made * 100);
  expect(result.stock).toBe(STOCK - result.made);
  expect(result.ledger.problems).toEqual([]);
}, 240_000);
