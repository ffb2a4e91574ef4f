import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { GAME_PARAM, PLAY_PARAM } from '../../protocol/venues.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { LOBBIES, type Lobby, type LobbyVenue } from '../../protocol/venues.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { GameGrid } from './game-grid.tsx';
import { LaunchPanel } from './launch-panel.tsx';
import { LobbyNav } from './lobby-nav.tsx';
import { OddsTypeSelect } from './odds-type-select.tsx';
import { RecentGames } from './recent-games.tsx';
import { SportPanel } from './sport-panel.tsx';
import { useVenuesChild } from './use-venues.ts';
import { VenueTiles } from './venue-tiles.tsx';

const lobbyOf = (path: string): Lobby => {
  const lobby = path.slice('/game/'.length) as Lobby;
  return LOBBIES.includes(lobby) ? lobby : 'sport';
};

/**
 * One page for the seven lobbies (issue 11 §1; spec §2 /game/chess … /game/fishing): the bar across them, the
 * player's recent games, the venues, the game grid of a venue with a game list and, in the sport lobby, the
 * odds type, the venues' match counts and live odds. Picking a venue or a game launches it (launch.machine).
 */
export function LobbyPage() {
  const { pathname } = useLocation();
  const lobby = lobbyOf(pathname);
  const lobbyActor = useVenuesChild('lobby');
  const launch = useVenuesChild('launch');
  // Right after a move between lobbies the previous lobby's child may still be there for a moment.
  const mine = useSelector(lobbyActor, (s) => s?.context.lobby === lobby);
  const venuesState = useSelector(lobbyActor, (s) =>
    s ? (s.value as { venues: string }).venues : 'loading',
  );
  const venues = useSelector(lobbyActor, (s) => s?.context.venues ?? null);
  const current = useSelector(lobbyActor, (s) => s?.context.venue ?? null);
  const busy = useSelector(launch, (s) => s?.matches('launching') ?? false);
  const nameOf = useCallback((code: string) => venues?.find((x) => x.code === code)?.name ?? code, [venues]);

  // issue 11 §1: back from the login with the pick in the query: the launch proceeds (once; the query goes).
  const [params, setParams] = useSearchParams();
  const play = params.get(PLAY_PARAM);
  const game = params.get(GAME_PARAM);
  const launchHere = useSelector(launch, (s) => s?.context.lobbyPath === pathname);
  useEffect(() => {
    if (!play || !launch || !launchHere) return;
    launch.send({ type: 'launch.pick', venue: play, game });
    setParams({}, { replace: true });
  }, [play, game, launch, launchHere, setParams]);

  const pick = (venue: string, gameCode: string | null) =>
    launch?.send({ type: 'launch.pick', venue, game: gameCode });

  return (
    <div className="lobby">
      <header className="page-header lobby__header">
        <h1>{v.lobbyTitle[lobby]}</h1>
        {lobby === 'sport' && <OddsTypeSelect />}
      </header>
      <LobbyNav />
      <LaunchPanel nameOf={nameOf} />
      {mine && <RecentGames onPlay={pick} busy={busy} />}
      {!mine || venuesState === 'loading' ? (
        <LoadingScreen />
      ) : venuesState === 'failed' ? (
        <p className="form-alert form-alert--error" role="alert">
          {v.venuesLoadFailed}{' '}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => lobbyActor?.send({ type: 'lobby.retry' })}
          >
            {v.retry}
          </button>
        </p>
      ) : venues ? (
        <>
          <section className="section" aria-labelledby="venues-heading">
            <h2 id="venues-heading" className="section__title">
              {v.venuesHeading}
            </h2>
            <VenueTiles
              venues={venues}
              current={current}
              busy={busy}
              onEnter={(venue: LobbyVenue) => pick(venue.code, null)}
              onBrowse={(venue: LobbyVenue) => lobbyActor?.send({ type: 'grid.venue', venue: venue.code })}
            />
          </section>
          {lobby === 'sport' && <SportPanel venues={venues} />}
          <GameGrid venues={venues} busy={busy} onPlay={(venue, code) => pick(venue.code, code)} />
        </>
      ) : null}
      <p className="lobby__note">{v.sandboxNote}</p>
    </div>
  );
}
