// The chess-and-card verify (issue 12 §2; docs/games-qp.md "Verify"): from the revealed seed, the deck order is
// recomputed in the browser with the same games-core code the server used, the hand replayed with the player's
// recorded choices, and compared with the stored outcome; the cards dealt are listed in words.
import { fairStream } from '../../games-core/fair.ts';
import { bjShoe, bjTotal, replayBj } from '../../games-core/qp/blackjack.ts';
import { dealBull, settleBull } from '../../games-core/qp/bull.ts';
import type { BjRecord, BullRecord } from '../../games-core/qp/views.ts';
import type { PlayedRound } from '../../protocol/games.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';
import type { Verification } from '../game-module.ts';
import { signedYuan } from '../format.ts';
import { cardsInWords } from './cards.tsx';

const V = qpText.verify;
/** Deep equality that ignores the order of object keys (the stored outcome comes back from jsonb, keys sorted). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function verifyBull(round: PlayedRound): Verification {
  const rec = round.outcome as BullRecord | null;
  if (!round.fair?.serverSeed || !rec) return { ok: false, lines: [V.notRevealed] };
  const { serverSeed, clientSeed, nonce } = round.fair;
  const deal = dealBull(fairStream({ serverSeed, clientSeed, nonce }));
  const o = settleBull(deal, rec.playerGrab, rec.playerBet);
  const ok =
    same(deal.hands, rec.hands) &&
    o.banker === rec.banker &&
    o.multiplier === rec.multiplier &&
    same(
      o.seats.map((s) => s.units),
      rec.units,
    );
  const seats = qpText.bull.seats;
  const lines = [
    V.banker(seats[o.banker]!, o.multiplier),
    ...o.seats.map((s) =>
      V.seat(seats[s.seat]!, cardsInWords(s.cards), s.hand.name, signedYuan(s.units * rec.base)),
    ),
    V.choices(qpText.bull.grab(rec.playerGrab), qpText.bull.betOf(rec.playerBet)) + (rec.auto ? V.auto : ''),
  ];
  if (!ok) lines.push(V.mismatch);
  return { ok, lines };
}

export function verifyBlackjack(round: PlayedRound): Verification {
  const rec = round.outcome as BjRecord | null;
  if (!round.fair?.serverSeed || !rec) return { ok: false, lines: [V.notRevealed] };
  const { serverSeed, clientSeed, nonce } = round.fair;
  const s = replayBj(bjShoe(fairStream({ serverSeed, clientSeed, nonce })), rec.actions);
  const ok =
    same(s.dealer, rec.dealer) &&
    same(
      s.hands.map((h) => ({ cards: h.cards, doubled: h.doubled, result: h.result })),
      rec.hands,
    );
  const words = qpText.bj;
  const lines = [
    V.dealer(cardsInWords(s.dealer), bjTotal(s.dealer).total),
    ...s.hands.map((h, i) =>
      V.hand(i + 1, cardsInWords(h.cards), bjTotal(h.cards).total, words.result[h.result!]),
    ),
    V.actions(rec.actions.map((a) => words.actions[a]).join('、')) + (rec.auto ? V.auto : ''),
  ];
  if (!ok) lines.push(V.mismatch);
  return { ok, lines };
}
