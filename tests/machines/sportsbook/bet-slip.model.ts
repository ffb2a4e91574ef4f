// The sandbox sportsbook's bet slip (issue 11 §4): picks added and removed; a single or a parlay of 2–10 picks
// from different matches (src/protocol/sportsbook.ts PARLAY_MIN_LEGS / PARLAY_MAX_LEGS); the reasons a selection
// cannot be added, said before sending (suspended, a pre-match price after kick-off, a match that is over, two
// picks of one match in a parlay, a full parlay); the stake by spec §5's amount rule within ¥10–¥50,000 (the
// design limits SPORTSBOOK_MIN_STAKE / SPORTSBOOK_MAX_STAKE) and the venue balance; one request id per bet, kept
// for a retry after no answer; a price moved since it was picked shows old and new, accepted or refused (40006);
// 40007 says the venue wallet cannot afford it; success shows the receipt and clears the slip.
import { expect } from 'vitest';
import { assign, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { betSlipMachine, type SlipPick } from '../../../machines/sportsbook/bet-slip.machine.ts';
import type { Match, SportsBet } from '../../../src/protocol/sportsbook.ts';
import type {
  Fakes,
  MachineModel,
  ModelOptions,
  OracleArgs,
  TransitionTable,
} from '../../support/model-paths.ts';
import { bet, EARLIER, EXPIRED, match, NO_ANSWER, NOW, refused } from './fixtures.ts';

export const PLACE = '0.betSlip.placing';

/** issue 11 §4 with the design limits of src/protocol/sportsbook.ts: ¥10–¥50,000 a bet, parlays of 2–10. */
const MIN_STAKE = 1_000;
const MAX_STAKE = 5_000_000;
const MIN_LEGS = 2;
const MAX_LEGS = 10;
/** The venue wallet at the start: ¥1,000. */
const BALANCE = 100_000;

const M1 = match('M1');
const M2 = match('M2');
/** Its home win is suspended. */
const M3 = match('M3', { suspended: ['M3-1x2-home'] });
/** Still "prematch" in the feed, but its kick-off (11:30) is before now (12:00). */
const M4 = match('M4', { startsAt: EARLIER });
const M5 = match('M5', { phase: 'ended', startsAt: EARLIER, score: { home: 1, away: 1 } });
const M6 = match('M6', { phase: 'live', startsAt: EARLIER, score: { home: 0, away: 0 }, clock: "12'" });

const add = (m: Match, selectionId: string) => ({ type: 'slip.add', match: m, selectionId, now: NOW });
const ADD_M1_HOME = add(M1, 'M1-1x2-home');
const ADD_M1_AH = add(M1, 'M1-ah-home');
const ADD_M2_AWAY = add(M2, 'M2-1x2-away');
const ADD_M3_HOME = add(M3, 'M3-1x2-home');
const ADD_M4_HOME = add(M4, 'M4-1x2-home');
const ADD_M5_HOME = add(M5, 'M5-1x2-home');
const ADD_M6_HOME = add(M6, 'M6-1x2-home');
/** A selection the match no longer has (its market withdrawn). */
const ADD_M2_GONE = add(M2, 'M2-ou-over');
const PLACE_NOW = { type: 'slip.place', now: NOW };
const sync = (matches: Match[]) => ({ type: 'slip.sync', matches, now: NOW });
/** The feed: M1's home price moved 2.100 → 2.000. */
const SYNC_MOVED = sync([match('M1', { odds: { 'M1-1x2-home': 2_000 } }), M2]);
/** The feed: M2's away win suspended. */
const SYNC_SUSPENDED = sync([M1, match('M2', { suspended: ['M2-1x2-away'] })]);
/** The feed: M1 kicked off (its pre-match price is over). */
const SYNC_KICKED_OFF = sync([match('M1', { phase: 'live', startsAt: EARLIER }), M2]);
const stake = (text: string) => ({ type: 'slip.stake', text });
/** 40006's data: the current selections. */
const MOVED_ANSWER = refused(40006, '赔率已变化', {
  selections: [{ id: 'M1-1x2-home', pick: 'home', odds: 1_900, suspended: false }],
});
const MOVED_SUSPENDED = refused(40006, '赔率已变化', {
  selections: [{ id: 'M1-1x2-home', pick: 'home', odds: 1_900, suspended: true }],
});
const placed = (s: number) => ({ type: `xstate.done.actor.${PLACE}`, output: bet('B1', 'open', s) });
const placeFailed = (error: unknown) => ({ type: `xstate.error.actor.${PLACE}`, error });

/** spec §5 amount input as typed here. */
const CLEANED: Record<string, string> = {
  '50': '50',
  '5': '5',
  '60000': '60000',
  '2000': '2000',
  '1,0.5.5': '10.55',
  '0050': '50',
};

// ── the slip as the player made it (independent of the machine) ──

interface Seen {
  mode: 'single' | 'parlay';
  picks: Array<
    Pick<SlipPick, 'selectionId' | 'matchId' | 'odds' | 'current' | 'live' | 'suspended' | 'started'>
  >;
  stake: string;
  balance: number;
  /** The last refusal of a selection (null after a successful change). */
  added: string | null;
}

const selectionOf = (m: Match, id: string) => m.markets.flatMap((k) => k.selections).find((s) => s.id === id);

/** issue 11 §4: why a selection cannot be added (null: it can). */
function refusalOf(s: Seen, m: Match, id: string): string | null {
  const sel = selectionOf(m, id);
  if (!sel || m.phase === 'ended' || m.phase === 'cancelled') return 'closed';
  if (sel.suspended) return 'suspended';
  if (m.phase === 'prematch' && Date.parse(m.startsAt) <= NOW) return 'matchStarted';
  if (s.mode === 'parlay' && s.picks.some((p) => p.matchId === m.id)) return 'sameMatch';
  if (s.mode === 'parlay' && s.picks.length >= MAX_LEGS) return 'tooMany';
  return null;
}

const yuanFen = (text: string) => (text ? Math.round(Number(text) * 100) : 0);

/** issue 11 §4: why the slip cannot be placed as it is (null: it can). */
function problemOf(s: Seen): string | null {
  if (s.picks.length === 0) return 'empty';
  if (s.mode === 'parlay' && s.picks.length < MIN_LEGS) return 'tooFewLegs';
  if (s.picks.some((p) => p.suspended)) return 'suspended';
  if (s.picks.some((p) => p.started)) return 'matchStarted';
  const fen = yuanFen(s.stake);
  if (fen <= 0) return 'noStake';
  if (fen < MIN_STAKE) return 'belowMin';
  if (fen > MAX_STAKE) return 'aboveMax';
  if (fen > s.balance) return 'overBalance';
  return null;
}

const moved = (s: Seen) => s.picks.filter((p) => p.current !== p.odds);

function seen(history: readonly AnyEventObject[]): Seen {
  const s: Seen = { mode: 'single', picks: [], stake: '', balance: BALANCE, added: null };
  for (const e of history) {
    if (e.type === 'slip.add') {
      const m = e['match'] as Match;
      const id = e['selectionId'] as string;
      if (s.picks.some((p) => p.selectionId === id)) {
        s.added = null;
        continue;
      }
      const why = refusalOf(s, m, id);
      s.added = why;
      if (why) continue;
      const pick = {
        selectionId: id,
        matchId: m.id,
        odds: selectionOf(m, id)!.odds,
        current: selectionOf(m, id)!.odds,
        live: m.phase === 'live',
        suspended: false,
        started: false,
      };
      // A single holds one pick (the newest); a parlay adds a leg.
      s.picks = s.mode === 'parlay' ? [...s.picks, pick] : [pick];
    } else if (e.type === 'slip.remove') {
      s.picks = s.picks.filter((p) => p.selectionId !== e['selectionId']);
      s.added = null;
    } else if (e.type === 'slip.clear') {
      s.picks = [];
      s.added = null;
    } else if (e.type === 'slip.mode') {
      s.mode = e['mode'];
      if (s.mode === 'single') s.picks = s.picks.slice(-1);
      s.added = null;
    } else if (e.type === 'slip.stake') s.stake = CLEANED[e['text'] as string]!;
    else if (e.type === 'slip.balance') s.balance = e['balance'];
    else if (e.type === 'slip.sync') {
      for (const p of s.picks) {
        const m = (e['matches'] as Match[]).find((x) => x.id === p.matchId);
        if (!m) continue;
        const sel = selectionOf(m, p.selectionId);
        p.current = sel?.odds ?? p.current;
        p.suspended = !sel || sel.suspended || m.phase === 'ended' || m.phase === 'cancelled';
        // A pre-match price is over once the match kicks off.
        p.started = p.started || (!p.live && (m.phase !== 'prematch' || Date.parse(m.startsAt) <= NOW));
      }
    } else if (e.type === `xstate.done.actor.${PLACE}`) {
      s.balance -= (e['output'] as SportsBet).stake;
      s.picks = [];
      s.stake = '';
    } else if (e.type === `xstate.error.actor.${PLACE}` && (e['error'] as { code?: number }).code === 40006) {
      for (const p of s.picks) {
        // 40006's data (server/modules/sportsbook): { selections } at their current prices.
        const data = (
          e['error'] as { data: { selections: Array<{ id: string; odds: number; suspended: boolean }> } }
        ).data;
        const now = data.selections.find((x) => x.id === p.selectionId);
        if (now) {
          p.current = now.odds;
          p.suspended = now.suspended;
        }
      }
    } else if (e.type === 'slip.acceptOdds') {
      if (!s.picks.some((p) => p.suspended)) for (const p of s.picks) p.odds = p.current;
    }
  }
  return s;
}

const before = (history: readonly AnyEventObject[]) => seen(history.slice(0, -1));
const code = (e: AnyEventObject) => (e['error'] as { code?: number; type?: string }).code;

const TABLE: TransitionTable = {
  // The feed's prices, the balance and the phone sheet follow the slip in every state.
  '*': { 'slip.sync': '=', 'slip.balance': '=', 'slip.expand': '=' },
  editing: {
    'slip.add': '=',
    'slip.remove': '=',
    'slip.clear': '=',
    'slip.mode': '=',
    'slip.stake': '=',
    'slip.place': ({ history }) => {
      const s = before(history);
      if (problemOf(s) !== null) return 'editing';
      return moved(s).length ? 'oddsChanged' : 'placing';
    },
  },
  placing: {
    [`xstate.done.actor.${PLACE}`]: 'placed',
    [`xstate.error.actor.${PLACE}`]: ({ event, history }) => {
      const c = code(event);
      // 40006 shows old and new; when its prices are the ones sent there is nothing to show: a refusal.
      if (c === 40006) return moved(seen(history)).length ? 'oddsChanged' : 'editing';
      if (c === 40001) return 'expired';
      return (event['error'] as { type: string }).type === 'business' ? 'editing' : 'unsure';
    },
  },
  oddsChanged: {
    'slip.acceptOdds': ({ history }) =>
      before(history).picks.some((p) => p.suspended) ? 'editing' : 'placing',
    'slip.refuseOdds': 'editing',
    // Prices back where they were picked: nothing left to decide.
    'slip.sync': ({ history }) => (moved(seen(history)).length ? 'oddsChanged' : 'editing'),
  },
  unsure: { 'slip.retry': 'placing', 'slip.dismiss': 'editing' },
  placed: { 'slip.done': 'editing' },
};

const running = (o: OracleArgs) => Object.keys(o.snapshot.children);
const idle = (o: OracleArgs) => expect(running(o)).toEqual([]);
const placeIds = (o: OracleArgs) =>
  o.fakes.invocations
    .filter((i) => i.src === 'place')
    .map((i) => (i.input as { requestId: string }).requestId);

/** The slip's own data as the player made it. */
function slipIs(o: OracleArgs) {
  const s = seen(o.history);
  const c = o.snapshot.context;
  expect(c.mode).toBe(s.mode);
  expect(
    c.picks.map((p: SlipPick) => ({
      selectionId: p.selectionId,
      matchId: p.matchId,
      odds: p.odds,
      current: p.current,
      live: p.live,
      suspended: p.suspended,
      started: p.started,
    })),
  ).toEqual(s.picks);
  expect(c.stakeText).toBe(s.stake);
  expect(c.balance).toBe(s.balance);
  if (s.mode === 'parlay') {
    // Never two picks of one match in a parlay, never more than 10.
    expect(new Set(c.picks.map((p: SlipPick) => p.matchId)).size).toBe(c.picks.length);
    expect(c.picks.length).toBeLessThanOrEqual(MAX_LEGS);
  } else expect(c.picks.length).toBeLessThanOrEqual(1);
  return s;
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  editing: (o) => {
    idle(o);
    const s = slipIs(o);
    const c = o.snapshot.context;
    expect(c.requestId).toBeNull();
    expect(c.changes).toEqual([]);
    // A pick added or refused opens the phone's sheet: the pick or the reason is seen.
    if (
      o.event.type === 'slip.add' &&
      o.previous.context.picks.every((p: SlipPick) => p.selectionId !== o.event['selectionId'])
    )
      expect(c.expanded).toBe(true);
    if (o.event.type === 'slip.expand') expect(c.expanded).toBe(o.event['expanded']);
    if (o.event.type === 'slip.add')
      expect(c.added).toEqual(
        s.added === null ? null : { selectionId: o.event['selectionId'], reason: s.added },
      );
    if (o.event.type === 'slip.place') expect(c.problem).toBe(problemOf(before(o.history)));
    if (o.event.type === 'slip.acceptOdds') expect(c.problem).toBe('suspended');
    if (o.event.type === `xstate.error.actor.${PLACE}`) {
      const e = o.event['error'] as { code: number; message: string };
      expect(c.refusal).toEqual({ code: e.code, message: e.message });
    }
    if (o.event.type === 'slip.done') expect(c.receipt).toBeNull();
  },
  placing: (o) => {
    expect(running(o)).toEqual([PLACE]);
    const s = slipIs(o);
    const c = o.snapshot.context;
    expect(o.fakes.invocations.at(-1)!.input).toEqual({
      requestId: c.requestId,
      stake: yuanFen(s.stake),
      // The prices the player saw and took (after accepting: the new ones).
      selections: s.picks.map((p) => ({ selectionId: p.selectionId, odds: p.odds })),
      acceptChangedOdds: false,
    });
    const ids = placeIds(o);
    // A retry after no answer resends the same id; any other placing a new one.
    if (o.previous.value === 'unsure') expect(ids.at(-1)).toBe(ids.at(-2));
    else expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
  },
  oddsChanged: (o) => {
    idle(o);
    const s = slipIs(o);
    expect(o.snapshot.context.requestId).toBeNull();
    // Old and new, for every pick whose price moved.
    expect(o.snapshot.context.changes).toEqual(
      moved(s).map((p) => ({
        selectionId: p.selectionId,
        from: p.odds,
        to: p.current,
        suspended: p.suspended,
      })),
    );
    expect(o.snapshot.context.changes.length).toBeGreaterThan(0);
  },
  unsure: (o) => {
    idle(o);
    slipIs(o);
    expect(o.snapshot.context.requestId).toBe(placeIds(o).at(-1));
  },
  placed: (o) => {
    idle(o);
    const s = slipIs(o);
    // The slip is cleared; the receipt is the bet the server took.
    expect(s.picks).toEqual([]);
    const out = o.history.filter((e) => e.type === `xstate.done.actor.${PLACE}`).at(-1)!['output'];
    expect(o.snapshot.context.receipt).toEqual(out);
    expect(o.snapshot.context.requestId).toBeNull();
    if (o.event.type === `xstate.done.actor.${PLACE}`)
      expect(o.effects.emitted).toEqual([{ type: 'slip.placed', bet: out }]);
  },
  expired: (o) => {
    idle(o);
    expect(o.snapshot.status).toBe('done');
  },
};

export function provideSlip(fakes: Fakes) {
  let n = 0;
  return betSlipMachine.provide({
    actors: { place: fakes.promise('place') },
    actions: { mintRequestId: assign({ requestId: () => `req-${++n}` }) },
  });
}

const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  mode: s.context.mode,
  picks: s.context.picks.map((p: SlipPick) => [p.selectionId, p.odds, p.current, p.suspended, p.started]),
  stake: s.context.stakeText,
  balance: s.context.balance,
  requestId: s.context.requestId !== null,
  // added, problem, refusal, receipt and expanded are what the slip says; it never branches on them.
});

/** One bet placed per path (every later one only lowers the balance): the graph stays finite. */
const oncePlaced = (s: AnyMachineSnapshot, e: AnyEventObject) =>
  e.type !== `xstate.done.actor.${PLACE}` || s.context.balance === BALANCE || s.context.balance === 1_000_000;

const graph = (
  name: string,
  events: AnyEventObject[],
  more: Partial<ModelOptions<typeof betSlipMachine>> = {},
): ModelOptions<typeof betSlipMachine> => ({
  name,
  input: { balance: BALANCE },
  events,
  key,
  ...more,
  filterEvents: (s, e) => oncePlaced(s, e) && (more.filterEvents?.(s, e) ?? true),
});

/** A parlay of eleven matches, added one after another: the eleventh is one too many. */
const ELEVEN = Array.from({ length: 11 }, (_, i) => match(`P${i + 1}`));

export const betSlipModel: MachineModel<typeof betSlipMachine> = {
  title: 'sportsbook bet slip',
  machine: betSlipMachine,
  graphs: [
    graph('picking: singles, parlays and the reasons a selection is refused', [
      ADD_M1_HOME,
      ADD_M1_AH,
      ADD_M2_AWAY,
      ADD_M3_HOME,
      ADD_M4_HOME,
      ADD_M5_HOME,
      ADD_M6_HOME,
      ADD_M2_GONE,
      { type: 'slip.remove', selectionId: 'M1-1x2-home' },
      { type: 'slip.clear' },
      { type: 'slip.mode', mode: 'parlay' },
      { type: 'slip.mode', mode: 'single' },
      { type: 'slip.expand', expanded: false },
      PLACE_NOW,
    ]),
    graph(
      'a parlay of ten legs is full',
      [{ type: 'slip.mode', mode: 'parlay' }, ...ELEVEN.map((m) => add(m, `${m.id}-1x2-home`)), stake('50')],
      {
        // One after another: the graph is a line, not every subset of eleven matches.
        filterEvents: (s, e) =>
          e.type !== 'slip.add' || e['selectionId'] === `P${s.context.picks.length + 1}-1x2-home`,
      },
    ),
    graph(
      'a single: stake limits, balance, placing, no answer, refusals',
      [
        ADD_M1_HOME,
        stake('5'),
        stake('60000'),
        stake('2000'),
        stake('1,0.5.5'),
        stake('0050'),
        { type: 'slip.balance', balance: 1_000_000 },
        PLACE_NOW,
        placed(5_000),
        placeFailed(NO_ANSWER),
        placeFailed(refused(40007, '余额不足')),
        placeFailed(refused(40002, '已封盘')),
        placeFailed(EXPIRED),
        { type: 'slip.retry' },
        { type: 'slip.dismiss' },
        { type: 'slip.done' },
      ],
      { filterEvents: (s, e) => e.type !== 'slip.balance' || s.context.stakeText === '2000' },
    ),
    graph(
      'prices that move: in the feed, or answered 40006; accepted or refused',
      [
        ADD_M1_HOME,
        stake('50'),
        SYNC_MOVED,
        SYNC_SUSPENDED,
        SYNC_KICKED_OFF,
        PLACE_NOW,
        placeFailed(MOVED_ANSWER),
        placeFailed(MOVED_SUSPENDED),
        placed(5_000),
        { type: 'slip.acceptOdds' },
        { type: 'slip.refuseOdds' },
        { type: 'slip.done' },
      ],
      { maxWalk: 30 },
    ),
    graph('a two-leg parlay, refused for one match twice (40004) and placed', [
      { type: 'slip.mode', mode: 'parlay' },
      ADD_M1_HOME,
      ADD_M2_AWAY,
      stake('50'),
      SYNC_SUSPENDED,
      PLACE_NOW,
      placeFailed(refused(40004, '同场比赛')),
      placed(5_000),
      { type: 'slip.expand', expanded: true },
      { type: 'slip.done' },
    ]),
  ],
  harness: {
    logic: provideSlip,
    initial: 'editing',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
