// The verify view's check of a spin (issue 12 §2): the spin and every free spin recomputed in the browser from
// the revealed seed with the server's own engine (src/games-core/dz/) — the stops, the window, the wins — and
// compared with what was recorded; then the progressive jackpot's draw (issue 19 §2), made from the same stream
// after the free spins, and whether the jackpot paid exactly when it hit.
import { windowOf, type SpinResult } from '../../games-core/dz/engine.ts';
import type { SettledSpin } from '../../games-core/dz/wire.ts';
import { slotGameOf } from '../../games-core/dz/games.ts';
import { verifySpin } from '../../games-core/dz/verify.ts';
import { dzText, symbolName } from '../../i18n/zh-CN-games-dz.ts';
import type { PlayedRound } from '../../protocol/games.ts';
import type { Verification } from '../game-module.ts';

const v = dzText.verify;

function windowWords(code: string, spin: SpinResult): string {
  const game = slotGameOf(code)!;
  const grid = windowOf(game, spin.stops);
  return dzText.view.rows
    .map((label, row) => `${label}：${grid.map((col) => symbolName(code, col[row]!)).join(' ')}`)
    .join('；');
}

export function verify(round: PlayedRound): Verification {
  const stored = round.outcome as SettledSpin | null;
  const fair = round.fair;
  if (!fair || fair.serverSeed === null) return { ok: false, lines: [v.notRevealed] };
  if (!stored || typeof stored !== 'object' || !slotGameOf(stored.game))
    return { ok: false, lines: [v.notSlot] };
  const check = verifySpin(stored, {
    serverSeed: fair.serverSeed,
    clientSeed: fair.clientSeed,
    nonce: fair.nonce,
    seedHash: fair.seedHash,
  });
  const o = check.recomputed;
  if (!o) return { ok: false, lines: [v.mismatch] };
  const lines = [v.stops(o.base.stops), v.window(windowWords(o.game, o.base))];
  for (const w of o.base.lineWins)
    lines.push(dzText.view.lineWin(w.line + 1, symbolName(o.game, w.symbol), w.count, w.win));
  o.free.forEach((f, i) => lines.push(v.freeStops(i + 1, f.stops)));
  lines.push(v.payout(o.payout, o.stake));
  const jackpotWin = stored.jackpotWin ?? 0;
  if (stored.jackpot === undefined) lines.push(v.noJackpot);
  else if (o.jackpot) {
    lines.push(v.jackpotDraw(o.jackpot.draw, o.jackpot.odds, o.stake, o.jackpot.hit));
    if (jackpotWin > 0) lines.push(v.jackpotPaid(jackpotWin));
  }
  if (jackpotWin > 0) lines.push(v.total(o.payout + jackpotWin));
  // The bet record must also say what the spin staked and paid (the jackpot included).
  const paidOk = round.payout === o.payout + jackpotWin && round.stake === o.stake;
  // The shell says the verdict; a mismatch is also named here.
  const ok = check.ok && paidOk;
  if (!ok) lines.push(v.mismatch);
  return { ok, lines };
}
