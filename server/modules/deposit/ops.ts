import { formatFen } from '../../../src/protocol/money.ts';
import type { Db } from '../../db/db.ts';
import { findTransfer } from '../ledger/ledger.ts';
import { formatUsdt, transferIds } from './orders.ts';
import { expireDue, selectOrder, selectOrders, selectTurnover, type OrderRow } from './repository.ts';

// Operator commands of the deposit area (`npm run ops -- deposit list|show <order>`), called from
// server/ops/commands.ts. Answers the text to print, or the usage line when the words are wrong.

export const DEPOSIT_OPS_USAGE = 'deposit list [count] | deposit show <order>';

export type DepositOpsResult = { text: string } | { usage: string };

const when = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '-');

function line(o: OrderRow): string {
  return [
    o.id,
    o.state.padEnd(9),
    `member ${o.memberId}`,
    o.channel.padEnd(11),
    formatFen(o.amount).padStart(14),
    `bonus ${formatFen(o.bonus)}`,
    `created ${when(o.createdAt)}`,
  ].join('  ');
}

export async function depositOps(
  db: Db,
  action: string | undefined,
  rest: string[],
): Promise<DepositOpsResult> {
  if (action === 'list') {
    const count = rest[0] === undefined ? 20 : Number(rest[0]);
    if (!Number.isInteger(count) || count < 1 || count > 500) return { usage: 'deposit list [count: 1–500]' };
    await expireDue(db);
    const orders = await selectOrders(db, { limit: count });
    return { text: orders.length ? orders.map(line).join('\n') : 'no deposit orders' };
  }
  if (action === 'show') {
    const id = rest[0];
    if (!id || !/^D[0-9A-Z]{8,40}$/.test(id)) return { usage: 'deposit show <order id, e.g. D20261123…>' };
    await expireDue(db, { id });
    const o = await selectOrder(db, id);
    if (!o) return { text: `no deposit order ${id}` };
    const out = [
      `order      ${o.id} (${o.state})`,
      `member     ${o.memberId}   request ${o.requestId}`,
      `channel    ${o.channel} ${o.channelName}`,
      `amount     ${formatFen(o.amount)}   bonus ${formatFen(o.bonus)}   fee ${formatFen(o.fee)}`,
      `created    ${when(o.createdAt)}   expires ${when(o.expiresAt)}   settled ${when(o.settledAt)}`,
    ];
    if (o.usdtMicro !== null)
      out.push(
        `usdt       ${formatUsdt(o.usdtMicro)} USDT to ${o.usdtAddress ?? '-'} at ${o.usdtRateFen ?? '-'} fen/USDT`,
      );
    if (o.providerTx) out.push(`provider   ${o.providerTx}   seen ${when(o.seenAt)}`);
    const ids = transferIds(o.id);
    for (const tid of [ids.deposit, ids.fee, ids.bonus]) {
      const t = await findTransfer(db, tid);
      if (t) out.push(`transfer   ${t.id}  ${t.kind}  ${formatFen(t.amount)}  ${t.state}`);
    }
    const turnover = await selectTurnover(db, o.id);
    if (turnover)
      out.push(
        `turnover   required ${formatFen(turnover.required)}   achieved ${formatFen(turnover.achieved)}`,
      );
    return { text: out.join('\n') };
  }
  return { usage: DEPOSIT_OPS_USAGE };
}
