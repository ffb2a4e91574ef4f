// The live tables' verify (issue 12 §2): a round's deal recomputed in the browser from its revealed seed (client
// seed = the round's id, nonce 0) with the same games-core code the server drew it with, and compared.
import { cardLabel } from '../../games-core/zr/cards.ts';
import { drawZr, type ZrKind, type ZrResult } from '../../games-core/zr/table.ts';
import { zrText } from '../../i18n/zh-CN-games-zr.ts';
import type { PlayedRound } from '../../protocol/games.ts';
import type { Verification } from '../game-module.ts';

/** A result in words: the hands' cards and totals, the winner, the pairs. */
export function resultLines(r: ZrResult): string[] {
  const T = zrText;
  const cards = (cs: readonly number[]) => cs.map(cardLabel).join(' ');
  if (r.kind === 'baccarat') {
    const pairs = [r.bankerPair ? T.pairMark.banker : '', r.playerPair ? T.pairMark.player : '']
      .filter(Boolean)
      .join('、');
    return [
      T.verify.cards(T.hands.player, cards(r.player), T.points(r.playerTotal)),
      T.verify.cards(T.hands.banker, cards(r.banker), T.points(r.bankerTotal)),
      T.verify.result(r.winner === 'tie' ? T.tieLine : T.winnerLine(T.winners[r.winner])) +
        (pairs ? `，${pairs}` : ''),
    ];
  }
  return [
    T.verify.cards(T.hands.dragon, cardLabel(r.dragon), ''),
    T.verify.cards(T.hands.tiger, cardLabel(r.tiger), ''),
    T.verify.result(r.winner === 'tie' ? T.tieLine : T.winnerLine(T.winners[r.winner])),
  ];
}

export function verifyRound(kind: ZrKind, round: PlayedRound): Verification {
  const fair = round.fair;
  if (!fair?.serverSeed) return { ok: false, lines: [zrText.verify.noSeed] };
  const again = drawZr(kind, { serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce });
  const ok = JSON.stringify(again) === JSON.stringify(round.outcome);
  return { ok, lines: ok ? resultLines(again) : [...resultLines(again), zrText.verify.mismatch] };
}
