import { CODE } from '../../../src/protocol/api.ts';
import { formatFen } from '../../../src/protocol/money.ts';
import type { WithdrawalState } from '../../../src/protocol/payout.ts';
import type { Db } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import type { WithdrawalRow } from './repository.ts';
import {
  approveWithdrawal,
  finishUnfinished,
  payWithdrawal,
  recentWithdrawals,
  rejectWithdrawal,
} from './withdrawals.ts';

// Operator commands of the withdrawal area (`npm run ops -- withdrawal …`), called from server/ops/commands.ts.
// Answers the text to print, or the usage line when the words are wrong.

export const WITHDRAWAL_OPS_USAGE =
  'withdrawal list [count] [open] | withdrawal approve|pay <id> | withdrawal reject <id> [reason] | withdrawal sync';
export type WithdrawalOpsResult = { text: string } | { usage: string };

const ID = /^W[0-9A-Z]{8,40}$/;
const when = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '-');
/** The reason a player reads when the operator gives none. */
export const DEFAULT_REJECT_REASON = '提现申请未通过审核，如有疑问请联系客服';

function line(w: WithdrawalRow): string {
  return [
    w.id,
    w.state.padEnd(9),
    `member ${w.memberId}`,
    `${w.accountKind} ${w.account.masked}`.padEnd(22),
    formatFen(w.amount).padStart(14),
    `fee ${formatFen(w.fee)}`,
    `deduction ${formatFen(w.deduction)}`,
    `payout ${formatFen(w.amount - w.fee - w.deduction)}`,
    ...(w.usdtMicro !== null ? [`usdt ${(w.usdtMicro / 1_000_000).toFixed(6)}`] : []),
    `created ${when(w.createdAt)}`,
    ...(w.reason ? [`reason ${w.reason}`] : []),
  ].join('  ');
}

/** `npm run ops -- withdrawal list|approve|reject|pay|sync` (issue 10 §3). */
export async function withdrawalOps(
  db: Db,
  action: string | undefined,
  rest: string[],
): Promise<WithdrawalOpsResult> {
  if (action === 'list') {
    const words = [...rest];
    const open = words.includes('open');
    const countWord = words.find((w) => w !== 'open');
    const count = countWord === undefined ? 20 : Number(countWord);
    if (!Number.isInteger(count) || count < 1 || count > 500)
      return { usage: 'withdrawal list [count: 1–500] [open]' };
    const healed = await finishUnfinished(db);
    const states: WithdrawalState[] | undefined = open ? ['pending', 'approved'] : undefined;
    const rows = await recentWithdrawals(db, count, states);
    const out = rows.length ? rows.map(line) : [open ? 'no open withdrawals' : 'no withdrawals'];
    if (healed.length) out.push(`finished the ledger steps of ${healed.join(', ')}`);
    return { text: out.join('\n') };
  }
  if (action === 'sync') {
    const healed = await finishUnfinished(db);
    return { text: healed.length ? `finished ${healed.join(', ')}` : 'every withdrawal matches the ledger' };
  }
  if (action === 'approve' || action === 'pay' || action === 'reject') {
    const id = rest[0];
    if (!id || !ID.test(id)) return { usage: `withdrawal ${action} <id, e.g. W20261125…>` };
    try {
      const w =
        action === 'approve'
          ? await approveWithdrawal(db, id)
          : action === 'pay'
            ? await payWithdrawal(db, id)
            : await rejectWithdrawal(db, id, rest.slice(1).join(' ').trim() || DEFAULT_REJECT_REASON);
      return { text: `${w.id} ${w.state}: ${line(w)}` };
    } catch (err) {
      if (err instanceof ApiError && err.code === CODE.withdrawalNotFound)
        return { text: `no withdrawal ${id}` };
      if (err instanceof ApiError && err.code === CODE.withdrawalSettled) {
        const state = (err.data as { state?: string } | null)?.state ?? 'settled';
        return {
          text: `withdrawal ${id} is ${state}: it cannot be ${{ approve: 'approved', pay: 'paid', reject: 'rejected' }[action]}`,
        };
      }
      throw err;
    }
  }
  return { usage: WITHDRAWAL_OPS_USAGE };
}
