import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { DEFAULT_ODDS_TYPE } from '../protocol/venues.ts';
import { useActors } from './actors.ts';
import { sandboxNow, setServerTime } from './clock.ts';
import { yuan } from './format.ts';
import { Slip } from './slip.tsx';
import { text } from './text.ts';
import { FeedNav, MatchList, MatchPage, MyBets } from './views.tsx';

/** Play money, said on every screen (issue 11 §4). */
export function Banner() {
  return (
    <p className="banner" role="note">
      {text.banner}
    </p>
  );
}

export function Expired({ message }: { message: string }) {
  return (
    <main className="expired">
      <Banner />
      <h1>{text.title}</h1>
      <p role="alert">{message}</p>
    </main>
  );
}

function Header() {
  const { session } = useActors();
  const s = useSelector(session, (x) => x.context.session);
  const failed = useSelector(session, (x) => x.matches('failed'));
  useEffect(() => {
    if (s) document.title = `${s.venueName} · ${text.title}`;
  }, [s]);
  return (
    <header className="header">
      <h1>
        {s?.venueName ?? text.title}
        <span className="sandbox-tag">{text.title}</span>
      </h1>
      {s && (
        <dl className="account">
          <div>
            <dt>{text.header.player}</dt>
            <dd>{s.player}</dd>
          </div>
          <div>
            <dt>{text.header.balance}</dt>
            <dd aria-live="polite">{text.header.balanceValue(yuan(s.balance))}</dd>
          </div>
          <div>
            <dt>{text.header.oddsType}</dt>
            <dd>{text.oddsTypes[s.oddsType] ?? ''}</dd>
          </div>
        </dl>
      )}
      {failed && (
        <button type="button" className="secondary" onClick={() => session.send({ type: 'session.retry' })}>
          {text.retry}
        </button>
      )}
    </header>
  );
}

/** What the actors tell one another: the feed's prices and the session's balance to the slip; a bet placed. */
function useWiring() {
  const { session, feed, slip } = useActors();
  const balance = useSelector(session, (s) => s.context.session?.balance ?? null);
  const matches = useSelector(feed, (s) => s.context.matches);
  const match = useSelector(feed, (s) => s.context.match);
  const serverTime = useSelector(feed, (s) => s.context.serverTime);
  useEffect(() => setServerTime(serverTime), [serverTime]);
  useEffect(() => {
    if (balance !== null) slip.send({ type: 'slip.balance', balance });
  }, [balance, slip]);
  useEffect(() => {
    slip.send({ type: 'slip.sync', matches: match ? [...matches, match] : matches, now: sandboxNow() });
  }, [matches, match, slip]);
  useEffect(() => {
    const sub = slip.on('slip.placed', () => {
      session.send({ type: 'session.refresh' });
      feed.send({ type: 'feed.refresh' });
    });
    return () => sub.unsubscribe();
  }, [slip, session, feed]);
}

export function App() {
  const { session, feed, slip } = useActors();
  useWiring();
  const expired = useSelector(session, (s) => s.matches('expired'));
  const feedExpired = useSelector(feed, (s) => s.matches('expired'));
  const slipExpired = useSelector(slip, (s) => s.matches('expired'));
  const oddsType = useSelector(session, (s) => s.context.session?.oddsType ?? DEFAULT_ODDS_TYPE);
  const view = useSelector(feed, (s) => (s.matches('match') ? 'match' : s.matches('bets') ? 'bets' : 'list'));
  if (expired || feedExpired || slipExpired) return <Expired message={text.expired} />;
  return (
    <div className="page">
      <Banner />
      <Header />
      <div className="layout">
        <main className="content">
          <FeedNav />
          {view === 'list' && <MatchList oddsType={oddsType} />}
          {view === 'match' && <MatchPage oddsType={oddsType} />}
          {view === 'bets' && <MyBets oddsType={oddsType} />}
          <p className="responsible">{text.responsible}</p>
        </main>
        <Slip oddsType={oddsType} />
      </div>
    </div>
  );
}
