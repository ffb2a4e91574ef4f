import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { loginFor } from '../../../machines/navigation-policy.ts';
import type { sportCountMachine } from '../../../machines/venues/sport-count.machine.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import type { LiveMatch } from '../../protocol/live-odds.ts';
import type { LobbyVenue, OddsType, SportCounts } from '../../protocol/venues.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { chinaClock, chinaTime, oddsText } from './format.ts';
import { useOddsType } from './odds-type-select.tsx';
import { useVenuesChild } from './use-venues.ts';

const PICK_NAME = { home: v.home, draw: v.draw, away: v.away } as const;

function Counts({ counts, stale }: { counts: SportCounts | null; stale: boolean }) {
  if (!counts) return <p className="sport-note">{stale ? v.countsFailed : v.countsLoading}</p>;
  return (
    <>
      <table className="sport-counts">
        <caption className="visually-hidden">{v.sportCounts}</caption>
        <thead>
          <tr>
            <th scope="col">{v.sportColumn}</th>
            <th scope="col">{v.live}</th>
            <th scope="col">{v.today}</th>
            <th scope="col">{v.early}</th>
          </tr>
        </thead>
        <tbody>
          {counts.sports.map((s) => (
            <tr key={s.sport} data-sport={s.sport}>
              <th scope="row">{s.name}</th>
              <td data-count="live">{s.live}</td>
              <td data-count="today">{s.today}</td>
              <td data-count="early">{s.early}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stale && (
        <p className="sport-note">
          {v.countsCached} · <time dateTime={counts.at}>{chinaTime(counts.at)}</time>
        </p>
      )}
    </>
  );
}

function Match({ match, oddsType }: { match: LiveMatch; oddsType: OddsType }) {
  return (
    <li className="match" data-match={match.id}>
      <span className="match__meta">
        {match.league} ·{' '}
        {match.phase === 'live'
          ? `${v.live} ${match.clock ?? ''}`
          : `${chinaClock(match.startsAt)} ${v.kickOff}`}
      </span>
      <span className="match__teams">
        <span>{match.home}</span>
        {match.score && (
          <span>
            {match.score.home} : {match.score.away}
          </span>
        )}
        <span>{match.away}</span>
      </span>
      <span className="match__prices">
        {match.prices.map((p) => (
          <span
            key={p.pick}
            className={`price${p.suspended ? ' is-suspended' : ''}`}
            data-pick={p.pick}
            data-euro={p.odds}
          >
            <span>{PICK_NAME[p.pick]}</span>
            <span className="price__odds">{oddsText(p.odds, oddsType)}</span>
            {p.suspended && <span className="visually-hidden">{v.suspended}</span>}
          </span>
        ))}
      </span>
    </li>
  );
}

function LiveVenues({
  venues,
  counts,
  odds,
}: {
  venues: LobbyVenue[];
  counts: ActorRefFrom<typeof sportCountMachine> | undefined;
  odds: Record<string, LiveMatch[] | null> | null;
}) {
  const oddsType = useOddsType();
  const byVenue = useSelector(counts, (s) => s?.context.byVenue ?? {});
  const launched = useSelector(counts, (s) => s?.context.venues.map((x) => x.venue) ?? []);
  return (
    <ul className="sport-venues">
      {venues
        .filter((x) => launched.includes(x.code))
        .map((venue) => {
          const c = byVenue[venue.code];
          const matches = odds?.[venue.code];
          return (
            <li key={venue.code} className="card sport-venue" data-venue={venue.code}>
              <div className="sport-venue__head">
                <h3 className="sport-venue__name">{venue.name}</h3>
                {c?.counts && <span data-total>{v.total(c.counts.total)}</span>}
              </div>
              <Counts counts={c?.counts ?? null} stale={c?.stale ?? false} />
              <h4 className="sport-note">{v.liveOdds}</h4>
              {odds === null ? (
                <p className="sport-note">{v.oddsLoading}</p>
              ) : matches === null || matches === undefined ? (
                <p className="sport-note">{v.oddsFailed}</p>
              ) : matches.length === 0 ? (
                <p className="sport-note">{v.noMatches}</p>
              ) : (
                <ul className="matches">
                  {matches.map((m) => (
                    <Match key={m.id} match={m} oddsType={oddsType} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The sport lobby's venues with their match counts (the sport-count machine: every 60 s, cached counts when a
 * venue cannot answer) and live odds — a few live and today's matches a venue with their 1X2 prices in the
 * player's odds type (issue 11 §1, §3). A visitor is invited to log in (the venues need a member's credential).
 */
export function SportPanel({ venues }: { venues: LobbyVenue[] }) {
  const sport = useVenuesChild('sportLobby');
  const state = useSelector(sport, (s) =>
    s ? (typeof s.value === 'string' ? s.value : 'live') : 'deciding',
  );
  const odds = useSelector(sport, (s) => s?.context.odds ?? null);
  const counts = useSelector(sport, (s) => s?.children['sportCount']) as
    ActorRefFrom<typeof sportCountMachine> | undefined;
  const { pathname, search } = useLocation();
  return (
    <section className="section" aria-labelledby="sport-live-heading">
      <h2 id="sport-live-heading" className="section__title">
        {v.sportCounts} · {v.liveOdds}
      </h2>
      {state === 'visitor' ? (
        <p className="card sport-venue">
          <Link to={loginFor(pathname, search)}>{v.loginForLive}</Link>
        </p>
      ) : state === 'failed' ? (
        <p className="form-alert form-alert--error" role="alert">
          {v.countsFailed}{' '}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => sport?.send({ type: 'sport.retry' })}
          >
            {v.retry}
          </button>
        </p>
      ) : state === 'live' ? (
        <LiveVenues venues={venues} counts={counts} odds={odds} />
      ) : (
        <LoadingScreen />
      )}
    </section>
  );
}
