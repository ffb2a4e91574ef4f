import { randomBytes } from 'node:crypto';
import { CODE } from '../../../src/protocol/api.ts';
import { applyRate } from '../../../src/protocol/deposit.ts';
import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import type {
  Withdrawal,
  WithdrawalCreateRequest,
  WithdrawalList,
  WithdrawalMethod,
  WithdrawalOptions,
  WithdrawalState,
} from '../../../src/protocol/payout.ts';
import { withdrawalLimitsOf } from '../../../src/protocol/vip.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { publishWithdrawalChange, type WithdrawalEvent } from '../../stream/channels.ts';
import { balanceOf, LedgerError, settle, transfer, transferIn } from '../ledger/ledger.ts';
import { findPayoutAccount } from '../payout/accounts.ts';
import { checkFundPassword, fundPasswordStatus } from '../payout/fund-password.ts';
import { kycStatus } from '../payout/kyc.ts';
import { cachedSiteConfig, type SiteConfig } from '../site/config.ts';
import { ledgerToApi } from '../wallet/wallet.ts';
import { auditOf } from './audit.ts';
import { WITHDRAWAL_MESSAGE } from './messages.ts';
import {
  insertWithdrawal,
  lockMemberForWithdrawal,
  moveWithdrawal,
  selectMethods,
  selectMismatches,
  selectOrphanHolds,
  selectToday,
  selectUnfinished,
  selectUsdtRate,
  selectWithdrawal,
  selectWithdrawalByRequest,
  selectWithdrawals,
  type MethodRow,
  type WithdrawalRow,
} from './repository.ts';

// Withdrawals (issue 10 §3; docs/withdrawals.md). PLAY MONEY only: "paying" moves ledger money to cash_out.
//
// The withdrawal row's state is the authority; the ledger follows it:
// - create: the row and the pending hold `wd:{id}` (central → cash_out, the whole amount) commit together,
//   so the amount counts as locked at once and the database refuses what the wallet cannot afford (30001);
// - every later move is one conditional UPDATE (… WHERE state = ANY(from)): of two racing moves exactly one
//   changes the row. Only the winner's outcome is ever applied to the ledger, and applying it is idempotent
//   (settle and transfers by id), so a crash between the two steps is healed by doing the steps again
//   (`finishWithdrawal`, run by `npm run ops -- withdrawal sync|list` and by every later call on that row).

/** The sandbox USDT rate when the deposit side has no USDT channel (fen per USDT). */
export const DEFAULT_USDT_RATE_FEN = 720;
export const MICRO_PER_USDT = 1_000_000;
export const LIST_SIZE_DEFAULT = 20;
export const LIST_SIZE_MAX = 50;

export const holdIdOf = (id: string) => `wd:${id}`;
export const feeIdOf = (id: string) => `wd-fee:${id}`;
export const deductionIdOf = (id: string) => `wd-deduct:${id}`;

const ID_RANDOM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'W' + UTC yyyymmddhhmmss + 8 random characters: sortable by time, unguessable. */
export function newWithdrawalId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  let tail = '';
  for (const b of randomBytes(8)) tail += ID_RANDOM[b % ID_RANDOM.length];
  return `W${stamp}${tail}`;
}

const gates = new Map<number, Promise<void>>();

/** Runs fn after every earlier call for the same member on this node has finished (a per-member queue). */
async function oneAtATime<T>(memberId: number, fn: () => Promise<T>): Promise<T> {
  const prev = gates.get(memberId) ?? Promise.resolve();
  const run = prev.then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  gates.set(memberId, tail);
  try {
    return await run;
  } finally {
    if (gates.get(memberId) === tail) gates.delete(memberId);
  }
}

const refuse = (code: number, message: string, data: unknown = null): never => {
  throw new ApiError(code, message, 200, data);
};

/** The fee of an amount by a method: fee_bp of it, cut, at most the cap (0 = no cap). */
export const feeFor = (m: Pick<MethodRow, 'feeBp' | 'feeCapFen'>, amount: number) =>
  applyRate(amount, { percentBp: m.feeBp, cap: m.feeCapFen > 0 ? m.feeCapFen : null });

/** micro-USDT for a payout in fen at a rate (fen per USDT), rounded down: the sandbox never pays out more. */
export const usdtMicroFor = (payoutFen: number, rateFen: number) =>
  Number((BigInt(payoutFen) * BigInt(MICRO_PER_USDT)) / BigInt(rateFen));

/**
 * The member's daily limits (issue 13 §3; docs/vip.md "Withdrawal limits"): the site configuration's
 * withdrawalDailyCount / withdrawalDailyAmountYuan are VIP0's limits and everyone's baseline; from VIP1 up the
 * member's level raises them to its table values (src/protocol/vip.ts withdrawalLimitsOf), never lowers them.
 */
async function dailyLimitsOf(
  q: Queryable,
  memberId: number,
  config: SiteConfig,
): Promise<{ dailyCount: number; dailyAmount: number }> {
  const { rows } = await q.query<{ level: number }>('SELECT vip_level AS level FROM members WHERE id = $1', [
    memberId,
  ]);
  const l = withdrawalLimitsOf(rows[0]?.level ?? 0, {
    perDay: config.withdrawalDailyCount,
    amountPerDay: config.withdrawalDailyAmountYuan * FEN_PER_YUAN,
  });
  return { dailyCount: l.perDay, dailyAmount: l.amountPerDay };
}

// ---- answers -----------------------------------------------------------------------------------------------

export function withdrawalView(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    requestId: w.requestId,
    state: w.state,
    amount: w.amount,
    fee: w.fee,
    deduction: w.deduction,
    payout: w.amount - w.fee - w.deduction,
    usdtMicro: w.usdtMicro,
    usdtRate: w.usdtRateFen,
    account: w.account,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

const eventOf = (w: WithdrawalRow): WithdrawalEvent => ({
  memberId: w.memberId,
  id: w.id,
  state: w.state,
  amount: w.amount,
  payout: w.amount - w.fee - w.deduction,
  reason: w.reason,
  at: w.updatedAt.toISOString(),
});

const methodView = (m: MethodRow): WithdrawalMethod => ({
  kind: m.kind,
  min: m.minFen,
  max: m.maxFen,
  feeBp: m.feeBp,
  feeCap: m.feeCapFen,
});

const usdtRateOf = async (q: Queryable) => (await selectUsdtRate(q)) ?? DEFAULT_USDT_RATE_FEN;

// ---- the member's calls ------------------------------------------------------------------------------------

/** What the withdrawal page needs before the player confirms (issue 10 §3). */
export async function withdrawalOptions(db: Db, memberId: number): Promise<WithdrawalOptions> {
  const config = await cachedSiteConfig(db);
  const [methods, money, today, audit, usdtRate, fundPassword, kyc, limits] = await Promise.all([
    selectMethods(db),
    balanceOf(db, { memberId, kind: 'central' }),
    selectToday(db, memberId),
    auditOf(db, memberId, config),
    usdtRateOf(db),
    fundPasswordStatus(db, memberId),
    kycStatus(db, memberId),
    dailyLimitsOf(db, memberId, config),
  ]);
  return {
    methods: methods.filter((m) => m.open).map(methodView),
    available: money.available,
    today: {
      count: today.count,
      amount: today.amount,
      countLeft: Math.max(0, limits.dailyCount - today.count),
      amountLeft: Math.max(0, limits.dailyAmount - today.amount),
    },
    limits,
    audit,
    usdtRate,
    fundPassword,
    kycVerified: kyc.verified,
  };
}

/**
 * Makes a withdrawal, once per (member, requestId): the same id with the same account and amount answers the
 * first withdrawal (whatever happened to it since); with another account or amount 30002. Checked in this
 * order: 30021 (no real name), the repeat (answered before the fund password), 30041/30042/30043 (fund
 * password), 30034 (not the member's account), 30011 (the method is closed), 30012 (outside the method's
 * limits, or nothing left to pay after fee and deduction), 30051 (today's count or amount), 30052 (turnover
 * outstanding: refused, or the deduction not accepted; data: the audit), 30001 (the wallet cannot afford it:
 * the ledger refuses).
 */
export async function createWithdrawal(
  db: Db,
  memberId: number,
  req: WithdrawalCreateRequest,
): Promise<WithdrawalRow> {
  const same = (w: WithdrawalRow) => {
    if (w.accountId !== req.accountId || w.amount !== req.amount)
      refuse(CODE.duplicateRequest, '该笔提现请求已提交过且内容不同，请刷新页面后重试');
    return w;
  };
  if (!(await kycStatus(db, memberId)).verified) refuse(CODE.kycRequired, WITHDRAWAL_MESSAGE.kycRequired);
  const before = await oneAtATime(memberId, async () => {
    // A repeat of a request already made (a double click, a retry after a timeout) answers it as it is: it
    // moves nothing, so it does not spend a fund-password try.
    const made = await selectWithdrawalByRequest(db, memberId, req.requestId);
    if (made) return made;
    // Outside any transaction: a wrong try must stay counted (fund-password.ts). One check per member at a
    // time on this node: the fund password counts every try before checking it, so parallel submissions of
    // the right password would otherwise use up the tries and lock it.
    await checkFundPassword(db, memberId, req.fundPassword, { required: true });
    return null;
  });
  if (before) return same(before);

  const account = await findPayoutAccount(db, memberId, req.accountId);
  if (!account) return refuse(CODE.payoutAccountNotFound, WITHDRAWAL_MESSAGE.accountNotFound);
  const method = (await selectMethods(db)).find((m) => m.kind === account.kind);
  if (!method?.open) return refuse(CODE.channelUnavailable, WITHDRAWAL_MESSAGE.methodClosed);
  if (req.amount < method.minFen || req.amount > method.maxFen)
    return refuse(CODE.amountOutOfRange, WITHDRAWAL_MESSAGE.amountOutOfRange(method.minFen, method.maxFen));
  const config = await cachedSiteConfig(db);
  const fee = feeFor(method, req.amount);
  const usdtRate = account.kind === 'usdt' ? await usdtRateOf(db) : null;
  const id = newWithdrawalId();

  let outcome: { row: WithdrawalRow; created: boolean };
  try {
    outcome = await db.transaction(async (tx) => {
      // One member's requests one at a time: the daily sums and the insert cannot interleave.
      await lockMemberForWithdrawal(tx, memberId);
      const again = await selectWithdrawalByRequest(tx, memberId, req.requestId);
      if (again) return { row: again, created: false };

      const today = await selectToday(tx, memberId);
      const limits = await dailyLimitsOf(tx, memberId, config);
      if (today.count + 1 > limits.dailyCount)
        refuse(CODE.withdrawalDailyLimit, WITHDRAWAL_MESSAGE.dailyCount(limits.dailyCount));
      const amountLeft = Math.max(0, limits.dailyAmount - today.amount);
      if (req.amount > amountLeft)
        refuse(CODE.withdrawalDailyLimit, WITHDRAWAL_MESSAGE.dailyAmount(amountLeft));

      const audit = await auditOf(tx, memberId, config);
      let deduction = 0;
      if (audit.outstanding > 0) {
        if (audit.policy === 'refuse')
          refuse(CODE.turnoverOutstanding, WITHDRAWAL_MESSAGE.turnoverRefused(audit.outstanding), audit);
        if (req.acceptDeduction !== true)
          refuse(
            CODE.turnoverOutstanding,
            WITHDRAWAL_MESSAGE.turnoverDeduct(audit.outstanding, audit.deductionBp),
            audit,
          );
        deduction = applyRate(req.amount, { percentBp: audit.deductionBp, cap: null });
      }
      const payout = req.amount - fee - deduction;
      if (payout <= 0) refuse(CODE.amountOutOfRange, WITHDRAWAL_MESSAGE.nothingToPay);

      const inserted = await insertWithdrawal(tx, {
        id,
        memberId,
        requestId: req.requestId,
        accountId: req.accountId,
        accountKind: account.kind,
        account,
        amount: req.amount,
        fee,
        deduction,
        turnoverOutstanding: audit.outstanding,
        audit,
        usdtRateFen: usdtRate,
        usdtMicro: usdtRate === null ? null : usdtMicroFor(payout, usdtRate),
        holdId: holdIdOf(id),
      });
      if (!inserted) {
        // Cannot happen under the member's lock; if it did, the request's first withdrawal stands and no hold
        // is made for a row that does not exist.
        const first = await selectWithdrawalByRequest(tx, memberId, req.requestId);
        if (!first) throw new Error(`withdrawal request ${req.requestId} vanished`);
        return { row: first, created: false };
      }
      // The hold: the whole amount leaves what the member can spend now; the database refuses it below zero.
      await transferIn(tx, {
        id: holdIdOf(id),
        from: { memberId, kind: 'central' },
        to: { kind: 'cash_out' },
        amount: req.amount,
        kind: 'withdrawal',
        memo: { withdrawal: id },
        pending: true,
      });
      const row = (await selectWithdrawal(tx, id))!;
      await publishWithdrawalChange(tx, eventOf(row));
      return { row, created: true };
    });
  } catch (err) {
    if (err instanceof LedgerError) ledgerToApi(err);
    throw err;
  }
  return outcome.created ? outcome.row : same(outcome.row);
}

export async function listWithdrawals(
  db: Db,
  memberId: number,
  page: number,
  size: number,
): Promise<WithdrawalList> {
  const { rows, total } = await selectWithdrawals(db, { memberId, limit: size, offset: (page - 1) * size });
  return { items: rows.map(withdrawalView), total, page, size };
}

/** The player cancels a pending withdrawal: the hold is voided once. Cancelling again answers it; 30054 else. */
export async function cancelWithdrawal(db: Db, memberId: number, id: string): Promise<WithdrawalRow> {
  return moveAndFollow(db, id, ['pending'], 'cancelled', { memberId });
}

// ---- operators ---------------------------------------------------------------------------------------------

/** pending → approved: the hold stays until paid or rejected. */
export const approveWithdrawal = (db: Db, id: string) => moveAndFollow(db, id, ['pending'], 'approved');

/** approved → paid: the hold is posted; the fee and the deduction go from cash_out to fees. */
export const payWithdrawal = (db: Db, id: string) => moveAndFollow(db, id, ['approved'], 'paid');

/** pending | approved → rejected: the hold is voided, the money is the member's to spend again. */
export const rejectWithdrawal = (db: Db, id: string, reason: string) =>
  moveAndFollow(db, id, ['pending', 'approved'], 'rejected', { reason });

/**
 * One move, decided by one conditional UPDATE; then the ledger follows the row. A repeated move to the state the
 * row is in answers the row (and finishes its ledger steps if a crash left them undone); any other state 30054.
 */
async function moveAndFollow(
  db: Db,
  id: string,
  from: WithdrawalState[],
  to: WithdrawalState,
  opts: { memberId?: number; reason?: string } = {},
): Promise<WithdrawalRow> {
  const moved = await moveWithdrawal(db, id, from, to, opts);
  if (moved) {
    await finishWithdrawal(db, moved);
    await publishWithdrawalChange(db, eventOf(moved)).catch(() => {
      // The push is a hint (the page reads the list again on its next load); the move itself is committed.
    });
    return moved;
  }
  const now = await selectWithdrawal(db, id);
  if (!now || (opts.memberId !== undefined && now.memberId !== opts.memberId))
    return refuse(CODE.withdrawalNotFound, WITHDRAWAL_MESSAGE.notFound);
  if (now.state !== to)
    return refuse(CODE.withdrawalSettled, WITHDRAWAL_MESSAGE.settled, { state: now.state });
  await finishWithdrawal(db, now);
  return now;
}

/**
 * Makes the ledger match the withdrawal's state: paid → the hold posted, the fee and the deduction moved to
 * fees; rejected or cancelled → the hold voided. Idempotent (every step is by transfer id).
 */
export async function finishWithdrawal(db: Db, w: WithdrawalRow): Promise<void> {
  if (w.state === 'paid') {
    await settle(db, w.holdId, 'posted');
    if (w.fee > 0)
      await transfer(db, {
        id: feeIdOf(w.id),
        from: { kind: 'cash_out' },
        to: { kind: 'fees' },
        amount: w.fee,
        kind: 'withdrawal_fee',
        memo: { withdrawal: w.id },
      });
    if (w.deduction > 0)
      await transfer(db, {
        id: deductionIdOf(w.id),
        from: { kind: 'cash_out' },
        to: { kind: 'fees' },
        amount: w.deduction,
        kind: 'withdrawal_deduction',
        memo: { withdrawal: w.id },
      });
  } else if (w.state === 'rejected' || w.state === 'cancelled') {
    await settle(db, w.holdId, 'voided');
  }
}

/** Finishes every withdrawal a crash left half-followed; answers their ids. */
export async function finishUnfinished(db: Db): Promise<string[]> {
  const ids = await selectUnfinished(db, 1000);
  for (const id of ids) {
    const w = await selectWithdrawal(db, id);
    if (w) await finishWithdrawal(db, w);
  }
  return ids;
}

export const withdrawalOf = (db: Db, id: string) => selectWithdrawal(db, id);

export const recentWithdrawals = async (db: Db, limit: number, states?: WithdrawalState[]) =>
  (await selectWithdrawals(db, { limit, offset: 0, ...(states ? { states } : {}) })).rows;

// ---- reconciliation ----------------------------------------------------------------------------------------

export interface WithdrawalCheck {
  ok: boolean;
  problems: string[];
}

/**
 * For `ledger check`: every pending or approved withdrawal has a pending hold of its amount, every paid one a
 * posted hold (and its fee and deduction transfers), every rejected or cancelled one a voided hold; no hold
 * exists without its withdrawal.
 */
export async function checkWithdrawals(q: Queryable): Promise<WithdrawalCheck> {
  const problems = [
    ...(await selectMismatches(q)).map((m) => `withdrawal ${m.id} (${m.state}): ${m.problem}`),
    ...(await selectOrphanHolds(q)).map((id) => `withdrawal hold ${id} has no withdrawal`),
  ];
  return { ok: problems.length === 0, problems };
}
