// The live table's composition: machines/games/zr/table.machine.ts with its effects bound to the live casino's
// calls (src/games-core/zr/wire.ts) and to the shell (wallet refresh, transfer in on 41002).
import { createActor, fromPromise } from 'xstate';
import { tableMachine, type BetAttempt } from '../../../machines/games/zr/table.machine.ts';
import {
  ZR_PATH,
  type ZrBetResponse,
  type ZrTableResponse,
  type ZrTablesResponse,
} from '../../games-core/zr/wire.ts';
import type { InsufficientData } from '../../protocol/games.ts';
import type { GamesClient } from '../api.ts';
import type { ShellPort } from '../game-module.ts';

export const readTable = (client: GamesClient, game: string) =>
  client.call<ZrTableResponse>('GET', `${ZR_PATH.table}?game=${encodeURIComponent(game)}`);
export const readTables = (client: GamesClient) => client.call<ZrTablesResponse>('GET', ZR_PATH.tables);

export function createTableActor(client: GamesClient, shell: ShellPort, game: string) {
  return createActor(
    tableMachine.provide({
      actors: {
        readTable: fromPromise(({ input }: { input: { game: string } }) => readTable(client, input.game)),
        placeBets: fromPromise(({ input }: { input: BetAttempt & { game: string } }) =>
          client.call<ZrBetResponse>('POST', ZR_PATH.bet, {
            game: input.game,
            roundId: input.roundId,
            requestId: input.requestId,
            bets: input.bets,
          }),
        ),
      },
      actions: {
        refresh: () => shell.refresh(),
        needFunds: (_, data: InsufficientData) => shell.needFunds(data),
      },
    }),
    { input: { game } },
  );
}

export type TableActor = ReturnType<typeof createTableActor>;
