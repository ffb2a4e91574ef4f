// A slot game's rules (issue 12 §1: the pay table and the return to player shown in the rules; §2: every stated
// figure checked by a test — game.statedRtp against the exact computation in tests/unit/games-core/dz/).
import { LINE_BETS, LINES, PAYLINES, SCATTER, SCATTER_TRIGGER, WILD } from '../../games-core/dz/engine.ts';
import { SLOT_GAMES, slotGameOf } from '../../games-core/dz/games.ts';
import {
  BP_SCALE,
  JACKPOT_ODDS_FEN,
  JACKPOT_SEED_FEN,
  JACKPOT_SHARE_BP,
  jackpotChance,
  jackpotRtp,
} from '../../games-core/dz/jackpot.ts';
import { dzText, symbolName } from '../../i18n/zh-CN-games-dz.ts';
import type { GameDef } from '../../protocol/games.ts';

const r = dzText.rules;

export function Rules({ game }: { game: GameDef }) {
  const slot = slotGameOf(game.code);
  if (!slot) return null;
  const name = (id: string) => symbolName(slot.code, id);
  return (
    <article className="game-dz rules">
      <h2>{r.title(game.name)}</h2>
      <p>
        <strong data-testid="slot-rtp">{r.rtp(slot.statedRtp)}</strong>
      </p>
      <p>{r.rtpHow}</p>
      <p>{r.layout(LINES)}</p>
      <p>{r.lineBets(LINE_BETS.map((b) => dzText.money(b)).join(' / '))}</p>
      <p>{r.lines}</p>
      <p>{r.wild(name(WILD))}</p>
      <p>{r.scatter(name(SCATTER), SCATTER_TRIGGER)}</p>
      <p>{r.free(slot.freeSpins, slot.freeMultiplier)}</p>
      <table className="pay-table">
        <caption>{r.payTable}</caption>
        <thead>
          <tr>
            <th scope="col">{r.symbol}</th>
            <th scope="col">{r.ofAKind(3)}</th>
            <th scope="col">{r.ofAKind(4)}</th>
            <th scope="col">{r.ofAKind(5)}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(slot.pays).map(([id, pays]) => (
            <tr key={id}>
              <th scope="row">
                <span className={`sym sym-${id}`} aria-hidden="true" />
                {name(id)}
              </th>
              {pays.map((p, i) => (
                <td key={i}>{r.times(p)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className={`sym sym-${SCATTER}`} aria-hidden="true" />
              {r.scatterRow(name(SCATTER))}
            </th>
            {slot.scatterPays.map((p, i) => (
              <td key={i}>{r.times(p)}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <table className="payline-table">
        <caption>{r.paylines}</caption>
        <tbody>
          {PAYLINES.map((rows, i) => (
            <tr key={i}>
              <th scope="row">{r.line(i + 1)}</th>
              <td>{rows.map((row) => dzText.view.rows[row]).join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="dz-jackpot-rules" data-testid="slot-jackpot-rules">
        <h3 id="dz-jackpot-rules">{r.jackpotTitle}</h3>
        <p>{r.jackpotShare(dzText.percent(JACKPOT_SHARE_BP / BP_SCALE), SLOT_GAMES.length)}</p>
        <p>{r.jackpotDraw(JACKPOT_ODDS_FEN.toLocaleString('en-US'))}</p>
        <ul aria-label={r.jackpotChances}>
          {LINE_BETS.map((b) => (
            <li key={b}>
              {r.jackpotChance(
                dzText.money(b * LINES),
                Math.round(1 / jackpotChance(b * LINES)).toLocaleString('en-US'),
              )}
            </li>
          ))}
        </ul>
        <p>{r.jackpotSeed(dzText.money(JACKPOT_SEED_FEN))}</p>
        <p data-testid="slot-jackpot-rtp">
          {r.jackpotRtp(dzText.percent(jackpotRtp()), dzText.percent(slot.statedRtp + jackpotRtp()))}
        </p>
        <p className="muted">{r.jackpotVerify}</p>
      </section>
      <p>{r.honest}</p>
      <p className="muted">{r.noAutoplay}</p>
    </article>
  );
}
