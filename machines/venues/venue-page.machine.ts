import { assign, fromPromise, setup } from 'xstate';
import { CODE } from '../../src/protocol/api.ts';
import type { VenueRefresh, WalletSummary } from '../../src/protocol/wallet.ts';
import { codeOf } from './common.ts';

// The embedded venue page's bar (issue 11 §2; spec §2 `sport/im?url=`...): the player's balance while they play
// — the central wallet and that venue's wallet — read when the page opens and refreshed on demand (the venue
// wallet re-read from the venue: POST /fd/api/v1/wallet/venue/refresh, locked a few seconds after use, 30004;
// then the summary again). The frame itself is the page's: what it frames is decided by the URL rule
// (isVenueFrameUrl), not by state.

export interface VenuePageInput {
  venue: string;
}

export interface Balances {
  /** What the central wallet can spend (fen). */
  central: number;
  /** The venue wallet (fen). */
  venue: number;
  venueName: string;
}

/** Why a refresh did not happen: locked (30004, a moment ago), or it failed. */
export type RefreshNote = 'locked' | 'failed' | null;

interface Context extends VenuePageInput {
  balances: Balances | null;
  note: RefreshNote;
}

export type VenuePageEvent = { type: 'balance.refresh' } | { type: 'balance.retry' };

export function balancesOf(summary: WalletSummary, venue: string): Balances {
  const wallet = summary.venues.find((v) => v.venue === venue);
  return {
    central: summary.central.available,
    venue: wallet?.balance ?? 0,
    venueName: wallet?.name ?? venue,
  };
}

export const venuePageMachine = setup({
  types: {} as { context: Context; events: VenuePageEvent; input: VenuePageInput },
  actors: {
    loadWallet: fromPromise<WalletSummary>(async () => {
      throw new Error('provided at composition');
    }),
    refreshVenue: fromPromise<VenueRefresh, { venue: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    locked: ({ event }) => codeOf((event as { error?: unknown }).error) === CODE.refreshLocked,
  },
}).createMachine({
  id: 'venuePage',
  context: ({ input }) => ({ ...input, balances: null, note: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadWallet',
        onDone: {
          target: 'ready',
          actions: assign({ balances: ({ context, event }) => balancesOf(event.output, context.venue) }),
        },
        onError: 'failed',
      },
    },
    /** The balance could not be read (the frame still shows). */
    failed: { on: { 'balance.retry': 'loading' } },
    ready: { on: { 'balance.refresh': { target: 'refreshing', actions: assign({ note: null }) } } },
    refreshing: {
      initial: 'venue',
      states: {
        /** The venue wallet, read again from the venue. */
        venue: {
          invoke: {
            src: 'refreshVenue',
            input: ({ context }) => ({ venue: context.venue }),
            onDone: 'summary',
            onError: [
              // A moment ago: the summary is read anyway (the central wallet may have moved).
              { guard: 'locked', target: 'summary', actions: assign({ note: 'locked' }) },
              { target: '#venuePage.ready', actions: assign({ note: 'failed' }) },
            ],
          },
        },
        summary: {
          invoke: {
            src: 'loadWallet',
            onDone: {
              target: '#venuePage.ready',
              actions: assign({ balances: ({ context, event }) => balancesOf(event.output, context.venue) }),
            },
            onError: { target: '#venuePage.ready', actions: assign({ note: 'failed' }) },
          },
        },
      },
    },
  },
});
