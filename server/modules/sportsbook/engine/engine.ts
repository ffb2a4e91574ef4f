// The sportsbook engine's views (issue 11 §4; docs/sportsbook.md): what a match is at a moment of the sandbox
// clock (phase, score, clock, markets), which matches a list shows, how many a sport has, and what a picked
// selection is worth now. Pure: the caller passes the sandbox time and the decisions recorded in the database
// (a result or a cancellation, which override the clock).
import {
  SPORTS,
  type Match,
  type MatchPhase,
  type Selection,
  type Sport,
  type Market,
} from '../../../../src/protocol/sportsbook.ts';
import {
  addDays,
  chinaDay,
  clockLabel,
  endMsOf,
  fixtureById,
  fixturesOf,
  minuteMs,
  MATCH_ID_PATTERN,
  stateAt,
  timelineOf,
  type EngineConfig,
  type Fixture,
  type LiveState,
} from './fixtures.ts';
import { distributionAt, linesFor, marketsFor, type Lines, type PricePhase } from './pricing.ts';
import { rngFor } from './prng.ts';
import { SPORT_RULES } from './sports.ts';

/** Design: a live minute in which a match's markets are under review (suspended), drawn from the seed. */
export const REVIEW_SUSPEND_SHARE = 0.04;
/** Design: lists show at most this many matches per sport and phase (the counts count them all). */
export const LIST_LIMIT_PER_SPORT = 30;
/** Design: "early" is the fixtures of the next this many days. */
export const EARLY_DAYS = 2;

/** What the database recorded for a match: its result (the clock's or an operator's) or its cancellation. */
export type Decision = { state: 'ended'; home: number; away: number } | { state: 'cancelled' };

export interface MatchView {
  fixture: Fixture;
  match: Match;
  /** Live: the state the prices stand on. */
  live: LiveState | null;
}

// ---- price caches ------------------------------------------------------------------------------------------------

const CACHE_MAX = 4_000;
function bounded<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, v);
  }
  return v;
}
const linesCache = new Map<string, Lines>();
const marketsCache = new Map<string, Market[]>();

function prematchMarkets(config: EngineConfig, f: Fixture): Market[] {
  return bounded(marketsCache, `${config.seed}|${f.id}|pre`, () => {
    const t = timelineOf(config.seed, f);
    const d = distributionAt(f, t, { elapsed: 0, score: { home: 0, away: 0 }, lastEventAt: null });
    return marketsFor(f, 'pre', d, linesFor(f, d), false);
  });
}

/** Whether a live minute takes no bets: just after a score change, or a review minute drawn from the seed. */
export function suspendedMinute(config: EngineConfig, f: Fixture, s: LiveState): boolean {
  const r = f.rules;
  if (r.suspendAfterScore > 0 && s.lastEventAt !== null && s.elapsed - s.lastEventAt < r.suspendAfterScore)
    return true;
  return rngFor(config.seed, 'review', f.id, Math.floor(s.elapsed))() < REVIEW_SUSPEND_SHARE;
}

function liveMarkets(config: EngineConfig, f: Fixture, s: LiveState): Market[] {
  const r = f.rules;
  const t = timelineOf(config.seed, f);
  const minute = Math.floor(s.elapsed);
  const off = suspendedMinute(config, f, s);
  const key = `${config.seed}|${f.id}|${minute}|${s.score.home}:${s.score.away}|${off ? 1 : 0}`;
  return bounded(marketsCache, key, () => {
    const priced: LiveState = { elapsed: minute, score: s.score, lastEventAt: s.lastEventAt };
    // Lines stay put within a period (and, where they follow the score, until the score changes).
    let lines: Lines;
    if (r.model === 'series') lines = linesFor(f, distributionAt(f, t, priced));
    else {
      const start = Math.floor(minute / r.lineEveryMinutes) * r.lineEveryMinutes;
      const score = r.linesFollowScore ? s.score : stateAt(t, start).score;
      lines = bounded(linesCache, `${config.seed}|${f.id}|${start}|${score.home}:${score.away}`, () =>
        linesFor(f, distributionAt(f, t, { elapsed: start, score, lastEventAt: null })),
      );
    }
    return marketsFor(f, 'live', distributionAt(f, t, priced), lines, off);
  });
}

// ---- the match at a moment ---------------------------------------------------------------------------------------

/** A match as the sandbox clock (and any recorded decision) has it at `nowMs`. */
export function matchView(
  config: EngineConfig,
  f: Fixture,
  nowMs: number,
  decision: Decision | null,
): MatchView {
  const t = timelineOf(config.seed, f);
  const base = {
    id: f.id,
    sport: f.sport,
    ...(f.title ? { title: f.title } : {}),
    league: f.league,
    home: f.home,
    away: f.away,
    startsAt: new Date(f.kickoffMs).toISOString(),
  };
  const done = (phase: MatchPhase, score: Match['score']): MatchView => ({
    fixture: f,
    match: { ...base, phase, score, clock: null, markets: [] },
    live: null,
  });
  if (decision?.state === 'cancelled') return done('cancelled', null);
  if (decision?.state === 'ended') return done('ended', { home: decision.home, away: decision.away });
  if (nowMs < f.kickoffMs) {
    return {
      fixture: f,
      match: { ...base, phase: 'prematch', score: null, clock: null, markets: prematchMarkets(config, f) },
      live: null,
    };
  }
  if (nowMs >= endMsOf(config, f, t)) return done('ended', { ...t.final });
  const s = stateAt(t, (nowMs - f.kickoffMs) / minuteMs(config));
  return {
    fixture: f,
    match: {
      ...base,
      phase: 'live',
      score: { ...s.score },
      clock: clockLabel(f, s),
      markets: liveMarkets(config, f, s),
    },
    live: s,
  };
}

/** Whether the clock has ended the match by `nowMs` (its result is then the timeline's final score). */
export function endedByClock(config: EngineConfig, f: Fixture, nowMs: number): boolean {
  return nowMs >= endMsOf(config, f, timelineOf(config.seed, f));
}

/** The final score the clock gives a match. */
export const finalScoreOf = (config: EngineConfig, f: Fixture) => ({ ...timelineOf(config.seed, f).final });

// ---- lists and counts ------------------------------------------------------------------------------------------

export type ListPhase = 'live' | 'today' | 'early';

/** The fixtures a list may show (before decisions are applied): live now, later today, the next days. */
export function candidates(
  config: EngineConfig,
  nowMs: number,
  sports: readonly Sport[],
  phase: ListPhase,
): Fixture[] {
  const today = chinaDay(nowMs);
  const out: Fixture[] = [];
  for (const sport of sports) {
    if (phase === 'live') {
      for (const day of [addDays(today, -1), today]) {
        for (const f of fixturesOf(config.seed, sport, day)) {
          if (f.kickoffMs <= nowMs && !endedByClock(config, f, nowMs)) out.push(f);
        }
      }
    } else {
      const days =
        phase === 'today' ? [today] : Array.from({ length: EARLY_DAYS }, (_, i) => addDays(today, i + 1));
      const upcoming = days
        .flatMap((day) => fixturesOf(config.seed, sport, day))
        .filter((f) => f.kickoffMs > nowMs);
      out.push(...upcoming.slice(0, LIST_LIMIT_PER_SPORT));
    }
  }
  return out;
}

export interface SportCount {
  sport: Sport;
  name: string;
  live: number;
  today: number;
  early: number;
}

/** How many matches each sport has live, later today and in the next days (by the clock). */
export function countsOf(config: EngineConfig, nowMs: number, sports: readonly Sport[]): SportCount[] {
  const today = chinaDay(nowMs);
  return sports.map((sport) => {
    let live = 0;
    for (const day of [addDays(today, -1), today]) {
      for (const f of fixturesOf(config.seed, sport, day))
        if (f.kickoffMs <= nowMs && !endedByClock(config, f, nowMs)) live++;
    }
    const todayCount = fixturesOf(config.seed, sport, today).filter((f) => f.kickoffMs > nowMs).length;
    let early = 0;
    for (let i = 1; i <= EARLY_DAYS; i++) early += fixturesOf(config.seed, sport, addDays(today, i)).length;
    return { sport, name: SPORT_RULES[sport].name, live, today: todayCount, early };
  });
}

export const ALL_SPORTS: readonly Sport[] = SPORTS;

// ---- a picked selection ------------------------------------------------------------------------------------------

/** A selection id: its market's id (match, price phase, kind, line) and the pick. */
export const SELECTION_ID_PATTERN =
  /^((?:FB|BK|TN|ES)\d{11})\.(pre|live)\.(1x2|ah|ou|oe)\.(-?\d{1,3}|n)\.(home|draw|away|over|under|odd|even)$/;

export interface ParsedSelection {
  matchId: string;
  phase: PricePhase;
  kind: Market['kind'];
  line: number | null;
  pick: Selection['pick'];
}

export function parseSelectionId(id: string): ParsedSelection | null {
  const m = SELECTION_ID_PATTERN.exec(id);
  if (!m || !MATCH_ID_PATTERN.test(m[1]!)) return null;
  return {
    matchId: m[1]!,
    phase: m[2] as PricePhase,
    kind: m[3] as Market['kind'],
    line: m[4] === 'n' ? null : Number(m[4]),
    pick: m[5] as Selection['pick'],
  };
}

export type SelectionLookup =
  | { ok: true; view: MatchView; market: Market; selection: Selection }
  /** unknown: no such selection; started: a pre-match price after kick-off; suspended: not taking bets now. */
  | { ok: false; reason: 'unknown' | 'started' | 'suspended'; view: MatchView | null };

/** What a picked selection is now: its market and current price, or why it cannot be bet. */
export function lookUpSelection(
  config: EngineConfig,
  selectionId: string,
  nowMs: number,
  decision: Decision | null,
): SelectionLookup {
  const parsed = parseSelectionId(selectionId);
  const f = parsed ? fixtureById(config.seed, parsed.matchId) : null;
  if (!parsed || !f) return { ok: false, reason: 'unknown', view: null };
  const view = matchView(config, f, nowMs, decision);
  const phase = view.match.phase;
  if (parsed.phase === 'pre' && phase !== 'prematch') return { ok: false, reason: 'started', view };
  if (parsed.phase === 'live' && phase === 'prematch') return { ok: false, reason: 'unknown', view };
  if (phase === 'ended' || phase === 'cancelled') return { ok: false, reason: 'suspended', view };
  const marketId = selectionId.slice(0, selectionId.lastIndexOf('.'));
  const market = view.match.markets.find((m) => m.id === marketId);
  // A well-formed line that is not offered now (the live lines moved) takes no bets: suspended.
  if (!market) return { ok: false, reason: 'suspended', view };
  const selection = market.selections.find((s) => s.id === selectionId);
  if (!selection) return { ok: false, reason: 'unknown', view };
  if (selection.suspended) return { ok: false, reason: 'suspended', view };
  return { ok: true, view, market, selection };
}
