import { MARKET_KINDS, type Match } from '../protocol/sportsbook.ts';
import { useActors } from './actors.ts';
import { kickoffTime } from './format.ts';
import { OddsButton } from './odds-button.tsx';
import { text } from './text.ts';

/** When it starts, or how far it is (live: the clock; over: ended / cancelled). */
export function MatchWhen({ match, withDate }: { match: Match; withDate: boolean }) {
  if (match.phase === 'live')
    return (
      <span className="when live">
        {text.list.live}
        {match.clock ? ` ${match.clock}` : ''}
      </span>
    );
  if (match.phase === 'ended') return <span className="when">{text.list.ended}</span>;
  if (match.phase === 'cancelled') return <span className="when">{text.list.cancelled}</span>;
  return <span className="when">{text.list.kickoff(kickoffTime(match.startsAt, withDate))}</span>;
}

export function Score({ match }: { match: Match }) {
  if (!match.score) return null;
  return (
    <span
      className="score"
      role="img"
      aria-label={text.list.scoreLabel(match.home, match.away, match.score.home, match.score.away)}
    >
      {text.list.score(match.score.home, match.score.away)}
    </span>
  );
}

/** A match of the list with its main markets (the first line of 1X2, AH, OU, OE). */
export function MatchCard(props: { match: Match; oddsType: number; withDate: boolean }) {
  const { match, oddsType, withDate } = props;
  const { feed } = useActors();
  const main = MARKET_KINDS.map((kind) => match.markets.find((m) => m.kind === kind)).filter(
    (m) => m !== undefined,
  );
  return (
    <li className="match">
      <div className="match-top">
        <span className="league">{match.league}</span>
        <MatchWhen match={match} withDate={withDate} />
      </div>
      <h3 className="teams">
        <button
          type="button"
          className="teams-link"
          aria-label={text.list.openMatch(match.home, match.away)}
          onClick={() => feed.send({ type: 'feed.open', matchId: match.id })}
        >
          <span>{match.home}</span>
          <span className="vs" aria-hidden="true">
            {text.list.vs}
          </span>
          <span>{match.away}</span>
          <span className="more" aria-hidden="true">
            {text.list.more(match.markets.length)}
          </span>
        </button>
      </h3>
      <Score match={match} />
      <div className="markets">
        {main.map((market) => (
          <div key={market.id} className="market" role="group" aria-label={text.markets[market.kind]}>
            <span className="market-name" aria-hidden="true">
              {text.markets[market.kind]}
            </span>
            <div className="market-picks">
              {market.selections.map((s) => (
                <OddsButton key={s.id} match={match} market={market} selection={s} oddsType={oddsType} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </li>
  );
}
