// The sport lobby's effects (issue 11 §1, §3): the quiet launches that give each sports venue its credential,
// counts URL and shared parameters; the counts (C's sport-count machine) and the live odds read through the
// provider adapters; the provider-parameter machines' re-fetch; the tab's visibility.
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { providerParamsMachine } from '../../../machines/venues/provider-params.machine.ts';
import { PARAMS_CHILD, sportLobbyMachine } from '../../../machines/venues/sport-lobby.machine.ts';
import { sportCountMachine } from '../../../machines/venues/sport-count.machine.ts';
import {
  createRefreshingCalls,
  fetchProviderParams,
  loadVenueSession,
  saveProviderParams,
  saveVenueLaunch,
  sportCountOutcome,
  type RefreshingCalls,
} from '../../api/providers/index.ts';
import { fetchLiveMatches } from '../../api/venues/live-matches.ts';
import { launchVenue } from '../../api/venues/launch.ts';
import { fetchLobby } from '../../api/venues/lobby.ts';
import { onVisibilityChange, pageHidden } from '../../platform/page.ts';
import { SITE_ID } from '../../protocol/api.ts';
import type { LiveOdds } from '../../protocol/live-odds.ts';
import type { LaunchRequest } from '../../protocol/venues.ts';
import { isHttps } from './device.ts';

/** spec §7 launch fields of a quiet launch: only the credential (no transfer, no recent entry). */
const preloadOf = (venue: string): LaunchRequest => ({
  enName: venue,
  isPreload: 1,
  isManualLaunch: 0,
  https: isHttps() ? 1 : 0,
  isApp: 0,
  siteId: SITE_ID,
});

/** Launches the venue quietly and keeps what it answered (spec §3 stored sports-venue parameters). */
async function preload(venue: string): Promise<string> {
  const result = await launchVenue(preloadOf(venue));
  return saveVenueLaunch(venue, result).token;
}

/** Launches each venue; answers the tokens of those that launched (a venue that did not is left out). */
async function preloadAll(venues: string[]): Promise<Record<string, string>> {
  const settled = await Promise.allSettled(venues.map(preload));
  const tokens: Record<string, string> = {};
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled') tokens[venues[i]!] = r.value;
  });
  if (venues.length > 0 && Object.keys(tokens).length === 0)
    throw (settled[0] as PromiseRejectedResult).reason;
  return tokens;
}

// Provider two's and three's calls whose parameters expired wait for their provider-parameter actor: a child of
// the sport lobby's actor, the parent of the odds reading that met the expiry.
let lobby: AnyActorRef | undefined;
const paramsActor = (provider: 'two' | 'three') =>
  (lobby?.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children?.[
    PARAMS_CHILD[provider]
  ];
const calls: Record<'two' | 'three', RefreshingCalls> = {
  two: createRefreshingCalls((event) => paramsActor('two')?.send(event)),
  three: createRefreshingCalls((event) => paramsActor('three')?.send(event)),
};

async function oddsOf(venue: string) {
  const session = loadVenueSession(venue);
  if (!session) return null;
  const read = () => fetchLiveMatches(loadVenueSession(venue) ?? session);
  try {
    return await (session.provider === 'one' ? read() : calls[session.provider].run(read));
  } catch {
    return null;
  }
}

/** The provider-parameter machine (one actor per provider), bound to that provider's waiting calls. */
const providerParams = providerParamsMachine.provide({
  actors: { fetchParams: fromPromise(({ input }) => fetchProviderParams(input.provider)) },
  actions: {
    storeParams: (_, { params }) => void saveProviderParams(params),
    retryCall: ({ context }, { callId }) => calls[context.provider].retry(callId),
    reportFailed: ({ context }, { callId }) => calls[context.provider].fail(callId),
  },
});

export const sportLobby = sportLobbyMachine.provide({
  actors: {
    prepare: fromPromise(async () => {
      const { venues } = await fetchLobby('sport');
      const open = venues.filter((v) => v.status === 'open' && v.playable).map((v) => v.code);
      const tokens = await preloadAll(open);
      return { venues: open.filter((v) => tokens[v]).map((venue) => ({ venue, token: tokens[venue]! })) };
    }),
    loadOdds: fromPromise(async ({ input, self }) => {
      lobby = self._parent;
      const answers = await Promise.all(input.venues.map(oddsOf));
      return Object.fromEntries(input.venues.map((v, i) => [v, answers[i] ?? null])) as LiveOdds;
    }),
    watchVisibility: fromCallback(({ sendBack }) => {
      if (pageHidden()) sendBack({ type: 'page.hidden' });
      return onVisibilityChange((hidden) => sendBack({ type: hidden ? 'page.hidden' : 'page.visible' }));
    }),
    sportCount: sportCountMachine.provide({
      actors: {
        fetchCounts: fromPromise(async ({ input }) => {
          const outcomes = await Promise.all(input.venues.map((v) => sportCountOutcome(v.token)));
          return Object.fromEntries(input.venues.map((v, i) => [v.venue, outcomes[i]!]));
        }),
        relaunch: fromPromise(({ input }) => preloadAll(input.venues).catch(() => ({}))),
      },
    }),
    providerParams,
  },
});
