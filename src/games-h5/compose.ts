// The games page's composition: the shell machine (machines/games/shell.machine.ts) bound to the games' native
// API, and the shell port a game view uses (refresh, needFunds, the server's clock).
import { createActor, fromPromise, type ActorOptions, type AnyActorLogic } from 'xstate';
import { shellMachine, type TransferInput } from '../../machines/games/shell.machine.ts';
import type { GamesClient } from './api.ts';
import type { ShellPort } from './game-module.ts';

/** `timers`: the clock of the shell's XState delays (its 15 s re-read); a test drives it with a SimulatedClock. */
export function createShell(
  client: GamesClient,
  clock: () => number = Date.now,
  timers?: ActorOptions<AnyActorLogic>['clock'],
) {
  // The server's clock minus the page's, measured on every session read (countdowns of shared rounds).
  let offset = 0;
  const actor = createActor(
    shellMachine.provide({
      actors: {
        readSession: fromPromise(async () => {
          const s = await client.session();
          offset = Date.parse(s.now) - clock();
          return s;
        }),
        transferIn: fromPromise(({ input }: { input: TransferInput }) =>
          client.transferIn(input.requestId, input.amount),
        ),
      },
    }),
    timers ? { clock: timers } : undefined,
  );
  const port: ShellPort = {
    refresh: () => actor.send({ type: 'shell.refresh' }),
    needFunds: (data) => actor.send({ type: 'transfer.needFunds', data }),
    serverNow: () => clock() + offset,
  };
  return { actor, port };
}

export type Shell = ReturnType<typeof createShell>;
