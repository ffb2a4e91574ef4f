// Money on launch under concurrency and repetition (issue 11 §2; the team's money rules): 50 parallel launches
// of one member, with 免转 on or with appSendMoney 1, move the central balance into the venue once — the
// amounts come from the balances, so no money moves twice, no balance goes below zero, and the ledger
// reconciles. PGlite, and PostgreSQL in server-pg.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import { CODE } from '../../src/protocol/api.ts';
import type { TestApp } from '../support/test-app.ts';
import { as, balances, PATH, player, venueApp, type Player } from './venue-helpers.ts';

const PARALLEL = 50;
const DEPOSIT = 1_234_567;

let t: TestApp;
beforeAll(async () => {
  t = await venueApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

const launch = (p: Player, payload: Record<string, unknown>) => as(t, p, 'POST', PATH.launch, payload);

/** Everything the member holds (central and every venue wallet), and that none of it is below zero. */
async function holdings(
  p: Player,
): Promise<{ total: number; central: number; venues: Record<string, number> }> {
  const b = await balances(t, p);
  expect(b.central).toBeGreaterThanOrEqual(0);
  for (const v of Object.values(b.venues)) expect(v).toBeGreaterThanOrEqual(0);
  const total = b.central + Object.values(b.venues).reduce((s, v) => s + v, 0);
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_accounts WHERE member_id = $1 AND balance - held < 0',
    [p.id],
  );
  expect(rows[0]!.n).toBe(0);
  return { total, central: b.central, venues: b.venues };
}

async function withAutoTransfer(fen: number): Promise<Player> {
  const p = await player(t, fen);
  const { body } = await as(t, p, 'POST', PATH.autoTransfer, { enabled: true, requestId: `auto-on-${p.id}` });
  expect(body.status_code).toBe(CODE.success);
  return p;
}

describe('免转 on: parallel launches of one venue', () => {
  it(`${PARALLEL} at once all answer, keep the total, and a next launch holds it all in the venue once`, async () => {
    const p = await withAutoTransfer(DEPOSIT);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => launch(p, { enName: 'IMTY' })));
    for (const a of answers) {
      expect(a.body.status_code).toBe(CODE.success);
      expect(a.body.data.moved).toBeGreaterThanOrEqual(0);
      expect(a.body.data.moved).toBeLessThanOrEqual(DEPOSIT);
    }
    expect((await holdings(p)).total).toBe(DEPOSIT);
    // Each launch made its own credential, so its own request id: 50 distinct ids, none used twice.
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT launch->>'requestId' AS id FROM venue_sessions WHERE member_id = $1`,
      [p.id],
    );
    expect(rows).toHaveLength(PARALLEL);
    expect(new Set(rows.map((r) => r.id)).size).toBe(PARALLEL);
    const settled = await launch(p, { enName: 'IMTY' });
    expect(settled.body.data.moved).toBe(DEPOSIT);
    const h = await holdings(p);
    expect([h.total, h.central, h.venues.IMTY]).toEqual([DEPOSIT, 0, DEPOSIT]);
  });

  it(`${PARALLEL} at once across three venues keep the total; the last launch gathers it`, async () => {
    const p = await withAutoTransfer(DEPOSIT);
    const venues = ['IMTY', 'YBTY', 'FBTY'];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => launch(p, { enName: venues[i % venues.length] })),
    );
    for (const a of answers) expect(a.body.status_code).toBe(CODE.success);
    expect((await holdings(p)).total).toBe(DEPOSIT);
    await launch(p, { enName: 'FBTY' });
    const h = await holdings(p);
    expect([h.total, h.central, h.venues.IMTY, h.venues.YBTY, h.venues.FBTY]).toEqual([
      DEPOSIT,
      0,
      0,
      0,
      DEPOSIT,
    ]);
  });

  it('launches repeated one after another move nothing twice', async () => {
    const p = await withAutoTransfer(DEPOSIT);
    for (let i = 0; i < 10; i++) {
      const a = await launch(p, { enName: 'YBDJ' });
      expect(a.body.data.moved).toBe(DEPOSIT);
      const h = await holdings(p);
      expect([h.total, h.central, h.venues.YBDJ]).toEqual([DEPOSIT, 0, DEPOSIT]);
    }
  });
});

describe('appSendMoney 1 with 免转 off: parallel launches', () => {
  it(`${PARALLEL} at once move the central balance exactly once, in one ledger transfer`, async () => {
    const p = await player(t, DEPOSIT);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => launch(p, { enName: 'IMTY', appSendMoney: 1 })),
    );
    for (const a of answers) expect(a.body.status_code).toBe(CODE.success);
    const moved = answers.map((a) => a.body.data.moved as number);
    expect(moved.reduce((s, m) => s + m, 0)).toBe(DEPOSIT);
    expect(moved.filter((m) => m > 0)).toEqual([DEPOSIT]);
    const h = await holdings(p);
    expect([h.total, h.central, h.venues.IMTY]).toEqual([DEPOSIT, 0, DEPOSIT]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account
        WHERE a.member_id = $1 AND a.kind = 'venue' AND t.kind = 'transfer_in'`,
      [p.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('parallel preloads move nothing and record no recent game', async () => {
    const p = await withAutoTransfer(DEPOSIT);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => launch(p, { enName: 'IMTY', isPreload: 1, appSendMoney: 1 })),
    );
    for (const a of answers) expect(a.body.data.moved).toBe(0);
    const h = await holdings(p);
    expect([h.total, h.central]).toEqual([DEPOSIT, DEPOSIT]);
    expect((await as(t, p, 'GET', PATH.recent)).body.data.items).toEqual([]);
  });
});
