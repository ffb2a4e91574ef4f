// The deposit flow's generated paths on the rendered app (issue 18 §2 on issue 9 §3: /mine/finance/deposit,
// channel → amount → order (idempotent: the request id kept for a retry after no answer) → waiting for the
// payment in the sandbox cashier → paid / cancelled).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CANCEL, CHANNELS, depositModel, ORDER, POLL } from '../machines/wallet/deposit.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled, UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { expectLedgerOk, keptLogin, PATH } from './wallet-support.ts';

const PAGE = '/mine/finance/deposit';
/** docs/api.md "Deposits". */
const DEPOSIT = {
  channels: /^\/fd\/api\/v1\/deposit\/channels$/,
  order: /^\/fd\/api\/v1\/deposit\/order$/,
  detail: /^\/fd\/api\/v1\/deposit\/order\/detail$/,
  cancel: /^\/fd\/api\/v1\/deposit\/order\/cancel$/,
};

const TEXT = {
  heading: '充值',
  sandbox: '沙盒环境：本站只使用游戏币，不连接任何真实支付渠道。',
  loadFailed: '充值渠道读取失败',
  retry: '重试',
  bank: /^银行卡转账/,
  amount: '充值金额（元）',
  presets: '快捷金额',
  preset100: '¥100.00',
  submit: '确认充值',
  submitting: '正在下单…',
  unsure: '网络异常，订单结果未确认，请点击重试（不会重复下单）',
  preview: '订单预览',
  orderTitle: '订单已创建',
  openCashier: '前往沙盒收银台付款',
  cancel: '取消订单',
  paid: '充值成功',
  paidText: (yuan: string) => `¥${yuan} 已到账中心钱包。`,
  cancelled: '订单已取消',
  cancelledText: '订单已取消，未扣款。',
  again: '再充一笔',
  /** server/http/envelope.ts SERVER_MESSAGE.orderSettled (30015). */
  settled: '订单已完成或已取消',
  problems: {
    noAmount: '请输入充值金额',
    belowMin: '低于该渠道单笔最低金额',
    aboveMax: '高于该渠道单笔最高金额',
  } as Record<string, string>,
};

// ── the flow as the player left it, from issue 9 §3 (independent of the machine) ──

/** The demo seed's bank channel (server/db/migrations/007-deposits.sql): ¥100–¥50,000, bonus 1% up to ¥188. */
const BANK = { min: 10_000, max: 5_000_000, bonusBp: 100, bonusCap: 18_800 };
const CLEANED: Record<string, string> = { '50': '50', '200': '200' };
function form(history: readonly AnyEventObject[]) {
  let text = '';
  for (const e of history) {
    if (e.type === 'deposit.amount') text = CLEANED[e['text'] as string]!;
    else if (e.type === 'deposit.preset') text = '100';
    else if (e.type === 'deposit.again') text = '';
  }
  return { text, fen: text === '' ? 0 : Math.round(Number(text) * 100) };
}
function problem(fen: number): string | null {
  if (fen <= 0) return 'noAmount';
  if (fen < BANK.min) return 'belowMin';
  if (fen > BANK.max) return 'aboveMax';
  return null;
}
const yuan = (fen: number) =>
  `${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

const callsTo = (seen: UiSeen, re: RegExp) => seen.backend.calls.filter((c) => re.test(c.url));
const mine = (seen: UiSeen, re: RegExp) => seen.travelled.filter((c) => re.test(c.url));
/** The order the server made (the last answer of an order call). */
function lastOrder(seen: UiSeen): { orderId: string; cashierUrl: string; amount: number } {
  const answered = callsTo(seen, DEPOSIT.order).filter((c) => c.status === 200);
  return (answered.at(-1)!.answer as { data: { orderId: string; cashierUrl: string; amount: number } }).data;
}

function header() {
  expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
  // issue 9 §3: clearly marked as a sandbox that moves play money.
  expect(screen.getByText(TEXT.sandbox)).toBeTruthy();
}

const see: Record<string, (seen: UiSeen) => void> = {
  loadingChannels: (seen) => {
    header();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(mine(seen, DEPOSIT.channels).map((c) => c.method)).toEqual(['GET']);
  },
  channelsFailed: (seen) => {
    header();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen, DEPOSIT.channels).at(-1)!.status).toBe(0);
  },
  choosing: (seen) => {
    header();
    const { text, fen } = form(seen.history);
    // issue 9 §3: the first open channel is chosen; its limits and bonus are shown before confirming.
    const bank = screen.getByRole('radio', { name: TEXT.bank }) as HTMLInputElement;
    expect(bank.checked).toBe(true);
    expect(bank.closest('label')!.textContent).toContain('单笔 ¥100.00 – ¥50,000.00');
    expect(bank.closest('label')!.textContent).toContain('赠送 1%（最高 ¥188.00）');
    const amount = screen.getByRole('textbox', { name: TEXT.amount }) as HTMLInputElement;
    expect(amount.value).toBe(text);
    expect(amount.disabled).toBe(false);
    expect(screen.getByRole('button', { name: TEXT.submit })).toBeTruthy();
    if (problem(fen) === null) expect(screen.getByRole('region', { name: TEXT.preview })).toBeTruthy();
    else expect(screen.queryByRole('region', { name: TEXT.preview })).toBeNull();
    if (seen.event.type === 'deposit.submit') {
      // A form that cannot be ordered says why and sends nothing.
      expect(mine(seen, DEPOSIT.order)).toEqual([]);
      expect(screen.getByRole('alert').textContent).toBe(TEXT.problems[problem(fen)!]);
    }
  },
  ordering: (seen) => {
    const { fen } = form(seen.history);
    expect(screen.getByRole('button', { name: TEXT.submitting }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('textbox', { name: TEXT.amount }) as HTMLInputElement).disabled).toBe(true);
    const sent = mine(seen, DEPOSIT.order);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as { requestId: string };
    expect(body).toEqual({ requestId: expect.any(String), channel: 'bank', amount: fen });
    const earlier = callsTo(seen, DEPOSIT.order)
      .slice(0, -1)
      .map((c) => (c.body as { requestId: string }).requestId);
    // issue 9 §3 (idempotent orders): a retry after no answer resends the same id; a new order a new one.
    if (seen.from === 'orderUnsure') expect(body.requestId).toBe(earlier.at(-1));
    else expect(earlier).not.toContain(body.requestId);
  },
  orderUnsure: (seen) => {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.unsure);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen, DEPOSIT.order).at(-1)!.status).toBe(0);
  },
  waiting: (seen) => {
    header();
    const order = lastOrder(seen);
    expect(screen.getByRole('heading', { level: 2, name: TEXT.orderTitle })).toBeTruthy();
    expect(screen.getByText(`订单号 ${order.orderId}`)).toBeTruthy();
    expect(screen.getByText(`银行卡转账 ¥${yuan(order.amount)}`)).toBeTruthy();
    // issue 9 §3: the page links to the order's sandbox cashier (a new tab).
    const cashier = screen.getByRole('link', { name: TEXT.openCashier });
    expect(cashier.getAttribute('href')).toBe(order.cashierUrl);
    expect(cashier.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: TEXT.cancel })).toHaveProperty('disabled', false);
  },
  polling: (seen) => {
    // The page follows the order's state: it reads the order again (every 2 s while it waits).
    expect(mine(seen, DEPOSIT.detail).map((c) => c.body)).toEqual([{ orderId: lastOrder(seen).orderId }]);
    expect(screen.getByRole('heading', { level: 2, name: TEXT.orderTitle })).toBeTruthy();
  },
  cancelling: (seen) => {
    expect(mine(seen, DEPOSIT.cancel).map((c) => c.body)).toEqual([{ orderId: lastOrder(seen).orderId }]);
    expect(screen.getByRole('button', { name: TEXT.cancel })).toHaveProperty('disabled', true);
  },
  'settled.paid': (seen) => {
    const result = screen.getByRole('status', { name: TEXT.paid });
    const { amount } = lastOrder(seen);
    // issue 9 §3: the amount plus the channel's bonus (1%, at most ¥188) reached the central wallet.
    const bonus = Math.min(Math.floor((amount * BANK.bonusBp) / 10_000), BANK.bonusCap);
    expect(within(result).getByText(TEXT.paidText(yuan(amount + bonus)))).toBeTruthy();
    expect(within(result).getByRole('button', { name: TEXT.again })).toBeTruthy();
    // The wallet reads its balances again (the credit shows at once).
    if (seen.event.type !== 'deposit.again') expect(mine(seen, PATH.summary)).toHaveLength(1);
  },
  'settled.expired': () => {
    throw new Error('not reached on the app (see producible)');
  },
  'settled.cancelled': () => {
    const result = screen.getByRole('status', { name: TEXT.cancelled });
    expect(within(result).getByText(TEXT.cancelledText)).toBeTruthy();
  },
};

// ── how each event happens ──

/** The player pays in the sandbox cashier tab: the cashier form's POST, straight to the server (not the app). */
async function payInCashier(backend: UiBackend, order: { orderId: string; cashierUrl: string }) {
  const token = new URL(order.cashierUrl, backend.baseUrl).searchParams.get('t')!;
  const res = await fetch(`${backend.baseUrl}/sandbox/cashier/${order.orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: token, action: 'pay' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  await expectLedgerOk(backend);
}
function orderOf(calls: Travelled[]) {
  const answered = calls.filter((c) => DEPOSIT.order.test(c.url) && c.status === 200);
  return (answered.at(-1)!.answer as { data: { orderId: string; cashierUrl: string } }).data;
}
const click = (step: UiStep, name: string | RegExp) => step.user.click(screen.getByRole('button', { name }));
const state = (step: UiStep) => JSON.stringify((step.actor.getSnapshot() as AnyMachineSnapshot).value);

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [`xstate.done.actor.${CHANNELS}`]: (step) => step.backend.release(DEPOSIT.channels),
  [`xstate.error.actor.${CHANNELS}`]: (step) => step.backend.fail(DEPOSIT.channels),
  'deposit.retry': (step) => click(step, TEXT.retry),
  'deposit.channel': (step) => step.user.click(screen.getByRole('radio', { name: TEXT.bank })),
  'deposit.amount': async ({ user, event }) => {
    const box = screen.getByRole('textbox', { name: TEXT.amount }) as HTMLInputElement;
    if (box.value) await user.clear(box);
    await user.click(box);
    await user.paste(event['text'] as string);
  },
  'deposit.preset': async ({ user }) =>
    user.click(
      within(screen.getByRole('group', { name: TEXT.presets })).getByRole('button', { name: TEXT.preset100 }),
    ),
  'deposit.submit': (step) => click(step, TEXT.submit),
  [`xstate.done.actor.${ORDER}`]: (step) => step.backend.release(DEPOSIT.order),
  [`xstate.error.actor.${ORDER}`]: (step) => step.backend.fail(DEPOSIT.order),
  [`xstate.done.actor.${POLL}`]: async (step) => {
    if ((step.event['output'] as { state: string }).state === 'paid' && !state(step).includes('paid'))
      await payInCashier(step.backend, orderOf(step.backend.calls));
    await step.backend.release(DEPOSIT.detail);
  },
  [`xstate.error.actor.${POLL}`]: (step) => step.backend.fail(DEPOSIT.detail),
  'deposit.cancel': (step) => click(step, TEXT.cancel),
  [`xstate.done.actor.${CANCEL}`]: (step) => step.backend.release(DEPOSIT.cancel),
  // 30015: the player paid in the cashier tab just before the cancel reached the server.
  [`xstate.error.actor.${CANCEL}`]: async (step) => {
    await payInCashier(step.backend, orderOf(step.backend.calls));
    await step.backend.release(DEPOSIT.cancel);
  },
  'deposit.again': (step) => click(step, TEXT.again),
};

/**
 * What the page can produce (a graph filter; the framework's `cannot` would end the paths and still expect the
 * edges behind): the demo seed's 支付宝 is open (no operator command closes a channel), so the graph's closed
 * channel cannot be picked (the page disables a closed one anyway); a chosen channel's radio clicked again
 * changes nothing; the server refuses an order (30012) only for what the page refuses first (no command changes
 * a channel's limits); an order expires after 15 minutes (server/modules/deposit/orders.ts), beyond any path;
 * once the player paid (the cancel refused, 30015) every read answers paid.
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as { channel: string | null; refusal: unknown };
  if (event.type === 'deposit.channel') return event['channel'] === 'bank' && ctx.channel !== 'bank';
  if (event.type === `xstate.error.actor.${ORDER}`)
    return (event['error'] as { type: string }).type !== 'business';
  if (event.type === `xstate.done.actor.${POLL}`) {
    const s = (event['output'] as { state: string }).state;
    if (s === 'expired') return false;
    if (s === 'pending') return ctx.refusal === null;
  }
  return true;
}

const onApp: MachineModel = {
  ...depositModel,
  graphs: depositModel.graphs.map((g) => ({ ...g, filterEvents: producible })),
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'deposit',
  // No systemId: the wallet actor's child while its page is open (started again on every visit).
  actor: (get) =>
    (get('wallet')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'deposit'
    ],
  boot: { 'a member on the deposit page': { path: PAGE, ...keptLogin(expectLedgerOk) } },
  hold: [DEPOSIT.channels, DEPOSIT.order, DEPOSIT.detail, DEPOSIT.cancel],
  drive,
  see,
});
