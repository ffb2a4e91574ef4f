import { assign, fromPromise, setup } from 'xstate';
import type { JackpotPoolResponse } from '../../../src/protocol/jackpot.ts';

// The slots' progressive jackpot pool as the slot page shows it (issue 19 §2 "a jackpot pool figure from the
// sandbox slots"; docs/games-dz.md "Jackpot"): reading → live, the figure read again every JACKPOT_POLL_MS; a
// read that fails keeps the last figure (stale) and tries again after the same delay. Every answered spin
// carries the pool after it (`seen`): the figure follows at once; a spin that won the pool also reads the figure
// again at once (the newest win changed). Nothing here moves money: it only shows the server's figure.

/** Design (docs/games-dz.md "Jackpot"): how often the slot page reads the pool again. */
export const JACKPOT_POLL_MS = 15_000;

export interface JackpotContext {
  /** The last figure read (null until the first read answers). */
  figure: JackpotPoolResponse | null;
}

export type JackpotEvent =
  /** A spin's answer: the pool after it (fen) and whether it won the pool. */
  { type: 'seen'; pool: number; won: boolean };

export const jackpotMachine = setup({
  types: {} as { context: JackpotContext; events: JackpotEvent },
  actors: {
    read: fromPromise<JackpotPoolResponse>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    follow: assign({
      figure: ({ context, event }) => (context.figure ? { ...context.figure, pool: event.pool } : null),
    }),
  },
  guards: {
    won: ({ event }) => event.won,
  },
  delays: { poll: JACKPOT_POLL_MS },
}).createMachine({
  id: 'jackpot',
  context: { figure: null },
  initial: 'reading',
  states: {
    /** The figure is being read (the last one, if any, stays shown). */
    reading: {
      invoke: {
        src: 'read',
        onDone: { target: 'live', actions: assign({ figure: ({ event }) => event.output }) },
        onError: 'stale',
      },
      on: { seen: { actions: 'follow' } },
    },
    /** The figure is shown; read again after JACKPOT_POLL_MS. */
    live: {
      after: { poll: 'reading' },
      on: {
        seen: [{ guard: 'won', target: 'reading', actions: 'follow' }, { actions: 'follow' }],
      },
    },
    /** The last read failed: the last figure (if any) stays; read again after JACKPOT_POLL_MS. */
    stale: {
      after: { poll: 'reading' },
      on: {
        seen: [{ guard: 'won', target: 'reading', actions: 'follow' }, { actions: 'follow' }],
      },
    },
  },
});
