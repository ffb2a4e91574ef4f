import { assign, fromPromise, setup } from 'xstate';
import { cleanAmountInput, yuanToFen } from '../../src/protocol/money.ts';
import type {
  TransferDirection,
  VenueWallet,
  WalletTransferRequest,
  WalletTransferResult,
} from '../../src/protocol/wallet.ts';

// The transfer form (issue 9 §2, /mine/finance/transfer): direction, venue, amount (spec §5 input rule, a
// 全部 button filling the whole available balance), and a submit that moves the money once: the request id is
// minted when a submit starts, kept until an answer comes back, and reused when the player retries after a
// failure without an answer (timeout, network). A refusal (an answer) ends that request: the next submit is a
// new one. A second submit while one is under way does nothing (double click, Enter twice).

export type TransferProblem =
  /** No venue chosen. */
  | 'noVenue'
  /** The venue is under maintenance or closed (not selectable). */
  | 'venueUnavailable'
  /** Nothing, or not an amount, typed. */
  | 'noAmount'
  /** More than the source wallet holds. */
  | 'overBalance';

export interface Refusal {
  code: number | string;
  message: string;
}

interface Context {
  direction: TransferDirection;
  venue: string | null;
  amountText: string;
  /** The central wallet's available fen, as the wallet last read it. */
  central: number;
  venues: VenueWallet[];
  /** The request under way or waiting for a retry (null: the next submit mints one). */
  requestId: string | null;
  problem: TransferProblem | null;
  refusal: Refusal | null;
  /** The last transfer that went through (the page confirms it). */
  done: { amount: number; direction: TransferDirection; venue: string } | null;
}

export type TransferFormEvent =
  | { type: 'transfer.direction'; direction: TransferDirection }
  | { type: 'transfer.venue'; venue: string }
  | { type: 'transfer.amount'; text: string }
  | { type: 'transfer.all' }
  | { type: 'transfer.submit' }
  /** The player gives up on an unanswered request: the balances are read again to show what happened. */
  | { type: 'transfer.abandon' }
  /** The wallet's balances (sent by the wallet area actor whenever it reads them). */
  | { type: 'transfer.balances'; central: number; venues: VenueWallet[] };

export interface TransferFormInput {
  direction?: TransferDirection;
  venue?: string | null;
}

/** What the source wallet can give, in fen. */
export function sourceAvailable(c: Pick<Context, 'direction' | 'venue' | 'central' | 'venues'>): number {
  if (c.direction === 'in') return c.central;
  return c.venues.find((v) => v.venue === c.venue)?.balance ?? 0;
}

/** Why the form cannot be sent as it is, or null. */
export function problemOf(c: Context): TransferProblem | null {
  if (!c.venue) return 'noVenue';
  const venue = c.venues.find((v) => v.venue === c.venue);
  if (venue && venue.status !== 'open') return 'venueUnavailable';
  const fen = yuanToFen(c.amountText);
  if (fen === null || fen <= 0) return 'noAmount';
  if (fen > sourceAvailable(c)) return 'overBalance';
  return null;
}

/** The yuan text of a fen amount, as the amount field shows it (no separators). */
const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export const transferFormMachine = setup({
  types: {} as {
    context: Context;
    events: TransferFormEvent;
    input: TransferFormInput;
  },
  actors: {
    send: fromPromise<WalletTransferResult, WalletTransferRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * A fresh request id. The composition provides the browser's crypto (ids unique across tabs and reloads);
     * this default numbers them, so the machine's own graph sees an id too.
     */
    mintRequestId: assign({ requestId: ({ context }) => `transfer-request-${context.requestId ?? 0}-next` }),
    /** The wallet re-reads its balances after money moved: provided by the wallet area actor (its parent). */
    walletMoved: () => {},
  },
  guards: {
    sendable: ({ context }) => problemOf(context) === null,
    hasRequest: ({ context }) => context.requestId !== null,
    /** A refusal is an answer (a coded error); anything else left the outcome unknown. */
    answered: ({ event }) => {
      const error = (event as { error?: { type?: string } }).error;
      return error?.type === 'business';
    },
  },
}).createMachine({
  id: 'transferForm',
  context: ({ input }) => ({
    direction: input.direction ?? 'in',
    venue: input.venue ?? null,
    amountText: '',
    central: 0,
    venues: [],
    requestId: null,
    problem: null,
    refusal: null,
    done: null,
  }),
  initial: 'editing',
  on: {
    'transfer.balances': {
      actions: assign({ central: ({ event }) => event.central, venues: ({ event }) => event.venues }),
    },
  },
  states: {
    editing: {
      on: {
        'transfer.direction': {
          actions: assign({ direction: ({ event }) => event.direction, problem: null, refusal: null }),
        },
        'transfer.venue': {
          actions: assign({ venue: ({ event }) => event.venue, problem: null, refusal: null }),
        },
        'transfer.amount': {
          actions: assign({
            amountText: ({ event }) => cleanAmountInput(event.text),
            problem: null,
            refusal: null,
          }),
        },
        'transfer.all': {
          actions: assign({
            amountText: ({ context }) => yuanText(sourceAvailable(context)),
            problem: null,
            refusal: null,
          }),
        },
        'transfer.submit': [
          // A new request: the last one's answer (done or refused) is over (found by its UI model test).
          {
            guard: 'sendable',
            target: 'submitting',
            actions: ['mintRequestId', assign({ done: null, refusal: null })],
          },
          { actions: assign({ problem: ({ context }) => problemOf(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({
          requestId: context.requestId!,
          direction: context.direction,
          venue: context.venue!,
          amount: yuanToFen(context.amountText)!,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              done: ({ context }) => ({
                amount: yuanToFen(context.amountText)!,
                direction: context.direction,
                venue: context.venue!,
              }),
              requestId: null,
              amountText: '',
              refusal: null,
            }),
            'walletMoved',
          ],
        },
        onError: [
          {
            guard: 'answered',
            target: 'editing',
            actions: assign({
              requestId: null,
              refusal: ({ event }) => {
                const e = event.error as { code: number | string; message: string };
                return { code: e.code, message: e.message };
              },
            }),
          },
          // No answer: the money may or may not have moved; the same id is kept for the retry.
          { target: 'unsure' },
        ],
      },
    },
    /** The last submit got no answer: a retry resends the same request (the server moves the money once). */
    unsure: {
      on: {
        'transfer.submit': { guard: 'hasRequest', target: 'submitting' },
        'transfer.abandon': { target: 'editing', actions: [assign({ requestId: null }), 'walletMoved'] },
      },
    },
  },
});
