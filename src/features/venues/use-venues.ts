import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { betRecordMachine } from '../../../machines/venues/bet-record.machine.ts';
import type { launchMachine } from '../../../machines/venues/launch.machine.ts';
import type { lobbyMachine } from '../../../machines/venues/lobby.machine.ts';
import type { oddsTypeMachine } from '../../../machines/venues/odds-type.machine.ts';
import type { sportLobbyMachine } from '../../../machines/venues/sport-lobby.machine.ts';
import type { venuePageMachine } from '../../../machines/venues/venue-page.machine.ts';
import type { venuesMachine } from '../../../machines/venues/venues.machine.ts';
import { useAreaActor } from '../../app/system.ts';

// The venues area's actors as the pages read them (views render and send; the machines decide).

export const useVenues = () => useAreaActor<typeof venuesMachine>('venues');

interface Children {
  lobby: ActorRefFrom<typeof lobbyMachine>;
  sportLobby: ActorRefFrom<typeof sportLobbyMachine>;
  launch: ActorRefFrom<typeof launchMachine>;
  oddsType: ActorRefFrom<typeof oddsTypeMachine>;
  venuePage: ActorRefFrom<typeof venuePageMachine>;
  betRecord: ActorRefFrom<typeof betRecordMachine>;
}

/** A child of the venues actor, once the area runs and the page's state has it. */
export function useVenuesChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const venues = useVenues();
  return useSelector(venues, (s) => s?.children[id]) as Children[K] | undefined;
}
