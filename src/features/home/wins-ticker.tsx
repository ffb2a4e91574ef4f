import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { homeText as h } from '../../i18n/zh-CN-home.ts';
import type { JackpotPoolResponse } from '../../protocol/jackpot.ts';
import { formatFen } from '../../protocol/money.ts';
import type { RecentWin } from '../../protocol/showcase.ts';

/** Seconds the ticker takes per win: slow enough to read. */
const SECONDS_PER_WIN = 4;
/** spec §2: the slots lobby, where the jackpot is played. */
const SLOTS_LOBBY = '/game/egame';

/**
 * The slots' jackpot pool and the recent wins (issue 19 §2), side by side on a wide screen. Each part shows only
 * when its call answered (an empty part, never a broken page). The ticker loops by CSS (a doubled list, the copy
 * hidden from readers; a still list under reduced motion).
 */
export function WinsAndJackpot({
  wins,
  jackpot,
}: {
  wins: RecentWin[] | null | undefined;
  jackpot: JackpotPoolResponse | null | undefined;
}) {
  const hasWins = !!wins && wins.length > 0;
  if (!hasWins && !jackpot) return null;
  const style = {
    '--ticker-duration': `${Math.max(1, wins?.length ?? 1) * SECONDS_PER_WIN}s`,
  } as CSSProperties;
  return (
    <div className="section showcase-live">
      {jackpot && (
        <section className="card jackpot" aria-labelledby="jackpot-title">
          <h2 id="jackpot-title" className="jackpot__title">
            {h.jackpot.heading}
          </h2>
          <p className="jackpot__pool">
            <span className="visually-hidden">{h.jackpot.label}</span>
            {h.jackpot.amount(formatFen(jackpot.pool))}
          </p>
          {jackpot.lastWin && (
            <p className="jackpot__last">
              {h.jackpot.lastWin(
                jackpot.lastWin.userName,
                jackpot.lastWin.game,
                formatFen(jackpot.lastWin.amount),
              )}
            </p>
          )}
          <Link className="jackpot__play" to={SLOTS_LOBBY}>
            {h.jackpot.play}
          </Link>
        </section>
      )}
      {hasWins && (
        <section className="card wins" aria-labelledby="wins-title">
          <h2 id="wins-title" className="wins__title">
            {h.wins.heading}
          </h2>
          <div className="wins__viewport" tabIndex={0} role="group" aria-labelledby="wins-title">
            <ul className="wins__track" style={style}>
              {[...wins, ...wins].map((w, i) => (
                <li key={`${w.id}-${i}`} className="wins__item" aria-hidden={i >= wins.length || undefined}>
                  {h.wins.line(w.player, w.game, formatFen(w.amount))}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}
