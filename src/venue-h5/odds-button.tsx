import { useSelector } from '@xstate/react';
import type { Market, Match, Selection } from '../protocol/sportsbook.ts';
import { useActors } from './actors.ts';
import { sandboxNow } from './clock.ts';
import { buttonText, odds, pickText } from './format.ts';
import { text } from './text.ts';

/**
 * One price. Pressed when it is in the slip (a second press takes it out). A suspended price stays focusable
 * (aria-disabled) so that pressing it says why it cannot be added (issue 11 §4).
 */
export function OddsButton(props: { match: Match; market: Market; selection: Selection; oddsType: number }) {
  const { match, market, selection, oddsType } = props;
  const { slip } = useActors();
  const picked = useSelector(slip, (s) => s.context.picks.some((p) => p.selectionId === selection.id));
  const what = pickText({
    home: match.home,
    away: match.away,
    market: market.kind,
    lineQuarters: market.lineQuarters,
    pick: selection.pick,
  });
  const figure = odds(selection.odds, oddsType);
  return (
    <button
      type="button"
      className="odds"
      aria-pressed={picked}
      aria-disabled={selection.suspended || undefined}
      aria-label={text.pickLabel(`${text.markets[market.kind]} ${what}`, figure, selection.suspended)}
      onClick={() =>
        picked
          ? slip.send({ type: 'slip.remove', selectionId: selection.id })
          : slip.send({ type: 'slip.add', match, selectionId: selection.id, now: sandboxNow() })
      }
    >
      <span className="odds-pick">{buttonText(market.kind, market.lineQuarters, selection.pick)}</span>
      <span className="odds-value">{selection.suspended ? text.suspended : figure}</span>
    </button>
  );
}
