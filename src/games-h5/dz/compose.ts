// The slots page's composition: the round machine (machines/games/dz/spin.machine.ts) bound to the games' native
// API (POST /dz/spin) and the shell (wallet re-read, transfer in); the jackpot figure's machine
// (machines/games/dz/jackpot.machine.ts) bound to GET /dz/jackpot.
import { fromPromise, type ActorRefFrom } from 'xstate';
import { jackpotMachine } from '../../../machines/games/dz/jackpot.machine.ts';
import { spinMachine, type SpinInput } from '../../../machines/games/dz/spin.machine.ts';
import { LINE_BETS } from '../../games-core/dz/engine.ts';
import {
  SLOT_JACKPOT_PATH,
  SLOT_SPIN_PATH,
  type SpinRequest,
  type SpinResponse,
} from '../../games-core/dz/wire.ts';
import type { JackpotPoolResponse } from '../../protocol/jackpot.ts';
import type { GamesClient } from '../api.ts';
import type { ShellPort } from '../game-module.ts';

export function slotLogic(client: GamesClient, shell: ShellPort) {
  return spinMachine.provide({
    actors: {
      spin: fromPromise(({ input }: { input: SpinRequest }) =>
        client.call<SpinResponse>('POST', SLOT_SPIN_PATH, input),
      ),
    },
    actions: {
      refreshShell: () => shell.refresh(),
      needFunds: (_, data) => shell.needFunds(data),
    },
  });
}

export const slotInput = (game: string, reducedMotion: boolean): SpinInput => ({
  game,
  levels: LINE_BETS,
  reducedMotion,
});

export type SlotActor = ActorRefFrom<typeof spinMachine>;

export function jackpotLogic(client: GamesClient) {
  return jackpotMachine.provide({
    actors: { read: fromPromise(() => client.call<JackpotPoolResponse>('GET', SLOT_JACKPOT_PATH)) },
  });
}

export type JackpotActor = ActorRefFrom<typeof jackpotMachine>;
