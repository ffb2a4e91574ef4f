import { assign, fromPromise, setup } from 'xstate';
import {
  GAMES_CODE,
  type GamesSession,
  type InsufficientData,
  type TransferInResult,
} from '../../src/protocol/games.ts';

// The games page's shell (issue 12 §2, §3; docs/games.md "The page"): the venue, the venue wallet and the
// visit's net result in every game (GET {GAMES_API}/session), read at start, again every SHELL_POLL_MS (shared
// rounds settle while the player watches) and at once when a game asks (a bet or a settlement seen); and the
// transfer in (central → venue wallet), opened by the player or by a stake the venue wallet could not afford
// (41002, issue 12 §3: "refused in the game with a clear message and a way to transfer in"). 41001 (the venue
// credential expired) ends the shell: the page sends the player back to the site.

/** Design (docs/games.md): the header is re-read every 15 s besides after each round. */
export const SHELL_POLL_MS = 15_000;

export interface TransferInput {
  requestId: string;
  amount: number;
}

export interface ShellContext {
  session: GamesSession | null;
  /** The stake that could not be afforded (the dialog says how much is missing), or null when opened by hand. */
  need: InsufficientData | null;
  /** The transfer being sent or last refused (its request id is reused by a retry: no double transfer). */
  transfer: TransferInput | null;
  /** The last refusal's message for the dialog. */
  transferError: string | null;
}

export type ShellEvent =
  | { type: 'shell.retry' }
  | { type: 'shell.refresh' }
  | { type: 'transfer.open' }
  | { type: 'transfer.needFunds'; data: InsufficientData }
  | { type: 'transfer.close' }
  | { type: 'transfer.submit'; requestId: string; amount: number }
  | { type: 'transfer.retry' };

const errorOf = (event: unknown) =>
  ((event as { error?: unknown }).error ?? null) as { code?: unknown; message?: unknown } | null;

export const shellMachine = setup({
  types: {} as { context: ShellContext; events: ShellEvent },
  actors: {
    readSession: fromPromise<GamesSession>(async () => {
      throw new Error('provided at composition');
    }),
    transferIn: fromPromise<TransferInResult, TransferInput>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    expired: ({ event }) => errorOf(event)?.code === GAMES_CODE.expired,
    validAmount: ({ event }) =>
      event.type === 'transfer.submit' && Number.isSafeInteger(event.amount) && event.amount > 0,
  },
  delays: { poll: SHELL_POLL_MS },
}).createMachine({
  id: 'gamesShell',
  context: { session: null, need: null, transfer: null, transferError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readSession',
        onDone: { target: 'ready', actions: assign({ session: ({ event }) => event.output }) },
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'shell.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: {
              after: { poll: 'refreshing' },
              on: { 'shell.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                src: 'readSession',
                onDone: { target: 'idle', actions: assign({ session: ({ event }) => event.output }) },
                // What is shown stays; the next poll tries again.
                onError: [{ guard: 'expired', target: '#gamesShell.expired' }, { target: 'idle' }],
              },
            },
          },
        },
        transfer: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'transfer.open': {
                  target: 'open',
                  actions: assign({ need: null, transfer: null, transferError: null }),
                },
                'transfer.needFunds': {
                  target: 'open',
                  actions: assign({ need: ({ event }) => event.data, transfer: null, transferError: null }),
                },
              },
            },
            open: {
              on: {
                'transfer.close': { target: 'closed', actions: assign({ need: null, transferError: null }) },
                'transfer.submit': {
                  guard: 'validAmount',
                  target: 'sending',
                  actions: assign({
                    transfer: ({ event }) => ({ requestId: event.requestId, amount: event.amount }),
                    transferError: null,
                  }),
                },
              },
            },
            sending: {
              invoke: {
                src: 'transferIn',
                input: ({ context }) => context.transfer!,
                onDone: {
                  target: 'closed',
                  actions: assign({
                    session: ({ context, event }) =>
                      context.session && {
                        ...context.session,
                        balance: event.output.balance,
                        central: event.output.central,
                      },
                    need: null,
                    transfer: null,
                  }),
                },
                onError: [
                  { guard: 'expired', target: '#gamesShell.expired' },
                  {
                    target: 'refused',
                    actions: assign({
                      transferError: ({ event }) => {
                        const m = errorOf(event)?.message;
                        return typeof errorOf(event)?.code === 'number' && typeof m === 'string' ? m : null;
                      },
                    }),
                  },
                ],
              },
            },
            /** Refused (a coded answer: transferError) or no answer (transferError null: retry sends the same id). */
            refused: {
              on: {
                'transfer.retry': 'sending',
                'transfer.close': {
                  target: 'closed',
                  actions: assign({ need: null, transfer: null, transferError: null }),
                },
                'transfer.submit': {
                  guard: 'validAmount',
                  target: 'sending',
                  actions: assign({
                    transfer: ({ event }) => ({ requestId: event.requestId, amount: event.amount }),
                    transferError: null,
                  }),
                },
              },
            },
          },
        },
      },
    },
    /** 41001: the page sends the player back to the site. */
    expired: { type: 'final' },
  },
});
