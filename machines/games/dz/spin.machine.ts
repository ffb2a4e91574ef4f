import { assign, fromPromise, not, setup } from 'xstate';
import type { SpinRequest, SpinResponse } from '../../../src/games-core/dz/wire.ts';
import { GAMES_CODE, type InsufficientData } from '../../../src/protocol/games.ts';

// A slot game's round (issue 12 §1 "Slots (DZ)", §2; docs/games-dz.md "The page"): idle → requesting → spinning
// → showing → idle. The player chooses a line bet (one of LINE_BETS) and presses spin: ONE paid spin is sent
// (POST /dz/spin, the request id made by the page), the server settles it with all its free spins at once. The
// reels then turn for at most SPIN_MS (skippable; not at all when the player asked for reduced motion) and the
// spin's stake and win are shown; each free spin the spin awarded is shown in turn when the player asks for the
// next one (or all at once): nothing spins by itself, there is no autoplay (UK RTS 14). The shell re-reads the
// wallet and the visit's net once the answer comes. 41002: the shell opens its transfer in; any other refusal
// (41003, 41006, 41004) is said plainly. No answer: the spin's outcome is unknown; retry sends the SAME request
// id (the server answers the spin it made, or makes it once); giving up re-reads the wallet.

/** Design (docs/games-dz.md): the longest the reels turn for a spin before it is shown (skippable). */
export const SPIN_MS = 900;

export interface SpinInput {
  game: string;
  /** The line bets offered (fen), small to large. */
  levels: readonly number[];
  /** prefers-reduced-motion: the reels do not turn, the result is shown at once. */
  reducedMotion: boolean;
}

export interface SpinRefusal {
  code: number;
  message: string;
}

export interface SpinContext {
  game: string;
  levels: readonly number[];
  reducedMotion: boolean;
  /** The chosen line bet (fen). */
  lineBet: number;
  /** The spin being sent (kept for a retry after no answer). */
  pending: SpinRequest | null;
  /** The last answered spin. */
  result: SpinResponse | null;
  /** Which of its spins is on the reels: 0 the paid spin, k the k-th free spin. */
  shown: number;
  refusal: SpinRefusal | null;
}

export type SpinEvent =
  | { type: 'bet.set'; lineBet: number }
  | { type: 'spin'; requestId: string }
  | { type: 'skip' }
  | { type: 'next' }
  | { type: 'showAll' }
  | { type: 'retry' }
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

/** How many free spins the last spin awarded in all (retriggers included). */
export const freeSpinsOf = (c: Pick<SpinContext, 'result'>): number => c.result?.outcome.free.length ?? 0;

/** How a result is said (issue 12 §2): only a payout above the stake is a win; less is a net loss, plainly. */
export type ResultKind = 'loss' | 'small' | 'even' | 'win';
export function resultKind(payout: number, stake: number): ResultKind {
  if (payout === 0) return 'loss';
  if (payout < stake) return 'small';
  if (payout === stake) return 'even';
  return 'win';
}

export const spinMachine = setup({
  types: {} as { context: SpinContext; events: SpinEvent; input: SpinInput },
  actors: {
    spin: fromPromise<SpinResponse, SpinRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The shell re-reads the venue wallet and the visit's net result. */
    refreshShell: () => {},
    /** 41002: the shell opens its transfer-in dialog with the balances. */
    needFunds: (_, _data: InsufficientData) => {},
    take: assign({
      pending: ({ context, event }) =>
        event.type === 'spin'
          ? { requestId: event.requestId, game: context.game, lineBet: context.lineBet }
          : context.pending,
      refusal: null,
    }),
    keepRefusal: assign({
      refusal: ({ event }) => {
        const b = business(event)!;
        return { code: b.code, message: b.message };
      },
      pending: null,
    }),
    nextSpin: assign({ shown: ({ context }) => context.shown + 1 }),
  },
  guards: {
    offered: ({ context, event }) => event.type === 'bet.set' && context.levels.includes(event.lineBet),
    insufficient: ({ event }) => business(event)?.code === GAMES_CODE.insufficientBalance,
    refused: ({ event }) => business(event) !== null,
    still: ({ context }) => context.reducedMotion,
    moreFree: ({ context }) => context.shown < freeSpinsOf(context),
  },
  delays: { turn: SPIN_MS },
}).createMachine({
  id: 'slot',
  context: ({ input }) => ({
    game: input.game,
    levels: input.levels,
    reducedMotion: input.reducedMotion,
    lineBet: input.levels[0] ?? 0,
    pending: null,
    result: null,
    shown: 0,
    refusal: null,
  }),
  initial: 'idle',
  states: {
    /** Choosing the line bet; the last result (if any) stays shown. A spin sends one paid spin. */
    idle: {
      on: {
        'bet.set': { guard: 'offered', actions: assign({ lineBet: ({ event }) => event.lineBet }) },
        spin: { target: 'requesting', actions: 'take' },
      },
    },
    /** The spin is sent; its answer is awaited (nothing else can be sent meanwhile). */
    requesting: {
      invoke: {
        src: 'spin',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: 'still',
            target: 'showing',
            actions: [
              assign({ result: ({ event }) => event.output, pending: null, shown: 0 }),
              'refreshShell',
            ],
          },
          {
            target: 'spinning',
            actions: [
              assign({ result: ({ event }) => event.output, pending: null, shown: 0 }),
              'refreshShell',
            ],
          },
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
          { guard: 'refused', target: 'refused', actions: 'keepRefusal' },
          { target: 'failed' },
        ],
      },
    },
    /** The reels turn (at most SPIN_MS); skip shows the result at once. The result is already settled. */
    spinning: {
      after: { turn: 'showing' },
      on: { skip: 'showing' },
    },
    /** One spin's stops, line wins and scatter are shown with its stake and win. */
    showing: {
      always: { guard: not('moreFree'), target: 'idle' },
      on: {
        next: [
          { guard: 'still', target: 'showing', reenter: true, actions: 'nextSpin' },
          { target: 'spinning', actions: 'nextSpin' },
        ],
        showAll: { target: 'idle', actions: assign({ shown: ({ context }) => freeSpinsOf(context) }) },
      },
    },
    /** The server refused the spin (nothing was staked): said plainly; a new spin may be sent. */
    refused: {
      on: {
        'bet.set': { guard: 'offered', actions: assign({ lineBet: ({ event }) => event.lineBet }) },
        spin: { target: 'requesting', actions: 'take' },
        dismiss: { target: 'idle', actions: assign({ refusal: null }) },
      },
    },
    /** No answer: the spin may or may not have been made. Retry sends the same request id. */
    failed: {
      on: {
        retry: 'requesting',
        dismiss: { target: 'idle', actions: [assign({ pending: null }), 'refreshShell'] },
      },
    },
  },
});
