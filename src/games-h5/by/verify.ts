// The verify view's check of a shot (issue 12 §2): the shot recomputed in the browser from its revealed seed with
// the server's own engine (src/games-core/by/fish.ts) and compared with what was recorded.
import { verifyShot, type ShotOutcome } from '../../games-core/by/fish.ts';
import { byText, fishName } from '../../i18n/zh-CN-games-by.ts';
import type { PlayedRound } from '../../protocol/games.ts';
import type { Verification } from '../game-module.ts';

export function verify(round: PlayedRound): Verification {
  const stored = round.outcome as ShotOutcome | null;
  const fair = round.fair;
  if (!stored || !fair || fair.serverSeed === null) return { ok: false, lines: [byText.verify.notRevealed] };
  const { ok, outcome } = verifyShot(stored, {
    serverSeed: fair.serverSeed,
    clientSeed: fair.clientSeed,
    nonce: fair.nonce,
  });
  if (!outcome) return { ok: false, lines: [byText.verify.mismatch] };
  const lines = [
    byText.verify.line(fishName(outcome.fish), outcome.multiplier, outcome.stake),
    byText.verify.roll(outcome.roll, outcome.threshold),
    outcome.hit ? byText.verify.hit(outcome.payout) : byText.verify.miss,
  ];
  // The bet record must also say what the shot paid.
  const paidOk = round.payout === outcome.payout && round.stake === outcome.stake;
  if (!ok || !paidOk) lines.push(byText.verify.mismatch);
  return { ok: ok && paidOk, lines };
}
