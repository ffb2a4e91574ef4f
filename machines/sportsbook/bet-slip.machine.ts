import { assign, emit, fromPromise, setup } from 'xstate';
import { cleanAmountInput, yuanToFen } from '../../src/protocol/money.ts';
import {
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
  SPORTSBOOK_CODE,
  SPORTSBOOK_MAX_STAKE,
  SPORTSBOOK_MIN_STAKE,
  type Market,
  type MarketKind,
  type Match,
  type PlaceBetRequest,
  type Selection,
  type SportsBet,
} from '../../src/protocol/sportsbook.ts';

// The sandbox sportsbook's bet slip (issue 11 §4): picks are added and removed; a single (one pick) or a parlay
// (PARLAY_MIN_LEGS..PARLAY_MAX_LEGS picks from different matches). The reasons a selection cannot be added are
// given at once, before anything is sent: suspended, a pre-match price after kick-off, a match that is over, two
// picks from one match in a parlay, a parlay already full. The stake follows spec §5's amount rule within
// SPORTSBOOK_MIN_STAKE..SPORTSBOOK_MAX_STAKE and the venue balance. Placing sends a request id made once and kept
// for a retry after no answer (the house pattern of machines/payout/withdrawal.machine.ts). A price that moved
// since it was picked (seen in the feed before sending, or answered 40006) shows old and new: the player accepts
// (the new prices are sent) or refuses (nothing is sent). 40007: the venue wallet cannot afford it. Success: the
// receipt, and the slip is cleared.

export type SlipMode = 'single' | 'parlay';

export interface SlipPick {
  selectionId: string;
  matchId: string;
  league: string;
  home: string;
  away: string;
  startsAt: string;
  market: MarketKind;
  lineQuarters: number | null;
  pick: Selection['pick'];
  /** The price the player picked (European ×1000). */
  odds: number;
  /** The price the feed shows now; differs from odds when it moved since it was picked. */
  current: number;
  /** Picked in play (a live price) or before (a pre-match price, which kick-off ends). */
  live: boolean;
  suspended: boolean;
  /** A pre-match price whose match has started since. */
  started: boolean;
}

/** Why a selection cannot be added (said before sending). */
export type AddRefusal = 'suspended' | 'matchStarted' | 'closed' | 'sameMatch' | 'tooMany';
/** Why the slip cannot be placed as it is (said before sending). */
export type SlipProblem =
  'empty' | 'tooFewLegs' | 'suspended' | 'matchStarted' | 'noStake' | 'belowMin' | 'aboveMax' | 'overBalance';

export interface OddsChange {
  selectionId: string;
  from: number;
  to: number;
  suspended: boolean;
}

export interface SlipRefusal {
  code: number | string | null;
  message: string;
}

export interface SlipContext {
  mode: SlipMode;
  picks: SlipPick[];
  stakeText: string;
  /** The venue wallet (fen), from the page's session; null until known. */
  balance: number | null;
  /** The phone sheet is open (the desktop panel is always shown). */
  expanded: boolean;
  added: { selectionId: string; reason: AddRefusal } | null;
  problem: SlipProblem | null;
  changes: OddsChange[];
  requestId: string | null;
  receipt: SportsBet | null;
  refusal: SlipRefusal | null;
}

export interface SlipInput {
  balance?: number | null;
}

export type SlipEvent =
  | { type: 'slip.add'; match: Match; selectionId: string; now: number }
  | { type: 'slip.remove'; selectionId: string }
  | { type: 'slip.clear' }
  | { type: 'slip.mode'; mode: SlipMode }
  | { type: 'slip.stake'; text: string }
  | { type: 'slip.sync'; matches: Match[]; now: number }
  | { type: 'slip.balance'; balance: number }
  | { type: 'slip.expand'; expanded: boolean }
  | { type: 'slip.place'; now: number }
  | { type: 'slip.acceptOdds' }
  | { type: 'slip.refuseOdds' }
  | { type: 'slip.retry' }
  | { type: 'slip.dismiss' }
  | { type: 'slip.done' };

export type SlipEmitted = { type: 'slip.placed'; bet: SportsBet };

/** The combined odds of a parlay (×1000): the product of the legs', cut to thousandths (protocol SportsBet.odds). */
export function combinedOdds(odds: readonly number[]): number {
  if (odds.length === 0) return 0;
  let product = 1n;
  for (const o of odds) product *= BigInt(o);
  return Number(product / 1000n ** BigInt(odds.length - 1));
}

/** What a stake returns at these odds (fen, stake included), cut to the fen. */
export const potentialReturn = (stake: number, odds: number) => Math.floor((stake * odds) / 1000);

function findSelection(match: Match, selectionId: string): { market: Market; selection: Selection } | null {
  for (const market of match.markets) {
    const selection = market.selections.find((s) => s.id === selectionId);
    if (selection) return { market, selection };
  }
  return null;
}

/** A pre-match price after kick-off: the feed still says prematch, but the clock is past the start. */
const kickedOff = (match: Pick<Match, 'phase' | 'startsAt'>, now: number) =>
  match.phase !== 'prematch' || Date.parse(match.startsAt) <= now;

/** Why the selection cannot be added now, or null (issue 11 §4). */
export function addRefusal(
  c: Pick<SlipContext, 'mode' | 'picks'>,
  match: Match,
  selectionId: string,
  now: number,
): AddRefusal | null {
  const found = findSelection(match, selectionId);
  if (!found) return 'closed';
  if (match.phase === 'ended' || match.phase === 'cancelled') return 'closed';
  if (found.selection.suspended) return 'suspended';
  if (match.phase === 'prematch' && Date.parse(match.startsAt) <= now) return 'matchStarted';
  if (c.mode === 'parlay') {
    if (c.picks.some((p) => p.matchId === match.id)) return 'sameMatch';
    if (c.picks.length >= PARLAY_MAX_LEGS) return 'tooMany';
  }
  return null;
}

function pickOf(match: Match, selectionId: string): SlipPick {
  const { market, selection } = findSelection(match, selectionId)!;
  return {
    selectionId,
    matchId: match.id,
    league: match.league,
    home: match.home,
    away: match.away,
    startsAt: match.startsAt,
    market: market.kind,
    lineQuarters: market.lineQuarters,
    pick: selection.pick,
    odds: selection.odds,
    current: selection.odds,
    live: match.phase === 'live',
    suspended: false,
    started: false,
  };
}

/** The slip's stake in fen, or null when none is typed. */
export const stakeOf = (c: Pick<SlipContext, 'stakeText'>) => {
  const fen = yuanToFen(c.stakeText);
  return fen === null || fen <= 0 ? null : fen;
};

/** Why the slip cannot be placed as it is, or null. */
export function slipProblem(
  c: Pick<SlipContext, 'mode' | 'picks' | 'stakeText' | 'balance'>,
  now: number,
): SlipProblem | null {
  if (c.picks.length === 0) return 'empty';
  if (c.mode === 'parlay' && c.picks.length < PARLAY_MIN_LEGS) return 'tooFewLegs';
  if (c.picks.some((p) => p.suspended)) return 'suspended';
  if (c.picks.some((p) => p.started || (!p.live && Date.parse(p.startsAt) <= now))) return 'matchStarted';
  const stake = stakeOf(c);
  if (stake === null) return 'noStake';
  if (stake < SPORTSBOOK_MIN_STAKE) return 'belowMin';
  if (stake > SPORTSBOOK_MAX_STAKE) return 'aboveMax';
  if (c.balance !== null && stake > c.balance) return 'overBalance';
  return null;
}

/** The picks whose price moved since they were picked. */
export const changesOf = (picks: readonly SlipPick[]): OddsChange[] =>
  picks
    .filter((p) => p.current !== p.odds)
    .map((p) => ({ selectionId: p.selectionId, from: p.odds, to: p.current, suspended: p.suspended }));

/** The picks brought up to date with the feed's matches (prices, suspension, kick-off). */
function synced(picks: readonly SlipPick[], matches: readonly Match[], now: number): SlipPick[] {
  return picks.map((p) => {
    const match = matches.find((m) => m.id === p.matchId);
    if (!match) return p;
    const found = findSelection(match, p.selectionId);
    const over = match.phase === 'ended' || match.phase === 'cancelled';
    return {
      ...p,
      startsAt: match.startsAt,
      current: found?.selection.odds ?? p.current,
      suspended: !found || over || found.selection.suspended,
      started: p.started || (!p.live && kickedOff(match, now)),
    };
  });
}

/** 40006's data: `{ selections }`, the current selections of the slip (id, odds, suspended). */
function withAnswered(picks: readonly SlipPick[], data: unknown): SlipPick[] {
  const list = (data as { selections?: unknown } | null)?.selections;
  const current = Array.isArray(list) ? (list as Array<Partial<Selection>>) : [];
  return picks.map((p) => {
    const now = current.find((s) => s.id === p.selectionId);
    if (!now) return p;
    return {
      ...p,
      current: typeof now.odds === 'number' ? now.odds : p.current,
      suspended: now.suspended === true,
    };
  });
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const errorCode = (event: unknown) => codeOf((event as { error?: unknown }).error);
const refusalOf = (error: unknown): SlipRefusal => {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'number' || typeof e?.code === 'string' ? e.code : null;
  return { code, message: typeof e?.message === 'string' ? e.message : '' };
};

const EDITED = { problem: null, refusal: null } as const;

export const betSlipMachine = setup({
  types: {} as {
    context: SlipContext;
    events: SlipEvent;
    input: SlipInput | undefined;
    emitted: SlipEmitted;
  },
  actors: {
    place: fromPromise<SportsBet, PlaceBetRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * A fresh request id. The composition provides the browser's crypto; this default numbers them, so the
     * machine's own graph sees an id too.
     */
    mintRequestId: assign({
      requestId: ({ context }) => `slip-request-${context.requestId ?? 0}-next`,
    }),
  },
  guards: {
    addable: ({ context, event }) => {
      const e = event as Extract<SlipEvent, { type: 'slip.add' }>;
      return addRefusal(context, e.match, e.selectionId, e.now) === null;
    },
    alreadyPicked: ({ context, event }) =>
      context.picks.some((p) => p.selectionId === (event as { selectionId: string }).selectionId),
    placeable: ({ context, event }) => slipProblem(context, (event as { now: number }).now) === null,
    pricesMoved: ({ context }) => changesOf(context.picks).length > 0,
    syncMovesBack: ({ context, event }) => {
      const e = event as Extract<SlipEvent, { type: 'slip.sync' }>;
      return changesOf(synced(context.picks, e.matches, e.now)).length === 0;
    },
    changedSuspended: ({ context }) => context.picks.some((p) => p.suspended),
    /** 40006 with prices that differ from the ones sent (else there is no old and new to show: a refusal). */
    oddsChanged: ({ context, event }) =>
      errorCode(event) === SPORTSBOOK_CODE.oddsChanged &&
      changesOf(withAnswered(context.picks, (event as unknown as { error: { data?: unknown } }).error.data))
        .length > 0,
    staleOddsAnswer: ({ event }) => errorCode(event) === SPORTSBOOK_CODE.oddsChanged,
    expired: ({ event }) => errorCode(event) === SPORTSBOOK_CODE.expired,
    isAnswer: ({ event }) => (event as { error?: { type?: string } }).error?.type === 'business',
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({
    mode: 'single',
    picks: [],
    stakeText: '',
    balance: input?.balance ?? null,
    expanded: false,
    added: null,
    problem: null,
    changes: [],
    requestId: null,
    receipt: null,
    refusal: null,
  }),
  initial: 'editing',
  on: {
    // The feed's re-reads and the session's balance follow the slip wherever it is.
    'slip.sync': {
      actions: assign({ picks: ({ context, event }) => synced(context.picks, event.matches, event.now) }),
    },
    'slip.balance': { actions: assign({ balance: ({ event }) => event.balance }) },
    'slip.expand': { actions: assign({ expanded: ({ event }) => event.expanded }) },
  },
  states: {
    editing: {
      on: {
        'slip.add': [
          // Picking a price already in the slip changes nothing.
          { guard: 'alreadyPicked', actions: assign({ added: null }) },
          {
            guard: 'addable',
            actions: assign({
              // A single holds one pick: the newest replaces it. A parlay adds a leg.
              picks: ({ context, event }) => [
                ...(context.mode === 'parlay' ? context.picks : []),
                pickOf(event.match, event.selectionId),
              ],
              added: null,
              expanded: true,
              ...EDITED,
            }),
          },
          {
            // The reason is shown in the slip: a phone's sheet opens to say it.
            actions: assign({
              added: ({ context, event }) => ({
                selectionId: event.selectionId,
                reason: addRefusal(context, event.match, event.selectionId, event.now)!,
              }),
              expanded: true,
            }),
          },
        ],
        'slip.remove': {
          actions: assign({
            picks: ({ context, event }) => context.picks.filter((p) => p.selectionId !== event.selectionId),
            added: null,
            ...EDITED,
          }),
        },
        'slip.clear': { actions: assign({ picks: [], added: null, ...EDITED }) },
        'slip.mode': {
          actions: assign({
            mode: ({ event }) => event.mode,
            // Back to a single: the newest pick stays.
            picks: ({ context, event }) =>
              event.mode === 'single' ? context.picks.slice(-1) : context.picks,
            added: null,
            ...EDITED,
          }),
        },
        'slip.stake': {
          actions: assign({ stakeText: ({ event }) => cleanAmountInput(event.text), ...EDITED }),
        },
        'slip.place': [
          {
            guard: 'placeable',
            target: 'checking',
            actions: assign({ ...EDITED, added: null }),
          },
          {
            actions: assign({
              problem: ({ context, event }) => slipProblem(context, event.now),
              refusal: null,
            }),
          },
        ],
      },
    },
    /** The prices as picked: unchanged → placing; moved → the player decides first. */
    checking: {
      always: [
        { guard: 'pricesMoved', target: 'oddsChanged' },
        { target: 'placing', actions: 'mintRequestId' },
      ],
    },
    placing: {
      invoke: {
        src: 'place',
        input: ({ context }) => ({
          requestId: context.requestId!,
          stake: stakeOf(context)!,
          selections: context.picks.map((p) => ({ selectionId: p.selectionId, odds: p.odds })),
          // The prices sent are the ones the player saw and took: a move since answers 40006.
          acceptChangedOdds: false,
        }),
        onDone: {
          target: 'placed',
          actions: [
            assign({
              receipt: ({ event }) => event.output,
              picks: [],
              stakeText: '',
              requestId: null,
              changes: [],
              balance: ({ context, event }) =>
                context.balance === null ? null : context.balance - event.output.stake,
            }),
            emit(({ event }) => ({ type: 'slip.placed' as const, bet: event.output })),
          ],
        },
        onError: [
          {
            guard: 'oddsChanged',
            target: 'oddsChanged',
            actions: assign({
              picks: ({ context, event }) =>
                withAnswered(context.picks, (event.error as { data?: unknown }).data),
              requestId: null,
            }),
          },
          {
            // 40006 whose prices are the ones sent: nothing to decide; its prices are the latest all the same.
            guard: 'staleOddsAnswer',
            target: 'editing',
            actions: assign({
              picks: ({ context, event }) =>
                withAnswered(context.picks, (event.error as { data?: unknown }).data),
              refusal: ({ event }) => refusalOf(event.error),
              requestId: null,
            }),
          },
          { guard: 'expired', target: 'expired', actions: assign({ requestId: null }) },
          {
            guard: 'isAnswer',
            target: 'editing',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), requestId: null }),
          },
          // No answer: the request id is kept, so a retry makes no second bet.
          { target: 'unsure' },
        ],
      },
    },
    /** 40006 or a move seen in the feed: the old and the new prices; accept (the new are sent) or refuse. */
    oddsChanged: {
      entry: assign({ changes: ({ context }) => changesOf(context.picks) }),
      on: {
        // The feed moves on while the player decides: the old and new shown are the latest; prices back where
        // they were picked leave nothing to decide (the slip is shown again, nothing sent).
        'slip.sync': [
          {
            guard: 'syncMovesBack',
            target: 'editing',
            actions: assign({
              picks: ({ context, event }) => synced(context.picks, event.matches, event.now),
              changes: [],
            }),
          },
          {
            actions: [
              assign({ picks: ({ context, event }) => synced(context.picks, event.matches, event.now) }),
              assign({ changes: ({ context }) => changesOf(context.picks) }),
            ],
          },
        ],
        'slip.acceptOdds': [
          // A leg suspended meanwhile cannot be taken at any price: back to the slip, which says so.
          {
            guard: 'changedSuspended',
            target: 'editing',
            actions: assign({ problem: 'suspended', changes: [] }),
          },
          {
            target: 'placing',
            actions: [
              assign({
                picks: ({ context }) => context.picks.map((p) => ({ ...p, odds: p.current })),
                changes: [],
              }),
              'mintRequestId',
            ],
          },
        ],
        // Refused: nothing is sent; the slip keeps the picks, marked as moved.
        'slip.refuseOdds': { target: 'editing', actions: assign({ changes: [] }) },
      },
    },
    unsure: {
      on: {
        'slip.retry': 'placing',
        // Giving up: the page points to "my bets", which shows whether the bet was taken.
        'slip.dismiss': { target: 'editing', actions: assign({ requestId: null }) },
      },
    },
    placed: { on: { 'slip.done': { target: 'editing', actions: assign({ receipt: null }) } } },
    /** 40001: the venue credential is gone; the page sends the player back to the site. */
    expired: { type: 'final' },
  },
});
