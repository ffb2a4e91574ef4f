// The chess-and-card table machine (machines/games/qp/table.machine.ts) bound to the native API and the shell:
// reads and sends with the client, the timer's time left by the server's clock, the wallet re-read and the
// transfer in through the shell port.
import { fromPromise } from 'xstate';
import {
  qpTableMachine,
  type HandRead,
  type QpRequest,
  type QpView,
} from '../../../machines/games/qp/table.machine.ts';
import { QP_PATH } from '../../games-core/qp/wire.ts';
import type { GameKind, InsufficientData } from '../../protocol/games.ts';
import type { GamesClient } from '../api.ts';
import type { ShellPort } from '../game-module.ts';

export function qpTableLogic(client: GamesClient, shell: ShellPort, kind: GameKind, game: string) {
  const read = (view: QpView | null): HandRead => ({
    view,
    msLeft: view?.deadline ? Date.parse(view.deadline) - shell.serverNow() : 0,
  });
  const send = async (r: QpRequest): Promise<QpView> => {
    if (r.kind === 'start') {
      const path = kind === 'bull' ? QP_PATH.bullStart : QP_PATH.bjStart;
      return client.call<QpView>('POST', path, { requestId: r.requestId, game, base: r.base });
    }
    if (r.move === 'grab')
      return client.call<QpView>('POST', QP_PATH.bullGrab, {
        requestId: r.requestId,
        handId: r.handId,
        grab: r.value,
      });
    if (r.move === 'bet')
      return client.call<QpView>('POST', QP_PATH.bullBet, {
        requestId: r.requestId,
        handId: r.handId,
        bet: r.value,
      });
    return client.call<QpView>('POST', QP_PATH.bjAction, {
      requestId: r.requestId,
      handId: r.handId,
      action: r.move,
    });
  };
  return qpTableMachine.provide({
    actors: {
      readHand: fromPromise(async ({ input }: { input: { game: string } }) =>
        read(
          await client.call<QpView | null>('GET', `${QP_PATH.hand}?game=${encodeURIComponent(input.game)}`),
        ),
      ),
      send: fromPromise(async ({ input }: { input: QpRequest }) => read(await send(input))),
    },
    actions: {
      refreshShell: () => shell.refresh(),
      needFunds: (_, data: InsufficientData) => shell.needFunds(data),
    },
  });
}
