import { assign, enqueueActions, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { RecallResult, VenueRefresh, WalletSummary } from '../../src/protocol/wallet.ts';
import { VENUE_REFRESH_LOCK_MS } from '../../src/protocol/wallet.ts';
import type { AreaEvent, AreaInput } from '../area.ts';
import { depositMachine } from './deposit.machine.ts';
import { DEPOSIT_PATH, depositWarningMachine } from './deposit-warning.machine.ts';
import { recordsMachine } from './records.machine.ts';
import { transferFormMachine } from './transfer-form.machine.ts';

// The wallet area's actor (issue 9 §2): the balances (central and every venue), 一键回收, the 免转 switch, the
// per-venue refresh with its lock, and two children: the deposit-safety warning (spec §2) and the transfer form.
// Every money-moving call carries a request id minted when it starts and kept for a retry after no answer. On
// the transaction-record page a third child, the record query, runs (the wallet actor's child 'records'), and on
// the deposit page the deposit flow (its child 'deposit').

/** spec §2: the transaction record page (served by the wallet area). */
export const RECORDS_PATH = '/mine/record/transRecord';

/** Product constant (issue 9 §2 design, like the site gate's): a failed balance read retries after 5 s. */
export const WALLET_RETRY_MS = 5_000;

export interface WalletRefusal {
  code: number | string;
  message: string;
}

interface Context {
  /** Where the player entered the area (the deposit warning starts from it). */
  path: string;
  summary: WalletSummary | null;
  /** The last read failed (the page says so; the last balances stay shown). */
  loadFailed: boolean;
  /** Venues whose refresh is locked (issue 9 §2: a few seconds after use). */
  locked: string[];
  /** The venue being refreshed. */
  refreshing: string | null;
  /** The request id of the recall or 免转 switch under way or waiting for a retry. */
  requestId: string | null;
  /** The 免转 value asked for (kept with its request id for a retry). */
  autoWanted: boolean | null;
  lastRecall: RecallResult | null;
  refusal: WalletRefusal | null;
}

export type WalletEvent =
  | AreaEvent
  | { type: 'wallet.reload' }
  | { type: 'wallet.recall' }
  | { type: 'wallet.autoTransfer'; enabled: boolean }
  | { type: 'wallet.refreshVenue'; venue: string }
  | { type: 'wallet.venueUnlocked'; venue: string }
  | { type: 'wallet.dismiss' };

const isAnswer = (error: unknown) => (error as { type?: string } | null)?.type === 'business';
const refusalOf = (error: unknown): WalletRefusal => {
  const e = error as { code: number | string; message: string };
  return { code: e.code, message: e.message };
};

export const walletMachine = setup({
  types: {} as { context: Context; events: WalletEvent; input: AreaInput },
  actors: {
    depositWarning: depositWarningMachine,
    records: recordsMachine,
    deposit: depositMachine.provide({ actions: { credited: sendParent({ type: 'wallet.reload' }) } }),
    transferForm: transferFormMachine.provide({
      actions: { walletMoved: sendParent({ type: 'wallet.reload' }) },
    }),
    loadWallet: fromPromise<WalletSummary>(async () => {
      throw new Error('provided at composition');
    }),
    recall: fromPromise<RecallResult, { requestId: string }>(async () => {
      throw new Error('provided at composition');
    }),
    switchAuto: fromPromise<
      { autoTransfer: boolean; recall: RecallResult | null },
      { enabled: boolean; requestId: string }
    >(async () => {
      throw new Error('provided at composition');
    }),
    refreshVenue: fromPromise<VenueRefresh, { venue: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * A fresh request id. The composition provides the browser's crypto (ids unique across tabs and reloads);
     * this default numbers them, so the machine's own graph sees an id too.
     */
    mintRequestId: assign({ requestId: ({ context }) => `wallet-request-${context.requestId ?? 0}-next` }),
    /** The refreshed venue stays locked for the lock's length (issue 9 §2), then unlocks by itself. */
    lockRefreshed: enqueueActions(({ context, enqueue }) => {
      const venue = context.refreshing;
      if (!venue) return;
      enqueue.assign({ locked: [...context.locked, venue], refreshing: null });
      enqueue.raise({ type: 'wallet.venueUnlocked', venue }, { delay: 'refreshLock', id: `unlock-${venue}` });
    }),
    /** The transfer form works on the balances the wallet read. */
    shareBalances: sendTo('transferForm', ({ context }) => ({
      type: 'transfer.balances' as const,
      central: context.summary?.central.available ?? 0,
      venues: context.summary?.venues ?? [],
    })),
  },
  guards: {
    onRecords: ({ context }) => context.path === RECORDS_PATH,
    toRecords: ({ event }) => event.type === 'route.changed' && event.path === RECORDS_PATH,
    awayFromRecords: ({ event }) => event.type === 'route.changed' && event.path !== RECORDS_PATH,
    onDeposit: ({ context }) => context.path === DEPOSIT_PATH,
    toDeposit: ({ event }) => event.type === 'route.changed' && event.path === DEPOSIT_PATH,
    awayFromDeposit: ({ event }) => event.type === 'route.changed' && event.path !== DEPOSIT_PATH,
  },
  delays: { retry: WALLET_RETRY_MS, refreshLock: VENUE_REFRESH_LOCK_MS },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({
    path: input.path,
    summary: null,
    loadFailed: false,
    locked: [],
    refreshing: null,
    requestId: null,
    autoWanted: null,
    lastRecall: null,
    refusal: null,
  }),
  invoke: [
    {
      id: 'depositWarning',
      systemId: 'depositWarning',
      src: 'depositWarning',
      input: ({ context }) => ({ path: context.path }),
    },
    { id: 'transferForm', systemId: 'transferForm', src: 'transferForm', input: {} },
  ],
  on: {
    'wallet.dismiss': { actions: assign({ refusal: null, lastRecall: null }) },
  },
  type: 'parallel',
  states: {
    // The route in a region of its own: a parallel machine takes its root's handler for an event only when no
    // region takes it, and the page regions below do take route changes.
    route: {
      initial: 'following',
      states: {
        following: {
          on: {
            // The warning's rule is the page's route; the shell broadcasts it to the area (issue 8 §1).
            'route.changed': {
              actions: [
                assign({ path: ({ event }) => event.path }),
                sendTo('depositWarning', ({ event }) => event),
              ],
            },
          },
        },
      },
    },
    recordsPage: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'onRecords', target: 'open' }, { target: 'closed' }] },
        closed: { on: { 'route.changed': { guard: 'toRecords', target: 'open' } } },
        open: {
          // No systemId: the region enters and leaves it again and again; pages reach it as the wallet's child.
          invoke: { id: 'records', src: 'records' },
          on: { 'route.changed': { guard: 'awayFromRecords', target: 'closed' } },
        },
      },
    },
    depositPage: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'onDeposit', target: 'open' }, { target: 'closed' }] },
        closed: { on: { 'route.changed': { guard: 'toDeposit', target: 'open' } } },
        // The deposit flow runs while the player is on the deposit page (a child, like the record query).
        open: {
          invoke: { id: 'deposit', src: 'deposit' },
          on: { 'route.changed': { guard: 'awayFromDeposit', target: 'closed' } },
        },
      },
    },
    balances: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadWallet',
            onDone: {
              target: 'ready',
              actions: [assign({ summary: ({ event }) => event.output, loadFailed: false }), 'shareBalances'],
            },
            onError: { target: 'failed', actions: assign({ loadFailed: true }) },
          },
        },
        ready: { on: { 'wallet.reload': 'loading' } },
        failed: {
          after: { retry: 'loading' },
          on: { 'wallet.reload': 'loading' },
        },
      },
    },
    moves: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'wallet.recall': { target: 'recalling', actions: ['mintRequestId', assign({ refusal: null })] },
            'wallet.autoTransfer': {
              target: 'switching',
              actions: ['mintRequestId', assign({ autoWanted: ({ event }) => event.enabled, refusal: null })],
            },
          },
        },
        recalling: {
          invoke: {
            src: 'recall',
            input: ({ context }) => ({ requestId: context.requestId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ lastRecall: ({ event }) => event.output, requestId: null }),
                enqueueActions(({ enqueue }) => enqueue.raise({ type: 'wallet.reload' })),
              ],
            },
            onError: [
              {
                guard: ({ event }) => isAnswer(event.error),
                target: 'idle',
                actions: assign({ refusal: ({ event }) => refusalOf(event.error), requestId: null }),
              },
              { target: 'recallUnsure' },
            ],
          },
        },
        /** No answer: retrying resends the same request id (nothing moves twice). */
        recallUnsure: {
          on: {
            'wallet.recall': 'recalling',
            'wallet.reload': { target: 'idle', actions: assign({ requestId: null }) },
          },
        },
        switching: {
          invoke: {
            src: 'switchAuto',
            input: ({ context }) => ({ enabled: context.autoWanted!, requestId: context.requestId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  lastRecall: ({ event }) => event.output.recall,
                  requestId: null,
                  autoWanted: null,
                }),
                enqueueActions(({ enqueue }) => enqueue.raise({ type: 'wallet.reload' })),
              ],
            },
            onError: [
              {
                guard: ({ event }) => isAnswer(event.error),
                target: 'idle',
                actions: assign({
                  refusal: ({ event }) => refusalOf(event.error),
                  requestId: null,
                  autoWanted: null,
                }),
              },
              { target: 'switchUnsure' },
            ],
          },
        },
        switchUnsure: {
          on: {
            'wallet.autoTransfer': {
              target: 'switching',
              guard: ({ context, event }) => event.enabled === context.autoWanted,
            },
            'wallet.reload': { target: 'idle', actions: assign({ requestId: null, autoWanted: null }) },
          },
        },
      },
    },
    refresh: {
      initial: 'idle',
      on: {
        'wallet.venueUnlocked': {
          actions: assign({
            locked: ({ context, event }) => context.locked.filter((v) => v !== event.venue),
          }),
        },
      },
      states: {
        idle: {
          on: {
            'wallet.refreshVenue': {
              guard: ({ context, event }) => !context.locked.includes(event.venue),
              target: 'refreshing',
              actions: assign({ refreshing: ({ event }) => event.venue, refusal: null }),
            },
          },
        },
        refreshing: {
          invoke: {
            src: 'refreshVenue',
            input: ({ context }) => ({ venue: context.refreshing! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  summary: ({ context, event }) =>
                    context.summary && {
                      ...context.summary,
                      venues: context.summary.venues.map((v) =>
                        v.venue === event.output.venue.venue ? event.output.venue : v,
                      ),
                    },
                }),
                'lockRefreshed',
                'shareBalances',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ refusal: ({ event }) => (isAnswer(event.error) ? refusalOf(event.error) : null) }),
                // A refusal (30004) or a failure: the venue is still locked for the lock's length (no hammering).
                'lockRefreshed',
              ],
            },
          },
        },
      },
    },
  },
});

export type WalletActor = ActorRefFrom<typeof walletMachine>;
