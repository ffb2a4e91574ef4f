import { assign, fromPromise, setup } from 'xstate';
import type { ZrPick } from '../../../src/games-core/zr/table.ts';
import type { ZrBetResponse, ZrMyBet, ZrTableResponse } from '../../../src/games-core/zr/wire.ts';
import { GAMES_CODE, type InsufficientData } from '../../../src/protocol/games.ts';

// A live table's round flow (issue 12 §1 "Live casino"; docs/games-zr.md "The page"): the table is read
// (GET /zr/table); while its round takes bets the player picks a chip, puts chips on the board and confirms
// (POST /zr/bet, one request id per confirmation, reused by a retry after no answer); at the close (a timer to
// the round's closesAt on the server's clock) betting ends and the table is read every TABLE_POLL_MS until the
// round is drawn; the result is shown until the next round opens, then the table is read again. 41002 opens the
// shell's transfer in, 41005 ends the betting, 41001 ends the table.

/** Design (docs/games-zr.md): a closed round is read again every 2 s until its deal is known. */
export const TABLE_POLL_MS = 2_000;
/** The result stays at least this long even when the read came late (no busy loop of reads). */
export const RESULT_MIN_MS = 3_000;

export interface TableInput {
  game: string;
}

export interface BetAttempt {
  requestId: string;
  roundId: string;
  bets: Array<{ pick: ZrPick; stake: number }>;
}

export interface TableError {
  code: number | null;
  data: unknown;
}

export interface TableContext {
  game: string;
  view: ZrTableResponse | null;
  /** The chip the player holds (fen). */
  chip: number;
  /** Chips on the board not yet confirmed (fen per pick). */
  pending: Partial<Record<ZrPick, number>>;
  /** The confirmation being sent or left without an answer (retried with the same request id). */
  attempt: BetAttempt | null;
  error: TableError | null;
}

export type TableEvent =
  | { type: 'table.chip'; value: number }
  | { type: 'table.add'; pick: ZrPick }
  | { type: 'table.clear' }
  | { type: 'table.confirm'; requestId: string }
  | { type: 'table.retry' };

const errorOf = (event: unknown): TableError => {
  const e = ((event as { error?: unknown }).error ?? null) as { code?: unknown; data?: unknown } | null;
  return { code: typeof e?.code === 'number' ? e.code : null, data: e?.data ?? null };
};
const at = (iso: string) => Date.parse(iso);

/** The chip a player holds first (fen): the table minimum, 10 yuan. */
export const FIRST_CHIP = 1_000;

export const tableMachine = setup({
  types: {} as { context: TableContext; events: TableEvent; input: TableInput },
  actors: {
    readTable: fromPromise<ZrTableResponse, { game: string }>(async () => {
      throw new Error('provided at composition');
    }),
    placeBets: fromPromise<ZrBetResponse, BetAttempt & { game: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The shell re-reads the wallet and the visit's net (after a bet, after a settlement seen). */
    refresh: () => {},
    /** 41002: the shell's transfer in, with what was missing. */
    needFunds: (_, _data: InsufficientData) => {},
    store: assign({ view: ({ event }) => (event as unknown as { output: ZrTableResponse }).output }),
  },
  guards: {
    expired: ({ event }) => errorOf(event).code === GAMES_CODE.expired,
    insufficient: ({ event }) => errorOf(event).code === GAMES_CODE.insufficientBalance,
    closedNow: ({ event }) => errorOf(event).code === GAMES_CODE.bettingClosed,
    noAnswer: ({ event }) => errorOf(event).code === null,
    drawn: ({ context }) => context.view?.round.status === 'drawn',
    takingBets: ({ context }) =>
      context.view !== null && at(context.view.round.closesAt) > at(context.view.now),
    hasPending: ({ context }) => Object.values(context.pending).some((v) => (v ?? 0) > 0),
  },
  delays: {
    poll: TABLE_POLL_MS,
    untilClose: ({ context }) =>
      context.view ? Math.max(0, at(context.view.round.closesAt) - at(context.view.now)) : 0,
    untilNext: ({ context }) =>
      context.view
        ? Math.max(
            RESULT_MIN_MS,
            at(context.view.round.opensAt) + context.view.table.periodMs - at(context.view.now),
          )
        : RESULT_MIN_MS,
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => ({
    game: input.game,
    view: null,
    chip: FIRST_CHIP,
    pending: {},
    attempt: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'table.chip': { actions: assign({ chip: ({ event }) => event.value }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'readTable',
        input: ({ context }) => ({ game: context.game }),
        onDone: { target: 'routing', actions: 'store' },
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'table.retry': 'loading' } },
    /** Where a table just read belongs: its round drawn, taking bets, or closed waiting for the deal. */
    routing: {
      always: [
        { guard: 'drawn', target: 'result' },
        { guard: 'takingBets', target: 'betting' },
        { target: 'closed' },
      ],
    },
    betting: {
      entry: assign({ pending: {}, attempt: null, error: null }),
      after: { untilClose: 'closed' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'table.add': {
              actions: assign({
                pending: ({ context, event }) => ({
                  ...context.pending,
                  [event.pick]: (context.pending[event.pick] ?? 0) + context.chip,
                }),
                error: null,
              }),
            },
            'table.clear': { actions: assign({ pending: {}, error: null }) },
            'table.confirm': {
              guard: 'hasPending',
              target: 'placing',
              actions: assign({
                attempt: ({ context, event }) => ({
                  requestId: event.requestId,
                  roundId: context.view!.round.id,
                  bets: Object.entries(context.pending)
                    .filter(([, v]) => (v ?? 0) > 0)
                    .map(([pick, stake]) => ({ pick: pick as ZrPick, stake: stake! })),
                }),
                error: null,
              }),
            },
          },
        },
        placing: {
          invoke: {
            src: 'placeBets',
            input: ({ context }) => ({ ...context.attempt!, game: context.game }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  view: ({ context, event }) => ({
                    ...context.view!,
                    mine: mergeMine(context.view!.mine, event.output.mine),
                  }),
                  pending: {},
                  attempt: null,
                }),
                'refresh',
              ],
            },
            onError: [
              { guard: 'expired', target: '#table.expired' },
              {
                guard: 'insufficient',
                target: 'idle',
                actions: [
                  assign({ error: ({ event }) => errorOf(event), attempt: null }),
                  {
                    type: 'needFunds',
                    params: ({ event }) => errorOf(event).data as InsufficientData,
                  },
                ],
              },
              {
                guard: 'closedNow',
                target: '#table.closed',
                actions: assign({ error: ({ event }) => errorOf(event), attempt: null }),
              },
              {
                guard: 'noAnswer',
                target: 'unsent',
                actions: assign({ error: ({ event }) => errorOf(event) }),
              },
              { target: 'idle', actions: assign({ error: ({ event }) => errorOf(event), attempt: null }) },
            ],
          },
        },
        /** No answer: the same request id again (the server takes it once), or give up the chips. */
        unsent: {
          on: {
            'table.retry': 'placing',
            'table.clear': { target: 'idle', actions: assign({ pending: {}, attempt: null, error: null }) },
          },
        },
      },
    },
    closed: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'reading' } },
        reading: {
          invoke: {
            src: 'readTable',
            input: ({ context }) => ({ game: context.game }),
            onDone: { target: '#table.routing', actions: 'store' },
            onError: [{ guard: 'expired', target: '#table.expired' }, { target: 'waiting' }],
          },
        },
      },
    },
    result: {
      entry: 'refresh',
      after: { untilNext: 'loading' },
    },
    expired: { type: 'final' },
  },
});

/** The player's bets after a confirmation: those answered replace the ones shown of that round. */
function mergeMine(shown: readonly ZrMyBet[], answered: readonly ZrMyBet[]): ZrMyBet[] {
  const rounds = new Set(answered.map((b) => b.roundId));
  return [...shown.filter((b) => !rounds.has(b.roundId)), ...answered];
}
