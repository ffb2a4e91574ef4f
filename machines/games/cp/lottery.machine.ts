import { assign, fromPromise, setup } from 'xstate';
import type {
  LotteryPeriod,
  LotteryState,
  Ticket,
  TicketPick,
  TicketResponse,
} from '../../../src/games-core/cp/wire.ts';
import { GAMES_CODE, type InsufficientData } from '../../../src/protocol/games.ts';

// A lottery's period flow (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "The page"): the lottery is read (GET
// /cp/state and the player's tickets); while its period is open the player picks on the board (one or more picks,
// each a bet of the amount), reviews the ticket and confirms it (POST /cp/tickets, one request id per pick, the
// same ids again after no answer); at the close (a timer to closesAt on the server's clock) the period is read
// every DRAW_POLL_MS until its draw is known; the result stays until the next period opens, then the lottery is
// read again. 41002 opens the shell's transfer in, 41005 ends the betting, 41001 ends the page.

/** Design (docs/games-cp.md): a closed period is read again every second until its draw is known. */
export const DRAW_POLL_MS = 1_000;
/** The result stays at least this long even when the read came late (no busy loop of reads). */
export const RESULT_MIN_MS = 3_000;
/** Whole 元 from 1 to 10 000 per pick (games-core/cp/plays.ts LOTTERY_MIN_STAKE / MAX / STEP). */
export const STAKE_MIN = 100;
export const STAKE_MAX = 1_000_000;
export const STAKE_STEP = 100;
/** The amount a player starts with (fen): 2 元. */
export const FIRST_AMOUNT = 200;

export interface LotteryInput {
  game: string;
}

/** What a read answers: the lottery's state and the player's latest tickets of it. */
export interface LotteryRead {
  state: LotteryState;
  tickets: Ticket[];
}

export interface Pick {
  play: string;
  pick: string;
}

export interface TicketAttempt {
  game: string;
  roundId: string;
  picks: TicketPick[];
}

export type LotteryNotice =
  | { kind: 'placed'; count: number }
  | { kind: 'closed' }
  | { kind: 'needFunds' }
  | { kind: 'refused'; message: string }
  | { kind: 'noAnswer' };

export interface LotteryContext {
  game: string;
  read: LotteryRead | null;
  /** The period the page follows (open, closed or drawn). */
  period: LotteryPeriod | null;
  /** The play tab shown. */
  play: string;
  picks: Pick[];
  /** fen per pick. */
  amount: number;
  attempt: TicketAttempt | null;
  notice: LotteryNotice | null;
}

export type LotteryEvent =
  | { type: 'lottery.play'; play: string }
  | { type: 'lottery.toggle'; play: string; pick: string }
  | { type: 'lottery.amount'; fen: number }
  | { type: 'lottery.clear' }
  | { type: 'lottery.review' }
  | { type: 'lottery.confirm'; requestIds: string[] }
  | { type: 'lottery.cancel' }
  | { type: 'lottery.retry' };

interface CodedError {
  code: number | null;
  message: string;
  data: unknown;
}
const errorOf = (event: unknown): CodedError => {
  const e = ((event as { error?: unknown }).error ?? null) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  } | null;
  return {
    code: typeof e?.code === 'number' ? e.code : null,
    message: typeof e?.message === 'string' ? e.message : '',
    data: e?.data ?? null,
  };
};
const at = (iso: string) => Date.parse(iso);
const outputOf = (event: unknown) => (event as { output: LotteryRead }).output;
const sameTicket = (a: Pick, b: Pick) => a.play === b.play && a.pick === b.pick;

/** The period a read shows for the one followed: the current one, or the followed one found in the history. */
function followed(read: LotteryRead, id: string | null): LotteryPeriod | null {
  if (id === null || read.state.current.id === id) return read.state.current;
  return read.state.history.find((p) => p.id === id) ?? null;
}

export const lotteryMachine = setup({
  types: {} as { context: LotteryContext; events: LotteryEvent; input: LotteryInput },
  actors: {
    readLottery: fromPromise<LotteryRead, { game: string }>(async () => {
      throw new Error('provided at composition');
    }),
    placeTicket: fromPromise<TicketResponse, TicketAttempt>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The shell re-reads the wallet and the visit's net (after a ticket, after a draw seen). */
    refresh: () => {},
    /** 41002: the shell's transfer in, with what was missing. */
    needFunds: (_, _data: InsufficientData) => {},
  },
  guards: {
    expired: ({ event }) => errorOf(event).code === GAMES_CODE.expired,
    insufficient: ({ event }) => errorOf(event).code === GAMES_CODE.insufficientBalance,
    closedNow: ({ event }) => errorOf(event).code === GAMES_CODE.bettingClosed,
    noAnswer: ({ event }) => errorOf(event).code === null,
    periodDrawn: ({ context }) => context.period?.phase === 'drawn',
    periodOpen: ({ context }) =>
      context.read !== null &&
      context.period !== null &&
      context.period.phase === 'open' &&
      at(context.period.closesAt) > at(context.read.state.now),
    /** The followed period's draw is in the read (as the current period or in the history). */
    drawnNow: ({ context, event }) =>
      followed(outputOf(event), context.period?.id ?? null)?.phase === 'drawn',
    canReview: ({ context }) =>
      context.picks.length > 0 &&
      context.amount >= STAKE_MIN &&
      context.amount <= STAKE_MAX &&
      context.amount % STAKE_STEP === 0,
    idsForEveryPick: ({ context, event }) =>
      event.type === 'lottery.confirm' &&
      event.requestIds.length === context.picks.length &&
      new Set(event.requestIds).size === event.requestIds.length,
  },
  delays: {
    poll: DRAW_POLL_MS,
    untilClose: ({ context }) =>
      context.read && context.period
        ? Math.max(0, at(context.period.closesAt) - at(context.read.state.now))
        : 0,
    untilNext: ({ context }) =>
      context.read && context.period
        ? Math.max(RESULT_MIN_MS, at(context.period.endsAt) - at(context.read.state.now))
        : RESULT_MIN_MS,
  },
}).createMachine({
  id: 'lottery',
  context: ({ input }) => ({
    game: input.game,
    read: null,
    period: null,
    play: '',
    picks: [],
    amount: FIRST_AMOUNT,
    attempt: null,
    notice: null,
  }),
  initial: 'loading',
  on: {
    'lottery.play': { actions: assign({ play: ({ event }) => event.play }) },
    'lottery.amount': { actions: assign({ amount: ({ event }) => event.fen }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'readLottery',
        input: ({ context }) => ({ game: context.game }),
        onDone: {
          target: 'routing',
          actions: assign({
            read: ({ event }) => event.output,
            period: ({ event }) => event.output.state.current,
          }),
        },
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'lottery.retry': 'loading' } },
    /** Where a period just read belongs: drawn, taking tickets, or closed waiting for its draw. */
    routing: {
      always: [
        { guard: 'periodDrawn', target: 'result' },
        { guard: 'periodOpen', target: 'open' },
        { target: 'closed' },
      ],
    },
    open: {
      after: { untilClose: { target: 'closed', actions: assign({ attempt: null }) } },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'lottery.toggle': {
              actions: assign({
                picks: ({ context, event }) =>
                  context.picks.some((p) => sameTicket(p, event))
                    ? context.picks.filter((p) => !sameTicket(p, event))
                    : [...context.picks, { play: event.play, pick: event.pick }],
                notice: null,
              }),
            },
            'lottery.clear': { actions: assign({ picks: [], notice: null }) },
            'lottery.review': { guard: 'canReview', target: 'confirming', actions: assign({ notice: null }) },
          },
        },
        /** The ticket shown for confirmation: the period, each pick, the amount and the total. */
        confirming: {
          on: {
            'lottery.cancel': 'idle',
            'lottery.confirm': {
              guard: 'idsForEveryPick',
              target: 'placing',
              actions: assign({
                attempt: ({ context, event }) => ({
                  game: context.game,
                  roundId: context.period!.id,
                  picks: context.picks.map((p, i) => ({
                    requestId: event.requestIds[i]!,
                    play: p.play,
                    pick: p.pick,
                    stake: context.amount,
                  })),
                }),
              }),
            },
          },
        },
        placing: {
          invoke: {
            src: 'placeTicket',
            input: ({ context }) => context.attempt!,
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  read: ({ context, event }) => ({
                    ...context.read!,
                    tickets: [
                      ...event.output.tickets,
                      ...context.read!.tickets.filter(
                        (t) => !event.output.tickets.some((n) => n.orderNo === t.orderNo),
                      ),
                    ],
                  }),
                  notice: ({ event }) => ({ kind: 'placed' as const, count: event.output.tickets.length }),
                  picks: [],
                  attempt: null,
                }),
                'refresh',
              ],
            },
            onError: [
              { guard: 'expired', target: '#lottery.expired' },
              {
                guard: 'insufficient',
                target: 'idle',
                actions: [
                  assign({ notice: { kind: 'needFunds' as const }, attempt: null }),
                  { type: 'needFunds', params: ({ event }) => errorOf(event).data as InsufficientData },
                ],
              },
              {
                guard: 'closedNow',
                target: '#lottery.closed',
                actions: assign({ notice: { kind: 'closed' as const }, attempt: null }),
              },
              {
                guard: 'noAnswer',
                target: 'unanswered',
                actions: assign({ notice: { kind: 'noAnswer' as const } }),
              },
              {
                target: 'idle',
                actions: assign({
                  notice: ({ event }) => ({ kind: 'refused' as const, message: errorOf(event).message }),
                  attempt: null,
                }),
              },
            ],
          },
        },
        /** No answer: the ticket may be in. The same request ids again cannot stake it twice. */
        unanswered: {
          on: {
            'lottery.retry': 'placing',
            'lottery.cancel': { target: 'idle', actions: assign({ attempt: null, notice: null }) },
          },
        },
      },
    },
    /** Betting closed: the period is read every second until its draw is known. */
    closed: { after: { poll: 'drawing' } },
    drawing: {
      invoke: {
        src: 'readLottery',
        input: ({ context }) => ({ game: context.game }),
        onDone: [
          {
            guard: 'drawnNow',
            target: 'result',
            actions: assign({
              read: ({ event }) => event.output,
              period: ({ context, event }) => followed(event.output, context.period?.id ?? null),
            }),
          },
          { target: 'closed' },
        ],
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'closed' }],
      },
    },
    /** The draw, the player's tickets of it settled; the next period opens at the end of this one. */
    result: {
      // The draw speaks for itself: a notice of the betting (placed, refused) is cleared.
      entry: ['refresh', assign({ notice: null })],
      after: { untilNext: 'loading' },
    },
    /** 41001: the shell sends the player back to the site. */
    expired: { type: 'final' },
  },
});
