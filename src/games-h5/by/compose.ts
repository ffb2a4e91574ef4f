// The fishing page's composition: the cannon machine (machines/games/by/fishing.machine.ts) bound to the games'
// native API (POST /fish/shoot) and the shell (wallet re-read, transfer in).
import { fromPromise, type ActorRefFrom } from 'xstate';
import { fishingMachine, type FishingInput } from '../../../machines/games/by/fishing.machine.ts';
import type { FishGame } from '../../games-core/by/fish.ts';
import { FISH_SHOOT_PATH, type ShootRequest, type ShotResult } from '../../games-core/by/wire.ts';
import type { GamesClient } from '../api.ts';
import type { ShellPort } from '../game-module.ts';

export function cannonLogic(client: GamesClient, shell: ShellPort) {
  return fishingMachine.provide({
    actors: {
      shoot: fromPromise(({ input }: { input: ShootRequest }) =>
        client.call<ShotResult>('POST', FISH_SHOOT_PATH, input),
      ),
    },
    actions: {
      refreshShell: () => shell.refresh(),
      needFunds: (_, data) => shell.needFunds(data),
    },
  });
}

export const cannonInput = (game: FishGame): FishingInput => ({ game: game.code, levels: game.levels });

export type Cannon = ActorRefFrom<typeof fishingMachine>;
