import { assign, fromPromise, setup } from 'xstate';
import { cleanAmountInput, yuanToFen } from '../../src/protocol/money.ts';
import {
  ORDER_POLL_MS,
  type DepositChannel,
  type DepositChannels,
  type DepositOrder,
  type NewDepositOrder,
} from '../../src/protocol/deposit.ts';

// The deposit page (issue 9 §3, /mine/finance/deposit): channel → amount → order → waiting for the payment in
// the sandbox cashier → paid, expired or cancelled. The order's request id is minted when the player confirms and
// kept until an answer (a retry after no answer makes no second order). A waiting order is re-read every 2 s
// (ORDER_POLL_MS) until it ends.

export type DepositProblem = 'noChannel' | 'channelClosed' | 'noAmount' | 'belowMin' | 'aboveMax';

export interface DepositRefusal {
  code: number | string;
  message: string;
}

interface Context {
  channels: DepositChannel[];
  channel: string | null;
  amountText: string;
  requestId: string | null;
  order: DepositOrder | null;
  problem: DepositProblem | null;
  refusal: DepositRefusal | null;
}

export type DepositEvent =
  | { type: 'deposit.channel'; channel: string }
  | { type: 'deposit.amount'; text: string }
  | { type: 'deposit.preset'; amount: number }
  | { type: 'deposit.submit' }
  | { type: 'deposit.cancel' }
  | { type: 'deposit.retry' }
  | { type: 'deposit.again' };

/** The channel chosen, if any. */
export const chosenChannel = (c: Pick<Context, 'channels' | 'channel'>) =>
  c.channels.find((ch) => ch.code === c.channel) ?? null;

/** Why the order cannot be made as it is, or null (issue 9 §3: min/max per deposit, shown before confirming). */
export function depositProblem(
  c: Pick<Context, 'channels' | 'channel' | 'amountText'>,
): DepositProblem | null {
  const channel = chosenChannel(c);
  if (!channel) return 'noChannel';
  if (!channel.open) return 'channelClosed';
  const fen = yuanToFen(c.amountText);
  if (fen === null || fen <= 0) return 'noAmount';
  if (fen < channel.min) return 'belowMin';
  if (fen > channel.max) return 'aboveMax';
  return null;
}

const yuanText = (fen: number) =>
  `${Math.floor(fen / 100)}${fen % 100 ? `.${String(fen % 100).padStart(2, '0')}` : ''}`;
const isAnswer = (error: unknown) => (error as { type?: string } | null)?.type === 'business';
const refusalOf = (error: unknown): DepositRefusal => {
  const e = error as { code: number | string; message: string };
  return { code: e.code, message: e.message };
};

export const depositMachine = setup({
  types: {} as { context: Context; events: DepositEvent },
  actors: {
    loadChannels: fromPromise<DepositChannels>(async () => {
      throw new Error('provided at composition');
    }),
    createOrder: fromPromise<DepositOrder, NewDepositOrder>(async () => {
      throw new Error('provided at composition');
    }),
    readOrder: fromPromise<DepositOrder, { orderId: string }>(async () => {
      throw new Error('provided at composition');
    }),
    cancelOrder: fromPromise<DepositOrder, { orderId: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * A fresh request id. The composition provides the browser's crypto (unique across tabs and reloads); this
     * default numbers them, so the machine's own graph sees an id too.
     */
    mintRequestId: assign({ requestId: ({ context }) => `deposit-request-${context.requestId ?? 0}-next` }),
    /** The wallet re-reads its balances after a credit: provided by the wallet area actor (its parent). */
    credited: () => {},
  },
  guards: {
    orderable: ({ context }) => depositProblem(context) === null,
    ended: ({ event }) => (event as { output?: DepositOrder }).output?.state !== 'pending',
    paid: ({ context }) => context.order?.state === 'paid',
    expired: ({ context }) => context.order?.state === 'expired',
  },
  delays: { poll: ORDER_POLL_MS },
}).createMachine({
  id: 'deposit',
  context: {
    channels: [],
    channel: null,
    amountText: '',
    requestId: null,
    order: null,
    problem: null,
    refusal: null,
  },
  initial: 'loadingChannels',
  states: {
    loadingChannels: {
      invoke: {
        src: 'loadChannels',
        onDone: {
          target: 'choosing',
          actions: assign({
            channels: ({ event }) => event.output.channels,
            // The first open channel is chosen for the player.
            channel: ({ event }) => event.output.channels.find((c) => c.open)?.code ?? null,
          }),
        },
        onError: 'channelsFailed',
      },
    },
    channelsFailed: { on: { 'deposit.retry': 'loadingChannels' } },
    choosing: {
      on: {
        'deposit.channel': {
          actions: assign({ channel: ({ event }) => event.channel, problem: null, refusal: null }),
        },
        'deposit.amount': {
          actions: assign({
            amountText: ({ event }) => cleanAmountInput(event.text),
            problem: null,
            refusal: null,
          }),
        },
        'deposit.preset': {
          actions: assign({
            amountText: ({ event }) => yuanText(event.amount),
            problem: null,
            refusal: null,
          }),
        },
        'deposit.submit': [
          // A new order: an earlier refusal is over.
          {
            guard: 'orderable',
            target: 'ordering',
            actions: ['mintRequestId', assign({ refusal: null, problem: null })],
          },
          { actions: assign({ problem: ({ context }) => depositProblem(context) }) },
        ],
      },
    },
    ordering: {
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({
          requestId: context.requestId!,
          channel: context.channel!,
          amount: yuanToFen(context.amountText)!,
        }),
        onDone: {
          target: 'waiting',
          actions: assign({ order: ({ event }) => event.output, requestId: null }),
        },
        onError: [
          {
            guard: ({ event }) => isAnswer(event.error),
            target: 'choosing',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), requestId: null }),
          },
          { target: 'orderUnsure' },
        ],
      },
    },
    /** No answer to the order: retrying resends the same request id (the server makes one order). */
    orderUnsure: { on: { 'deposit.retry': 'ordering' } },
    /** The order waits for the payment in the sandbox cashier (the page links to it). */
    waiting: {
      after: { poll: 'polling' },
      on: { 'deposit.cancel': 'cancelling' },
    },
    polling: {
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.order!.orderId }),
        onDone: [
          { guard: 'ended', target: 'settled', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'waiting', actions: assign({ order: ({ event }) => event.output }) },
        ],
        // A failed read is tried again at the next poll.
        onError: 'waiting',
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.order!.orderId }),
        onDone: { target: 'settled', actions: assign({ order: ({ event }) => event.output }) },
        // Refused (paid or expired meanwhile) or no answer: the next read tells what became of it.
        onError: {
          target: 'polling',
          actions: assign({
            refusal: ({ event }) => (isAnswer(event.error) ? refusalOf(event.error) : null),
          }),
        },
      },
    },
    settled: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'paid', target: 'paid' },
            { guard: 'expired', target: 'expired' },
            { target: 'cancelled' },
          ],
        },
        paid: { entry: 'credited' },
        expired: {},
        cancelled: {},
      },
      on: {
        'deposit.again': {
          target: 'choosing',
          actions: assign({ order: null, amountText: '', refusal: null, problem: null }),
        },
      },
    },
  },
});
