import { fromPromise } from 'xstate';
import { betRecordMachine } from '../../../machines/venues/bet-record.machine.ts';
import { chinaDay } from '../../../machines/venues/common.ts';
import { launchMachine } from '../../../machines/venues/launch.machine.ts';
import { lobbyMachine } from '../../../machines/venues/lobby.machine.ts';
import { oddsTypeMachine } from '../../../machines/venues/odds-type.machine.ts';
import { venuePageMachine } from '../../../machines/venues/venue-page.machine.ts';
import {
  BET_RECORD_PATH,
  CHILD_SIGNALS,
  NAVIGATE,
  venuesMachine,
  type VenuesInput,
} from '../../../machines/venues/venues.machine.ts';
import { fetchBetRecords } from '../../api/venues/bet-records.ts';
import { fetchGames } from '../../api/venues/games.ts';
import { launchVenue } from '../../api/venues/launch.ts';
import { fetchLobby } from '../../api/venues/lobby.ts';
import { clearVenueSessions, saveOddsType as sendOddsTypeToProviders } from '../../api/providers/index.ts';
import { fetchOddsType, saveOddsType } from '../../api/venues/odds-type.ts';
import { fetchRecentGames } from '../../api/venues/recent.ts';
import { fetchWallet, refreshVenueWallet } from '../../api/wallet/wallet.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { assignLocation } from '../../platform/page.ts';
import { EMBEDDED_VENUE_PAGES, LOBBIES } from '../../protocol/venues.ts';
import { BetRecordPage } from './bet-record-page.tsx';
import { isHttps, isPhone } from './device.ts';
import { LobbyPage } from './lobby-page.tsx';
import { sportLobby } from './sport-effects.ts';
import { VenuePage } from './venue-page.tsx';
import './venues.css';

// The venues area (issue 11; spec §2 /game/*, the embedded venue pages, /mine/record/betRecord): its pages and
// its actor (the lobby with the launch, the venue page's balance bar, the bet record, the odds type), the
// machines' effects bound to src/api and src/platform.
export const area: AreaModule = {
  pages: {
    ...Object.fromEntries(LOBBIES.map((lobby) => [`/game/${lobby}`, LobbyPage])),
    ...Object.fromEntries(EMBEDDED_VENUE_PAGES.map((p) => [p.path, VenuePage])),
    [BET_RECORD_PATH]: BetRecordPage,
  },
  actor: {
    logic: venuesMachine.provide({
      actors: {
        lobby: lobbyMachine.provide({
          actors: {
            loadVenues: fromPromise(({ input }) => fetchLobby(input.lobby)),
            loadGames: fromPromise(({ input }) => fetchGames(input)),
            loadRecent: fromPromise(() => fetchRecentGames()),
          },
        }),
        sportLobby,
        launch: launchMachine.provide({
          actors: { launch: fromPromise(({ input }) => launchVenue(input)) },
          actions: {
            ...CHILD_SIGNALS.launch,
            openExternal: (_, params) => assignLocation(params.url),
          },
        }),
        oddsType: oddsTypeMachine.provide({
          actors: {
            load: fromPromise(() => fetchOddsType()),
            save: fromPromise(({ input }) => {
              // issue 11 §3: the odds type is sent to the providers (provider one's OddsType parameter).
              sendOddsTypeToProviders(input.oddsType);
              return saveOddsType(input.oddsType);
            }),
          },
        }),
        venuePage: venuePageMachine.provide({
          actors: {
            loadWallet: fromPromise(() => fetchWallet()),
            refreshVenue: fromPromise(({ input }) => refreshVenueWallet(input.venue)),
          },
        }),
        betRecord: betRecordMachine.provide({
          actors: {
            load: fromPromise(({ input }) => fetchBetRecords(input)),
            loadVenues: fromPromise(async () =>
              (await fetchWallet()).venues.map((v) => ({
                venue: v.venue,
                name: v.name,
                platform: v.platform,
              })),
            ),
          },
        }),
      },
      actions: {
        navigate: NAVIGATE as never,
        // The venue credentials kept for the providers are the player's: gone with the session.
        forgetVenueSessions: () => clearVenueSessions(),
      },
    }),
    input: (path): VenuesInput => ({ path, phone: isPhone(), https: isHttps(), today: chinaDay(Date.now()) }),
  },
};
