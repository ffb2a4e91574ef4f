// The lottery machine (machines/games/cp/lottery.machine.ts) bound to the native API and the shell: a read is the
// lottery's state and the player's latest tickets of it; a ticket goes to POST /cp/tickets; the wallet re-read
// and the transfer in go through the shell port.
import { fromPromise } from 'xstate';
import {
  lotteryMachine,
  type LotteryRead,
  type TicketAttempt,
} from '../../../machines/games/cp/lottery.machine.ts';
import type { LotteryList, LotteryState, TicketList, TicketResponse } from '../../games-core/cp/wire.ts';
import type { InsufficientData } from '../../protocol/games.ts';
import type { GamesClient } from '../api.ts';
import type { ShellPort } from '../game-module.ts';

export const CP_PATH = {
  lotteries: '/cp/lotteries',
  state: (game: string) => `/cp/state?game=${encodeURIComponent(game)}`,
  tickets: '/cp/tickets',
  mine: (game: string) => `/cp/tickets?game=${encodeURIComponent(game)}`,
} as const;

export async function readLottery(client: GamesClient, game: string): Promise<LotteryRead> {
  const [state, mine] = await Promise.all([
    client.call<LotteryState>('GET', CP_PATH.state(game)),
    client.call<TicketList>('GET', CP_PATH.mine(game)),
  ]);
  return { state, tickets: mine.tickets };
}

export const readLotteries = (client: GamesClient) => client.call<LotteryList>('GET', CP_PATH.lotteries);

export function lotteryLogic(client: GamesClient, shell: ShellPort) {
  return lotteryMachine.provide({
    actors: {
      readLottery: fromPromise(async ({ input }: { input: { game: string } }) =>
        readLottery(client, input.game),
      ),
      placeTicket: fromPromise(async ({ input }: { input: TicketAttempt }) =>
        client.call<TicketResponse>('POST', CP_PATH.tickets, input),
      ),
    },
    actions: {
      refresh: () => shell.refresh(),
      needFunds: (_, data: InsufficientData) => shell.needFunds(data),
    },
  });
}
