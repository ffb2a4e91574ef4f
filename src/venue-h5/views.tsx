import { useSelector } from '@xstate/react';
import { FEED_PHASES } from '../../machines/sportsbook/feed.machine.ts';
import type { SportsBet } from '../protocol/sportsbook.ts';
import { useActors } from './actors.ts';
import { dateTime, lineText, odds, pickText, yuan } from './format.ts';
import { MatchCard, MatchWhen, Score } from './match-card.tsx';
import { OddsButton } from './odds-button.tsx';
import { text } from './text.ts';

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="notice" role="alert">
      <p>{text.loadFailed}</p>
      <button type="button" className="secondary" onClick={onRetry}>
        {text.retry}
      </button>
    </div>
  );
}

const Loading = () => (
  <p className="notice" role="status">
    {text.loading}
  </p>
);

/** Sport and phase tabs (toggle buttons: the pressed one is shown). */
export function FeedNav() {
  const { feed } = useActors();
  const sports = useSelector(feed, (s) => s.context.sports);
  const sport = useSelector(feed, (s) => s.context.sport);
  const phase = useSelector(feed, (s) => s.context.phase);
  const inList = useSelector(feed, (s) => s.matches('list'));
  const inBets = useSelector(feed, (s) => s.matches('bets'));
  return (
    <div className="feed-nav">
      {sports.length > 1 && (
        <nav aria-label={text.nav.sports} className="tabs">
          {sports.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={inList && s === sport}
              onClick={() => feed.send({ type: 'feed.sport', sport: s })}
            >
              {text.sports[s]}
            </button>
          ))}
        </nav>
      )}
      <nav aria-label={text.nav.phases} className="tabs">
        {FEED_PHASES.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={inList && p === phase}
            onClick={() => feed.send({ type: 'feed.phase', phase: p })}
          >
            {text.phases[p]}
          </button>
        ))}
        <button
          type="button"
          className="my-bets"
          aria-pressed={inBets}
          onClick={() => feed.send({ type: 'feed.bets' })}
        >
          {text.nav.myBets}
        </button>
      </nav>
    </div>
  );
}

export function MatchList({ oddsType }: { oddsType: number }) {
  const { feed } = useActors();
  const state = useSelector(feed, (s) =>
    s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'shown',
  );
  const matches = useSelector(feed, (s) => s.context.matches);
  const sport = useSelector(feed, (s) => s.context.sport);
  const phase = useSelector(feed, (s) => s.context.phase);
  return (
    <section aria-labelledby="list-title">
      <h2 id="list-title" className="section-title">
        {text.sports[sport]} · {text.phases[phase]}
      </h2>
      {state === 'loading' && <Loading />}
      {state === 'failed' && <Failed onRetry={() => feed.send({ type: 'feed.retry' })} />}
      {state === 'shown' &&
        (matches.length === 0 ? (
          <p className="notice">{text.list.empty}</p>
        ) : (
          <ul className="matches">
            {matches.map((m) => (
              <MatchCard key={m.id} match={m} oddsType={oddsType} withDate={phase === 'early'} />
            ))}
          </ul>
        ))}
    </section>
  );
}

export function MatchPage({ oddsType }: { oddsType: number }) {
  const { feed } = useActors();
  const match = useSelector(feed, (s) => s.context.match);
  const failed = useSelector(feed, (s) => s.matches({ match: 'failed' }));
  return (
    <section aria-labelledby="match-title" className="match-page">
      <button type="button" className="back" onClick={() => feed.send({ type: 'feed.back' })}>
        {text.nav.back}
      </button>
      {failed && <Failed onRetry={() => feed.send({ type: 'feed.retry' })} />}
      {!failed && !match && <Loading />}
      {match && (
        <>
          <div className="match-top">
            <span className="league">{match.league}</span>
            <MatchWhen match={match} withDate />
          </div>
          <h2 id="match-title" className="teams big">
            {match.home} <span className="vs">{text.list.vs}</span> {match.away}
          </h2>
          <Score match={match} />
          {match.markets.map((market) => {
            const line =
              market.lineQuarters === null ? '' : ` ${lineText(market.lineQuarters, market.kind === 'ah')}`;
            return (
              <div
                key={market.id}
                className="market full"
                role="group"
                aria-label={`${text.markets[market.kind]}${line}`}
              >
                <h3 className="market-name">
                  {text.markets[market.kind]}
                  {line}
                </h3>
                <div className="market-picks">
                  {market.selections.map((s) => (
                    <OddsButton key={s.id} match={match} market={market} selection={s} oddsType={oddsType} />
                  ))}
                </div>
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}

function BetItem({ bet, oddsType }: { bet: SportsBet; oddsType: number }) {
  const settled = bet.status !== 'open';
  return (
    <li className="bet">
      <div className="bet-top">
        <span>
          {text.bets.orderNo} {bet.orderNo}
        </span>
        <span className="tag">
          {bet.kind === 'parlay'
            ? `${text.bets.kind.parlay} ${text.slip.legs(bet.legs.length)}`
            : text.bets.kind.single}
        </span>
        <span className={`status ${bet.status}`}>{text.bets.status[bet.status]}</span>
      </div>
      <ul className="legs">
        {bet.legs.map((leg) => {
          const [home = '', away = ''] = leg.match.split(' vs ');
          return (
            <li key={leg.selectionId}>
              <span className="leg-match">{leg.match}</span>
              <span>
                {text.markets[leg.market]} ·{' '}
                {pickText({ home, away, market: leg.market, lineQuarters: leg.lineQuarters, pick: leg.pick })}{' '}
                @ {odds(leg.odds, oddsType)}
              </span>
              {bet.kind === 'parlay' && <span className="leg-status">{text.bets.status[leg.status]}</span>}
            </li>
          );
        })}
      </ul>
      <dl className="bet-figures">
        <div>
          <dt>{text.bets.stake}</dt>
          <dd>¥{yuan(bet.stake)}</dd>
        </div>
        <div>
          <dt>{text.bets.odds}</dt>
          <dd>{odds(bet.odds, oddsType)}</dd>
        </div>
        {settled && (
          <div>
            <dt>{text.bets.payout}</dt>
            <dd>¥{yuan(bet.payout)}</dd>
          </div>
        )}
        {settled && (
          <div>
            <dt>{text.bets.net}</dt>
            <dd>{(bet.payout - bet.stake < 0 ? '-¥' : '¥') + yuan(Math.abs(bet.payout - bet.stake))}</dd>
          </div>
        )}
        <div>
          <dt>{text.bets.placedAt}</dt>
          <dd>{dateTime(bet.placedAt)}</dd>
        </div>
        {bet.settledAt && (
          <div>
            <dt>{text.bets.settledAt}</dt>
            <dd>{dateTime(bet.settledAt)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

export function MyBets({ oddsType }: { oddsType: number }) {
  const { feed } = useActors();
  const tab = useSelector(feed, (s) => s.context.betsTab);
  const bets = useSelector(feed, (s) => s.context.bets);
  const loading = useSelector(feed, (s) => s.matches({ bets: 'loading' }));
  const failed = useSelector(feed, (s) => s.matches({ bets: 'failed' }));
  return (
    <section aria-labelledby="bets-title">
      <h2 id="bets-title" className="section-title">
        {text.nav.myBets}
      </h2>
      <div className="tabs" role="group" aria-label={text.nav.myBets}>
        {(['open', 'settled'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={t === tab}
            onClick={() => feed.send({ type: 'feed.betsTab', tab: t })}
          >
            {text.bets[t]}
          </button>
        ))}
      </div>
      {loading && <Loading />}
      {failed && <Failed onRetry={() => feed.send({ type: 'feed.retry' })} />}
      {!loading &&
        !failed &&
        (bets.length === 0 ? (
          <p className="notice">{text.bets.empty}</p>
        ) : (
          <ul className="bets" aria-label={text.bets[tab]}>
            {bets.map((b) => (
              <BetItem key={b.orderNo} bet={b} oddsType={oddsType} />
            ))}
          </ul>
        ))}
    </section>
  );
}
