// The running server's settlement sweep (issue 11 §4; docs/sportsbook.md "Settlement"): on its interval it writes
// the clock's result of every match that open bets wait on once the sandbox clock has ended it, and settles them,
// with no operator. Two apps sweeping the same database at once pay each bet once.
process.env.SPORTSBOOK_SWEEP_MS = '40';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { checkLedger, balanceOf } from '../../server/modules/ledger/ledger.ts';
import { advanceClock } from '../../server/modules/sportsbook/clock.ts';
import { sportsbookConfig } from '../../server/modules/sportsbook/settings.ts';
import { SPORTSBOOK_API, type Match } from '../../src/protocol/sportsbook.ts';
import { createTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { credential, fund, newMember, requestId, setUpVenues } from './sportsbook-support.ts';

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await setUpVenues(t.db);
  // A second node on the same database, sweeping too.
  second = await buildApp(testConfig(), { db: t.db });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

it('live bets are settled by the sweep once the clock ends their matches, each paid once', async () => {
  const m = await newMember(t.db);
  await fund(t.db, m.id, 'IMTY', 500_000);
  const token = await credential(t.db, m.id, 'IMTY');
  const headers = { authorization: `Bearer ${token}` };
  const live = (
    await t.app.inject({ method: 'GET', url: `${SPORTSBOOK_API}/matches?phase=live`, headers })
  ).json().data.matches as Match[];
  const orders: string[] = [];
  for (const match of live) {
    const s = match.markets.flatMap((k) => k.selections).find((x) => !x.suspended);
    if (!s) continue;
    const res = await t.app.inject({
      method: 'POST',
      url: `${SPORTSBOOK_API}/bets`,
      headers,
      payload: {
        requestId: requestId(),
        stake: 10_000,
        selections: [{ selectionId: s.id, odds: s.odds }],
        acceptChangedOdds: true,
      },
    });
    if (res.json().status_code === 6000) orders.push(res.json().data.orderNo);
  }
  expect(orders.length).toBeGreaterThan(0);
  // Every live match is over 90 match minutes later (the longest, football and best-of-three series, last 90).
  await advanceClock(t.db, sportsbookConfig(), 90);
  const deadline = Date.now() + 15_000;
  let open = orders.length;
  while (open > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bets WHERE order_no = ANY($1::text[]) AND status = 'open'",
      [orders],
    );
    open = rows[0]!.n;
  }
  expect(open).toBe(0);
  const { rows } = await t.db.query<{ payout: string }>(
    'SELECT sum(payout) AS payout FROM bets WHERE member_id = $1',
    [m.id],
  );
  const pays = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_transfers WHERE id = ANY($1::text[])',
    [orders.map((o) => `sb-pay:${o}`)],
  );
  const paying = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM bets WHERE order_no = ANY($1::text[]) AND payout > 0',
    [orders],
  );
  expect(pays.rows[0]!.n).toBe(paying.rows[0]!.n);
  expect((await balanceOf(t.db, { memberId: m.id, kind: 'venue', venue: 'IMTY' })).balance).toBe(
    500_000 - 10_000 * orders.length + Number(rows[0]!.payout ?? 0),
  );
  expect((await checkLedger(t.db)).problems).toEqual([]);
}, 30_000);
