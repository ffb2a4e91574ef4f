import { assign, fromPromise, setup } from 'xstate';
import type { BjView, BullView } from '../../../src/games-core/qp/views.ts';
import { GAMES_CODE, type InsufficientData } from '../../../src/protocol/games.ts';

// A chess-and-card table (issue 12 §1 "a round timer", §3; docs/games-qp.md "The page"): 抢庄牛牛 or 二十一点,
// one hand at a time. On opening, the player's latest hand is read (an open one is taken up where it stands, a
// finished one shows its result). The player chooses a base stake and starts a hand; each step (grab, bet, hit,
// stand, double, split) is one request with its own request id. While a hand waits for the player, its round
// timer runs to the server's deadline (+ a grace for the server's sweep); when it runs out the server acts for
// the player (不抢 / 1 倍 / stand): the page re-reads the hand until it moves on. The shell re-reads the wallet
// after every start and every step. 41002: the shell's transfer in. 41008 (the hand moved on, e.g. the timer):
// the hand is read again. Another refusal is said plainly. No answer: a retry sends the SAME request again (the
// server answers what it did, once), giving up re-reads the hand. There is no auto-play.

/** Design (docs/games-qp.md): the server's sweep runs every second; the page waits this long past a deadline. */
export const DEADLINE_GRACE_MS = 1_000;
/** Design: how often the page re-reads a hand whose timer ran out until the server has played it. */
export const EXPIRED_POLL_MS = 1_000;

export type QpView = BullView | BjView;

/** What the page reads of a hand, with the time left on its timer by the server's clock (ms). */
export interface HandRead {
  view: QpView | null;
  msLeft: number;
}

export type QpMove =
  | { move: 'grab'; value: number }
  | { move: 'bet'; value: number }
  | { move: 'hit' | 'stand' | 'double' | 'split' };

export type QpRequest =
  | { kind: 'start'; requestId: string; base: number }
  | ({ kind: 'step'; requestId: string; handId: string } & QpMove);

export interface QpTableInput {
  game: string;
  /** The base stakes offered (fen), small to large. */
  bases: readonly number[];
}

export interface QpRefusal {
  code: number;
  message: string;
}

export interface QpTableContext {
  game: string;
  bases: readonly number[];
  base: number;
  view: QpView | null;
  msLeft: number;
  /** The request being sent (kept for a retry after no answer). */
  pending: QpRequest | null;
  refusal: QpRefusal | null;
}

export type QpTableEvent =
  | { type: 'base.set'; base: number }
  | { type: 'start'; requestId: string }
  | ({ type: 'step'; requestId: string } & QpMove)
  | { type: 'retry' }
  | { type: 'giveUp' }
  | { type: 'dismiss' };

interface BusinessLike {
  code: number;
  message: string;
  data?: unknown;
}

const business = (event: unknown): BusinessLike | null => {
  const error = (event as { error?: unknown }).error as Partial<BusinessLike> | null | undefined;
  return error && typeof error.code === 'number' ? (error as BusinessLike) : null;
};

const isDone = (read: HandRead | undefined) => read?.view?.phase === 'done';
const isOpen = (read: HandRead | undefined) => !!read?.view && read.view.phase !== 'done';
const readOf = (event: unknown) => (event as { output?: HandRead }).output;

export const qpTableMachine = setup({
  types: {} as { context: QpTableContext; events: QpTableEvent; input: QpTableInput },
  actors: {
    /** GET the latest hand of the game. */
    readHand: fromPromise<HandRead, { game: string }>(async () => {
      throw new Error('provided at composition');
    }),
    /** POST a start or a step. */
    send: fromPromise<HandRead, QpRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The shell re-reads the venue wallet and the visit's net result. */
    refreshShell: () => {},
    /** 41002: the shell opens its transfer-in dialog with the balances. */
    needFunds: (_, _data: InsufficientData) => {},
    keep: assign({
      view: ({ event }) => readOf(event)!.view,
      msLeft: ({ event }) => readOf(event)!.msLeft,
      pending: null,
    }),
    keepRefusal: assign({
      refusal: ({ event }) => {
        const b = business(event)!;
        return { code: b.code, message: b.message };
      },
      pending: null,
    }),
    takeStart: assign({
      pending: ({ context, event }) =>
        event.type === 'start'
          ? { kind: 'start' as const, requestId: event.requestId, base: context.base }
          : context.pending,
      refusal: null,
    }),
    takeStep: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'step' || !context.view) return context.pending;
        const { type: _type, requestId, ...move } = event;
        return { kind: 'step' as const, requestId, handId: context.view.handId, ...move } as QpRequest;
      },
      refusal: null,
    }),
  },
  guards: {
    offered: ({ context, event }) => event.type === 'base.set' && context.bases.includes(event.base),
    open: ({ event }) => isOpen(readOf(event)),
    done: ({ event }) => isDone(readOf(event)),
    openWithTime: ({ event }) => isOpen(readOf(event)) && readOf(event)!.msLeft > 0,
    insufficient: ({ event }) => business(event)?.code === GAMES_CODE.insufficientBalance,
    movedOn: ({ event }) => business(event)?.code === GAMES_CODE.wrongState,
    refused: ({ event }) => business(event) !== null,
    viewOpen: ({ context }) => !!context.view && context.view.phase !== 'done',
    viewDone: ({ context }) => context.view?.phase === 'done',
  },
  delays: {
    deadline: ({ context }) => Math.max(0, context.msLeft) + DEADLINE_GRACE_MS,
    poll: EXPIRED_POLL_MS,
  },
}).createMachine({
  id: 'qpTable',
  context: ({ input }) => ({
    game: input.game,
    bases: input.bases,
    base: input.bases[0] ?? 0,
    view: null,
    msLeft: 0,
    pending: null,
    refusal: null,
  }),
  initial: 'loading',
  on: {
    'base.set': { guard: 'offered', actions: assign({ base: ({ event }) => event.base }) },
    dismiss: { actions: assign({ refusal: null }) },
  },
  states: {
    /** The latest hand is read: an open one is taken up, a finished one shown. */
    loading: {
      invoke: {
        src: 'readHand',
        input: ({ context }) => ({ game: context.game }),
        onDone: [
          { guard: 'open', target: 'playing', actions: 'keep' },
          { guard: 'done', target: 'done', actions: 'keep' },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    /** No hand yet: the player chooses the base and starts. */
    idle: { on: { start: { target: 'sending', actions: 'takeStart' } } },
    /** A start or a step is sent. */
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'done', target: 'done', actions: ['keep', 'refreshShell'] },
          { target: 'playing', actions: ['keep', 'refreshShell'] },
        ],
        onError: [
          {
            guard: 'insufficient',
            target: 'refused',
            actions: [
              'keepRefusal',
              { type: 'needFunds', params: ({ event }) => business(event)!.data as InsufficientData },
            ],
          },
          { guard: 'movedOn', target: 'reading', actions: assign({ pending: null }) },
          { guard: 'refused', target: 'refused', actions: 'keepRefusal' },
          { target: 'failed' },
        ],
      },
    },
    /** Refused (said plainly): an open hand is read again (its timer from the server), else back to the table. */
    refused: {
      always: [
        { guard: 'viewOpen', target: 'reading' },
        { guard: 'viewDone', target: 'done' },
        { target: 'idle' },
      ],
    },
    /** No answer: the outcome is unknown. */
    failed: {
      on: {
        retry: 'sending',
        giveUp: { target: 'reading', actions: assign({ pending: null }) },
      },
    },
    /** A hand waits for the player; its timer runs. */
    playing: {
      after: { deadline: 'expired' },
      on: { step: { target: 'sending', actions: 'takeStep' } },
    },
    /** The timer ran out: the server plays for the player; the page reads the hand again shortly. */
    expired: { after: { poll: 'reading' } },
    reading: {
      invoke: {
        src: 'readHand',
        input: ({ context }) => ({ game: context.game }),
        onDone: [
          { guard: 'done', target: 'done', actions: ['keep', 'refreshShell'] },
          { guard: 'openWithTime', target: 'playing', actions: 'keep' },
          { guard: 'open', target: 'expired', actions: 'keep' },
          { target: 'idle', actions: 'keep' },
        ],
        onError: { target: 'expired' },
      },
    },
    /** The hand is over (its result shown); the player may start the next. */
    done: { on: { start: { target: 'sending', actions: 'takeStart' } } },
  },
});
