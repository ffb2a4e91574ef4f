// The lottery's verify (issue 12 §2; docs/games-cp.md "Fairness"): a ticket's period recomputed in the browser
// from its revealed seed with the same games-core code the server drew it with (client seed = the period's round
// id, nonce 0), compared with the stored draw, and the seed checked against the hash shown before the period.
import { seedHashOf } from '../../games-core/fair.ts';
import { engineOf, resultDigits, type LotteryResult } from '../../games-core/cp/plays.ts';
import { cpText } from '../../i18n/zh-CN-games-cp.ts';
import type { PlayedRound } from '../../protocol/games.ts';
import type { Verification } from '../game-module.ts';

const V = cpText.verify;

export function verify(round: PlayedRound): Verification {
  const fair = round.fair;
  if (!fair || fair.serverSeed === null || (round.kind !== 'k3' && round.kind !== 'ssc'))
    return { ok: false, lines: [V.unrevealed] };
  const engine = engineOf(round.kind);
  const hashOk = seedHashOf(fair.serverSeed) === fair.seedHash;
  const again: LotteryResult = engine.draw({
    serverSeed: fair.serverSeed,
    clientSeed: fair.clientSeed,
    nonce: fair.nonce,
  });
  const stored = round.outcome;
  // Compared by value: the stored draw comes back from jsonb, whose key order is not the engine's.
  const same =
    engine.isResult(stored) &&
    stored.sum === again.sum &&
    resultDigits(stored).join(',') === resultDigits(again).join(',');
  const lines = [
    hashOk ? V.hashOk : V.hashBad,
    'dice' in again ? V.dice(again.dice) : V.digits(again.digits),
    same ? V.matches : V.differs,
  ];
  return { ok: hashOk && same, lines };
}
