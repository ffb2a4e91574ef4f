import { assign, fromPromise, setup } from 'xstate';
import type { ShotOutcome } from '../../../src/games-core/by/fish.ts';
import type { ShootRequest, ShotResult } from '../../../src/games-core/by/wire.ts';
import { GAMES_CODE, type InsufficientData } from '../../../src/protocol/games.ts';

// A fishing game's cannon (issue 12 §1 "Fishing", §2; docs/games-by.md "The page"). The player chooses a cannon
// level (one of the game's, fen per shot) and fires at a fish (a tap or click on it, or Enter / Space on it in
// the list of fish on screen): each fire is ONE shot, a bet the server decides and settles (POST /fish/shoot).
// Only one shot is in flight at a time; the result shows the stake and what it paid (a plain "+¥x", no
// fanfare) and goes to the list of last shots; the shell re-reads the wallet and the visit's net after each.
// 41002: the shell opens its transfer in. Any other refusal (41003 a bad shot or too fast, 41006, 41004) is said
// plainly. No answer: the shot's outcome is unknown; a retry sends the SAME request id (the server answers the
// shot it made, or makes it once), giving up re-reads the wallet. There is no auto-fire.

/** Design (docs/games-by.md): how long the last shot's result is shown before the cannon is idle again. */
export const SHOT_SHOWN_MS = 800;
/** How many of the last shots the page lists (LAST_SHOTS_SHOWN of src/games-core/by/fish.ts, repeated here). */
export const SHOTS_KEPT = 10;

export interface FishingInput {
  game: string;
  /** The game's cannon levels (fen per shot), small to large. */
  levels: readonly number[];
}

export interface ShotLine {
  orderNo: string;
  outcome: ShotOutcome;
}

export interface FishingRefusal {
  code: number;
  message: string;
}

export interface FishingContext {
  game: string;
  levels: readonly number[];
  /** The chosen cannon level (fen per shot). */
  level: number;
  /** The shot being sent (kept for a retry after no answer). */
  pending: ShootRequest | null;
  /** The last result (shown while `showing`). */
  last: ShotResult | null;
  /** The last shots, newest first (at most SHOTS_KEPT). */
  shots: ShotLine[];
  refusal: FishingRefusal | null;
}

export type FishingEvent =
  | { type: 'level.set'; stake: number }
  | { type: 'fire'; fish: string; requestId: string }
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

export const fishingMachine = setup({
  types: {} as { context: FishingContext; events: FishingEvent; input: FishingInput },
  actors: {
    shoot: fromPromise<ShotResult, ShootRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The shell re-reads the venue wallet and the visit's net result. */
    refreshShell: () => {},
    /** 41002: the shell opens its transfer-in dialog with the balances. */
    needFunds: (_, _data: InsufficientData) => {},
    /** A fire: the shot to send, at the chosen level, with the request id the page made for it. */
    take: assign({
      pending: ({ context, event }) =>
        event.type === 'fire'
          ? { requestId: event.requestId, game: context.game, fish: event.fish, stake: context.level }
          : context.pending,
      refusal: null,
      last: null,
    }),
    keepRefusal: assign({
      refusal: ({ event }) => {
        const b = business(event)!;
        return { code: b.code, message: b.message };
      },
      pending: null,
    }),
  },
  guards: {
    offered: ({ context, event }) => event.type === 'level.set' && context.levels.includes(event.stake),
    insufficient: ({ event }) => business(event)?.code === GAMES_CODE.insufficientBalance,
    refused: ({ event }) => business(event) !== null,
  },
  delays: { shown: SHOT_SHOWN_MS },
}).createMachine({
  id: 'fishing',
  context: ({ input }) => ({
    game: input.game,
    levels: input.levels,
    level: input.levels[0] ?? 0,
    pending: null,
    last: null,
    shots: [],
    refusal: null,
  }),
  initial: 'ready',
  on: {
    'level.set': { guard: 'offered', actions: assign({ level: ({ event }) => event.stake }) },
  },
  states: {
    /** Choosing the level and the fish; a fire sends one shot. */
    ready: { on: { fire: { target: 'firing', actions: 'take' } } },
    /** The shot is sent; its result is awaited (further fires are ignored: one shot in flight). */
    firing: {
      invoke: {
        src: 'shoot',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'showing',
          actions: [
            assign({
              last: ({ event }) => event.output,
              shots: ({ context, event }) =>
                [{ orderNo: event.output.orderNo, outcome: event.output.outcome }, ...context.shots].slice(
                  0,
                  SHOTS_KEPT,
                ),
              pending: null,
            }),
            'refreshShell',
          ],
        },
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
    /** The last shot's stake and result are shown; the next fire may come at once. */
    showing: {
      after: { shown: 'ready' },
      on: { fire: { target: 'firing', actions: 'take' } },
    },
    /** The server refused the shot (nothing was staked): said plainly; a new shot may be fired. */
    refused: {
      on: {
        fire: { target: 'firing', actions: 'take' },
        dismiss: { target: 'ready', actions: assign({ refusal: null }) },
      },
    },
    /** No answer: the shot may or may not have been made. Retry sends the same request id. */
    failed: {
      on: {
        retry: 'firing',
        dismiss: { target: 'ready', actions: [assign({ pending: null }), 'refreshShell'] },
      },
    },
  },
});
