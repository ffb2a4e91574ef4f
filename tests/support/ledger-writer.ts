// A process that writes ledger transfers and says which ones committed (issue 9 §6 fault test): the parent kills
// it with SIGKILL mid-stream, then runs it again in `check` mode on the same data.
//   node --import tsx tests/support/ledger-writer.ts write <dataDir|postgres-url> <memberPhone>
//   node --import tsx tests/support/ledger-writer.ts check <dataDir|postgres-url> <id>...   (ids on stdin)
import { createInterface } from 'node:readline';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openPg } from '../../server/db/pg-driver.ts';
import { checkLedger, findTransfer, transfer } from '../../server/modules/ledger/ledger.ts';

const [mode, where, phone] = process.argv.slice(2);
// A PostgreSQL URL may name a schema after '#' (each test file has its own).
const [url, schema] = (where ?? '').split('#');
const db = url!.startsWith('postgres') ? await openPg(url!, schema) : await openDatabase({ dataDir: where! });
if (url!.startsWith('postgres')) await migrate(db);

if (mode === 'write') {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2)
     ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone RETURNING id`,
    [phone, `W${phone!.slice(-5)}`],
  );
  const memberId = Number(rows[0]!.id);
  await db.query(
    `INSERT INTO venues (code, platform, name, provider) VALUES ('CRASH_TEST', 'QP', '测试', 'one') ON CONFLICT DO NOTHING`,
  );
  console.log('READY');
  // Deposits and transfers to a venue and back, as fast as they go, 4 at a time; each committed id is printed
  // only after its transaction committed (what an API answer of 6000 would promise).
  let n = 0;
  const lane = async (k: number) => {
    for (;;) {
      const i = n++;
      const id = `crash-${process.pid}-${k}-${i}`;
      const step = i % 3;
      await transfer(db, {
        id,
        from:
          step === 0
            ? { kind: 'cash_in' }
            : step === 1
              ? { memberId, kind: 'central' }
              : { memberId, kind: 'venue', venue: 'CRASH_TEST' },
        to:
          step === 0
            ? { memberId, kind: 'central' }
            : step === 1
              ? { memberId, kind: 'venue', venue: 'CRASH_TEST' }
              : { memberId, kind: 'central' },
        amount: 100,
        kind: step === 0 ? 'deposit' : step === 1 ? 'transfer_in' : 'transfer_out',
      }).then(
        () => console.log(`OK ${id}`),
        () => undefined, // refused (e.g. the venue leg ran ahead of its deposit): not promised, not printed
      );
    }
  };
  await Promise.all([0, 1, 2, 3].map(lane));
} else {
  const ids: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) if (line) ids.push(line);
  const missing: string[] = [];
  for (const id of ids) if (!(await findTransfer(db, id))) missing.push(id);
  const check = await checkLedger(db);
  console.log(JSON.stringify({ promised: ids.length, missing, check }));
  await db.close();
}
