import { assign, fromPromise, setup } from 'xstate';
import {
  GAMES_CODE,
  type PlayedRound,
  type SeedCommit,
  type SeedRotation,
} from '../../src/protocol/games.ts';

// The games page's "verify" view (issue 12 §2: "the hash of the server seed is shown before play and the seed
// revealed after, so a player can check any round (a 'verify' view in each game)"): the commitment in use (GET
// /seed), the player's last rounds with their seeds (GET /rounds), and the seed change that reveals the seed in
// use (POST /seed/rotate; refused with 41008 while a hand made with it is open). The recomputation itself is pure
// (games-core) and runs in the view on the rounds this machine holds.

export interface VerifyData {
  commit: SeedCommit;
  rounds: PlayedRound[];
}

export interface VerifyContext {
  game: string | null;
  data: VerifyData | null;
  /** The last seed change (what it revealed), for the view's note. */
  rotation: SeedRotation | null;
  /** 'openHand' when the change was refused because a hand is open; 'failed' when it got no answer. */
  rotateProblem: 'openHand' | 'failed' | null;
}

export type VerifyEvent = { type: 'verify.reload' } | { type: 'verify.rotate'; clientSeed?: string };

const errorCode = (event: unknown) =>
  ((event as { error?: unknown }).error as { code?: unknown } | null)?.code;

export const verifyMachine = setup({
  types: {} as {
    context: VerifyContext;
    events: VerifyEvent;
    input: { game: string | null };
  },
  actors: {
    readVerify: fromPromise<VerifyData, { game: string | null }>(async () => {
      throw new Error('provided at composition');
    }),
    rotateSeed: fromPromise<SeedRotation, { clientSeed?: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    openHand: ({ event }) => errorCode(event) === GAMES_CODE.wrongState,
  },
}).createMachine({
  id: 'gamesVerify',
  context: ({ input }) => ({ game: input.game, data: null, rotation: null, rotateProblem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readVerify',
        input: ({ context }) => ({ game: context.game }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'verify.reload': 'loading' } },
    ready: {
      on: {
        'verify.reload': 'loading',
        'verify.rotate': 'rotating',
      },
    },
    rotating: {
      entry: assign({ rotateProblem: null }),
      invoke: {
        src: 'rotateSeed',
        input: ({ event }) => ({
          ...(event.type === 'verify.rotate' && event.clientSeed ? { clientSeed: event.clientSeed } : {}),
        }),
        // The revealed seed now checks the rounds made with it: read them again.
        onDone: { target: 'loading', actions: assign({ rotation: ({ event }) => event.output }) },
        onError: [
          { guard: 'openHand', target: 'ready', actions: assign({ rotateProblem: 'openHand' }) },
          { target: 'ready', actions: assign({ rotateProblem: 'failed' }) },
        ],
      },
    },
  },
});
