// Fault test (issue 11 §4, the approach of issue 9 §6): a process settling hundreds of decided bets with the real
// sweep is killed with SIGKILL mid-sweep; the sweep run again after the restart settles each bet exactly once:
// every bet settled, one payout transfer per paying bet with the bet's amount, one valid bet per counting bet,
// every wallet equal to what it was given minus its stakes plus its payouts, and the ledger check passes. On a
// PGlite data directory and, in server-pg, on PostgreSQL. The writer is written to a temporary directory.
import { expect, it } from 'vitest';
import { crashAndCheck, src } from './crash-harness.ts';

/** Settlements to see committed before the kill (of BETS): enough that the kill lands mid-sweep. */
const BEFORE_KILL = 40;
const BETS = 240;

const WRITER = `
import { randomBytes } from 'node:crypto';
import { migrate } from ${src('server/db/migrate.ts')};
import { openDatabase } from ${src('server/db/open.ts')};
import { openPg } from ${src('server/db/pg-driver.ts')};
import { checkLedger, transfer, balanceOf } from ${src('server/modules/ledger/ledger.ts')};
import { listMatches, placeBet } from ${src('server/modules/sportsbook/service.ts')};
import { insertDecision } from ${src('server/modules/sportsbook/repository.ts')};
import { sweep } from ${src('server/modules/sportsbook/settlement.ts')};
import { sportsbookConfig } from ${src('server/modules/sportsbook/settings.ts')};

const [mode, where] = process.argv.slice(2);
const [url, schema] = where.split('#');
const raw = url.startsWith('postgres') ? await openPg(url, schema) : await openDatabase({ dataDir: where });
if (url.startsWith('postgres')) await migrate(raw);
const config = sportsbookConfig({ seed: 'crash-seed', sweepMs: 0 });
const FUND = 10_000_000;

if (mode === 'write') {
  await raw.query("INSERT INTO venues (code, platform, name, provider) VALUES ('IMTY', 'TY', 'IM 体育', 'one') ON CONFLICT (code) DO NOTHING");
  const members = [];
  for (let i = 0; i < 4; i++) {
    const { rows } = await raw.query("INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id",
      ['(86)1390009000' + i, 'SBC' + i + randomBytes(3).toString('hex')]);
    const memberId = Number(rows[0].id);
    await transfer(raw, { id: 'crash-fund-' + memberId, from: { kind: 'cash_in' }, to: { memberId, kind: 'venue', venue: 'IMTY' }, amount: FUND, kind: 'deposit' });
    members.push({ memberId, venue: { code: 'IMTY', name: 'IM 体育', provider: 'one' }, sports: ['football', 'basketball', 'tennis', 'esports'] });
  }
  const ctx = { db: raw, config };
  const { matches } = await listMatches(ctx, members[0], 'football', 'early');
  const used = matches.slice(0, 20);
  for (let i = 0; i < ${BETS}; i++) {
    const c = members[i % members.length];
    const a = used[i % used.length];
    const b = used[(i * 7 + 3) % used.length];
    const pickOf = (m, k) => m.markets[k % m.markets.length].selections[k % m.markets[k % m.markets.length].selections.length];
    const legs = i % 5 === 4 && a.id !== b.id ? [pickOf(a, i), pickOf(b, i + 1)] : [pickOf(a, i)];
    await placeBet(ctx, c, { requestId: 'crash-' + i, stake: 1_000 + (i % 13) * 777,
      selections: legs.map((s) => ({ selectionId: s.id, odds: s.odds })), acceptChangedOdds: true });
  }
  // Every match decided (a few cancelled), nothing settled yet.
  for (const [k, m] of used.entries()) {
    await insertDecision(raw, m.id, k % 9 === 8 ? { state: 'cancelled' } : { state: 'ended', home: k % 4, away: (k * 3) % 5 }, 'operator');
  }
  console.log('READY');
  // The real sweep over a database that reports each committed settlement.
  const db = { ...raw, query: raw.query.bind(raw), exec: raw.exec.bind(raw), listen: raw.listen.bind(raw), notify: raw.notify.bind(raw),
    close: raw.close.bind(raw),
    async transaction(fn) { const out = await raw.transaction(fn); if (out) console.log('SETTLED ' + out.orderNo); return out; } };
  await sweep({ db, config });
  console.log('DONE');
  await new Promise(() => {});
} else {
  const open = Number((await raw.query("SELECT count(*)::int AS n FROM bets WHERE status = 'open'")).rows[0].n);
  const { settled } = await sweep({ db: raw, config });
  const again = await sweep({ db: raw, config });
  const q = async (sql) => (await raw.query(sql)).rows;
  const bets = await q('SELECT order_no, member_id, stake::bigint AS stake, payout::bigint AS payout, valid_bet::bigint AS valid, status FROM bets');
  const pays = await q("SELECT id, amount::bigint AS amount FROM ledger_transfers WHERE id LIKE 'sb-pay:%'");
  const stakes = await q("SELECT id, amount::bigint AS amount FROM ledger_transfers WHERE id LIKE 'sb-stake:%'");
  const valids = await q('SELECT bet_id, amount::bigint AS amount FROM valid_bets');
  const payBy = new Map(pays.map((r) => [r.id, Number(r.amount)]));
  const validBy = new Map(valids.map((r) => [r.bet_id, Number(r.amount)]));
  const wrong = [];
  const model = new Map();
  for (const b of bets) {
    const payout = Number(b.payout);
    if (b.status === 'open') wrong.push(b.order_no + ' still open');
    if ((payBy.get('sb-pay:' + b.order_no) ?? 0) !== payout) wrong.push(b.order_no + ' paid ' + payBy.get('sb-pay:' + b.order_no) + ' not ' + payout);
    if ((validBy.get(b.order_no) ?? 0) !== Number(b.valid)) wrong.push(b.order_no + ' valid ' + validBy.get(b.order_no) + ' not ' + b.valid);
    const m = String(b.member_id);
    model.set(m, (model.get(m) ?? FUND) - Number(b.stake) + payout);
  }
  for (const [m, want] of model) {
    const { balance } = await balanceOf(raw, { memberId: Number(m), kind: 'venue', venue: 'IMTY' });
    if (balance !== want) wrong.push('member ' + m + ' has ' + balance + ' not ' + want);
  }
  const ledger = await checkLedger(raw);
  console.log(JSON.stringify({ bets: bets.length, openBefore: open, settledNow: settled.length, settledAgain: again.settled.length,
    payTransfers: pays.length, paying: bets.filter((b) => Number(b.payout) > 0).length, stakeTransfers: stakes.length,
    valids: valids.length, counting: bets.filter((b) => Number(b.valid) > 0).length, wrong, ledger }));
  await raw.close();
}
`;

it('SIGKILL mid-sweep: the sweep after the restart settles each bet exactly once; the ledger balances', async () => {
  const r = await crashAndCheck<{
    bets: number;
    openBefore: number;
    settledNow: number;
    settledAgain: number;
    payTransfers: number;
    paying: number;
    stakeTransfers: number;
    valids: number;
    counting: number;
    wrong: string[];
    ledger: { ok: boolean; problems: string[] };
  }>({ writer: WRITER, name: 'sb-crash', marker: 'SETTLED ', count: BEFORE_KILL, doneLine: 'DONE' });
  expect(r.bets).toBe(BETS);
  // The kill landed mid-sweep: some were settled, some were left.
  expect(r.openBefore).toBeGreaterThan(0);
  expect(r.openBefore).toBeLessThanOrEqual(BETS - BEFORE_KILL);
  // The restarted sweep settled exactly the ones left; a further sweep settled nothing.
  expect(r.settledNow).toBe(r.openBefore);
  expect(r.settledAgain).toBe(0);
  expect(r.wrong).toEqual([]);
  expect(r.stakeTransfers).toBe(BETS);
  expect(r.payTransfers).toBe(r.paying);
  expect(r.valids).toBe(r.counting);
  expect(r.ledger.problems).toEqual([]);
}, 300_000);
