// Fault test (the money rule: every money feature proven under a crash) for the VIP rewards: a process claiming the
// upgrade bonuses of VIP1–VIP3 for new VIP3 members on 4 lanes is killed with SIGKILL mid-stream and the data
// opened again. Every bonus paid is a posted transfer from promotions of the level's amount, none twice, and the
// ledger reconciles. PGlite, and PostgreSQL in server-pg.
import { expect, it } from 'vitest';
import { crashAndCheck, src } from './crash-harness.ts';

const BEFORE_KILL = 40;

const WRITER = `
import { migrate } from ${src('server/db/migrate.ts')};
import { openDatabase } from ${src('server/db/open.ts')};
import { openPg } from ${src('server/db/pg-driver.ts')};
import { checkLedger } from ${src('server/modules/ledger/ledger.ts')};
import { claimReward } from ${src('server/modules/vip/rewards.ts')};

const [mode, where] = process.argv.slice(2);
const [url, schema] = where.split('#');
const db = url.startsWith('postgres') ? await openPg(url, schema) : await openDatabase({ dataDir: where });
if (url.startsWith('postgres')) await migrate(db);

if (mode === 'write') {
  let n = 0;
  const lane = async () => {
    for (;;) {
      const i = n++;
      const { rows } = await db.query(
        'INSERT INTO members (phone, password_hash, invite_code, vip_level) VALUES ($1, $2, $3, 3) RETURNING id',
        ['(86)137' + String(i).padStart(8, '0'), 'x', 'VC' + String(i).padStart(8, '0')],
      );
      const memberId = Number(rows[0].id);
      for (const level of [1, 2, 3]) {
        const r = await claimReward(db, memberId, 'vip-up:' + memberId + ':' + level);
        console.log('OK ' + r.id);
      }
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
} else {
  const { rows } = await db.query(
    "SELECT id, amount, state FROM ledger_transfers WHERE kind = 'vip_upgrade' ORDER BY id",
  );
  const wrong = rows
    .filter((r) => r.state !== 'posted' || Number(r.amount) !== ({ 1: 1800, 2: 5800, 3: 18800 })[r.id.split(':')[2]])
    .map((r) => r.id);
  console.log(JSON.stringify({ paid: rows.length, wrong, ledger: await checkLedger(db) }));
  await db.close();
}
`;

it('SIGKILL mid-stream: every upgrade bonus paid is whole and of its level, none twice, the ledger reconciles', async () => {
  const result = await crashAndCheck<{ paid: number; wrong: string[]; ledger: { problems: string[] } }>({
    writer: WRITER,
    name: 'vip',
    marker: 'OK ',
    count: BEFORE_KILL,
    doneLine: 'DONE',
  });
  expect(result.paid).toBeGreaterThanOrEqual(BEFORE_KILL);
  // VIP1–VIP3 upgrade bonuses ¥18, ¥58, ¥188 (issue 13 §3; docs/vip.md), each transfer id once (its key).
  expect(result.wrong).toEqual([]);
  expect(result.ledger.problems).toEqual([]);
}, 240_000);
