import { formatFen } from '../../../src/protocol/money.ts';
import type { Db } from '../../db/db.ts';
import { auditView } from './audit-view.ts';
import { memberIdByPhone, payDue, rebateHistory, rebateSummary } from './rebate.ts';

// Operator commands of rebate and the audit (`npm run ops -- rebate …`, issue 13 §4, §5), called from
// server/ops/commands.ts. Answers the text to print, or the usage line when the words are wrong.

export const REBATE_OPS_USAGE =
  "rebate show <phone> | rebate audit <phone> | rebate pay-due   (a member's claimable rebate and payments; their turnover audit; run the end-of-day payment now)";
export type RebateOpsResult = { text: string } | { usage: string };

const y = (fen: number) => formatFen(fen);

/** `npm run ops -- rebate show <phone> | audit <phone> | pay-due`. */
export async function rebateOps(
  db: Db,
  action: string | undefined,
  rest: string[],
): Promise<RebateOpsResult> {
  if (action === 'pay-due' && rest.length === 0) {
    const { day, paid } = await payDue(db);
    const lines = paid.map((p) => `${p.id}  ${y(p.amount).padStart(12)}  (computed ${y(p.computed)})`);
    return { text: [`end-of-day rebate for ${day}: ${paid.length} payment(s)`, ...lines].join('\n') };
  }
  if ((action === 'show' || action === 'audit') && rest.length === 1) {
    const memberId = await memberIdByPhone(db, rest[0]!);
    if (memberId === null) return { usage: `no member with phone ${rest[0]}` };
    if (action === 'show') {
      const s = await rebateSummary(db, memberId);
      const h = await rebateHistory(db, memberId, { page: 1, size: 10 });
      return {
        text: [
          `member ${memberId}  VIP${s.level}  claimable ${y(s.total)}  payable now ${y(s.payable)}  cap ${y(s.cap)} (paid today ${y(s.paidToday)})  minimum ${y(s.minimum)}`,
          ...s.lines
            .filter((l) => l.validBet > 0)
            .map(
              (l) =>
                `  ${l.platform}  valid bet ${y(l.validBet).padStart(14)}  ${l.rateBp} bp  ${y(l.amount).padStart(10)}`,
            ),
          `payments (${h.total}):`,
          ...h.items.map(
            (p) =>
              `  ${p.createdAt.slice(0, 19)}  ${p.source.padEnd(5)}  ${y(p.amount).padStart(10)}  ${p.id}`,
          ),
        ].join('\n'),
      };
    }
    const a = await auditView(db, memberId);
    return {
      text: [
        `member ${memberId}  required ${y(a.required)}  done ${y(a.done)}  outstanding ${y(a.outstanding)}  policy ${a.policy} ${a.deductionBp} bp  since ${a.since ?? '-'}`,
        ...a.items.map(
          (r) =>
            `  ${r.id}  required ${y(r.required).padStart(12)}  counted ${y(r.counted).padStart(12)}  ${r.met ? 'met' : 'open'}`,
        ),
      ].join('\n'),
    };
  }
  return { usage: REBATE_OPS_USAGE };
}
