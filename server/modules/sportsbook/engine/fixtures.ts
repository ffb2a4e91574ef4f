// Fixtures and their timelines (issue 11 §4; docs/sportsbook.md "Fixtures", "The clock"): pure functions of the
// seed, the sport and the day. A day (China time, UTC+8) has a grid of kick-offs per sport; each slot's league,
// sides and every score change are drawn from the seed, so a match id names the same match everywhere.
import { ESPORTS_TITLES, type Sport } from '../../../../src/protocol/sportsbook.ts';
import { hash32, pickTwo, pick, poissonArrivals, rngFor } from './prng.ts';
import {
  ESPORTS_LEAGUES,
  LEAGUES,
  SPORT_BY_CODE,
  SPORT_RULES,
  type EsportsTitle,
  type SportRules,
} from './sports.ts';

export interface EngineConfig {
  /** The seed of every fixture, score and price. */
  seed: string;
  /** Real seconds per match minute (the accelerated clock). */
  secondsPerMinute: number;
}

/** China time (no daylight saving): days and kick-off grids are counted from its midnight. */
export const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** A match id: the sport's two letters, its China day (YYYYMMDD) and its slot of that day (3 digits). */
export const MATCH_ID_PATTERN = /^(FB|BK|TN|ES)(\d{8})(\d{3})$/;

export interface Fixture {
  id: string;
  rules: SportRules;
  sport: Sport;
  title: EsportsTitle | null;
  league: string;
  home: string;
  away: string;
  /** Ratings in [-1, 1] (a side's, the same in every match of the seed). */
  homeRating: number;
  awayRating: number;
  /** Kick-off, sandbox epoch ms. */
  kickoffMs: number;
  day: string;
  slot: number;
}

/** The China calendar day of a sandbox instant, YYYYMMDD. */
export function chinaDay(ms: number): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The instant a China day starts (its midnight, as epoch ms). */
export function dayStartMs(day: string): number {
  return (
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))) - CHINA_OFFSET_MS
  );
}

/** The China day `n` days after `day`. */
export const addDays = (day: string, n: number) => chinaDay(dayStartMs(day) + n * DAY_MS + 1);

export const slotsPerDay = (rules: SportRules) =>
  Math.floor((24 * 60 - rules.firstSlotMinute - 1) / rules.slotMinutes) + 1;

/** A side's rating: drawn from the seed and its name, so a side is as strong in every match. */
export const ratingOf = (seed: string, side: string) => rngFor(seed, 'rating', side)() * 2 - 1;

function makeFixture(seed: string, rules: SportRules, day: string, slot: number): Fixture {
  const id = `${rules.code}${day}${String(slot).padStart(3, '0')}`;
  const rng = rngFor(seed, 'fixture', id);
  let league: string;
  let teams: string[];
  let title: EsportsTitle | null = null;
  if (rules.sport === 'esports') {
    title = ESPORTS_TITLES[slot % ESPORTS_TITLES.length]!;
    ({ name: league, teams } = ESPORTS_LEAGUES[title]);
  } else {
    ({ name: league, teams } = pick(rng, LEAGUES[rules.sport]));
  }
  const [home, away] = pickTwo(rng, teams);
  return {
    id,
    rules,
    sport: rules.sport,
    title,
    league,
    home,
    away,
    homeRating: ratingOf(seed, `${rules.sport}:${home}`),
    awayRating: ratingOf(seed, `${rules.sport}:${away}`),
    kickoffMs: dayStartMs(day) + (rules.firstSlotMinute + slot * rules.slotMinutes) * MINUTE_MS,
    day,
    slot,
  };
}

// A day's fixtures are asked for again and again (every list, every bet): keep the last few days per seed.
const DAY_CACHE_MAX = 64;
const dayCache = new Map<string, Fixture[]>();

/** Every fixture of one sport on one China day, by slot. */
export function fixturesOf(seed: string, sport: Sport, day: string): Fixture[] {
  const key = `${hash32(seed)}|${seed}|${sport}|${day}`;
  let list = dayCache.get(key);
  if (!list) {
    const rules = SPORT_RULES[sport];
    list = Array.from({ length: slotsPerDay(rules) }, (_, slot) => makeFixture(seed, rules, day, slot));
    if (dayCache.size >= DAY_CACHE_MAX) dayCache.delete(dayCache.keys().next().value!);
    dayCache.set(key, list);
  }
  return list;
}

/** The fixture a match id names, or null when the id names none (malformed, impossible day or slot). */
export function fixtureById(seed: string, id: string): Fixture | null {
  const m = MATCH_ID_PATTERN.exec(id);
  if (!m) return null;
  const rules = SPORT_BY_CODE[m[1]!]!;
  const day = m[2]!;
  if (chinaDay(dayStartMs(day)) !== day) return null; // 20260230 and the like
  const slot = Number(m[3]);
  if (slot >= slotsPerDay(rules)) return null;
  return fixturesOf(seed, rules.sport, day)[slot]!;
}

// ---- the timeline ------------------------------------------------------------------------------------------

export interface ScoreEvent {
  /** Match minutes from kick-off (fractional). */
  at: number;
  side: 'home' | 'away';
}

export interface Timeline {
  /** The match's length in match minutes (a series ends when a side has won). */
  minutes: number;
  /** Every score change in order (goals, points; for a series, the sets or maps at their end). */
  events: ScoreEvent[];
  final: { home: number; away: number };
  /** poisson: each side's expected score over the whole match. */
  expected: { home: number; away: number };
  /** series: the home side's chance of one set or map. */
  pSet: number;
}

/** poisson: each side's expected score over the match, from the ratings and the home edge. */
export function expectedScores(f: Fixture): { home: number; away: number } {
  const r = f.rules;
  const diff = f.homeRating - f.awayRating;
  return {
    home: r.baseScore * Math.exp(r.ratingWeight * diff + r.homeEdge),
    away: r.baseScore * Math.exp(-r.ratingWeight * diff),
  };
}

/** series: the home side's chance of winning one set or map. */
export const setChance = (f: Fixture) =>
  1 / (1 + Math.exp(-f.rules.seriesWeight * (f.homeRating - f.awayRating)));

const timelineCache = new Map<string, Timeline>();
const TIMELINE_CACHE_MAX = 4_000;

/** Every score change of a match, drawn from the seed: the same on every call. */
export function timelineOf(seed: string, f: Fixture): Timeline {
  const key = `${seed}|${f.id}`;
  const cached = timelineCache.get(key);
  if (cached) return cached;
  const r = f.rules;
  const rng = rngFor(seed, 'timeline', f.id);
  const expected = expectedScores(f);
  const pSet = setChance(f);
  let events: ScoreEvent[];
  let minutes: number;
  if (r.model === 'poisson') {
    minutes = r.minutes;
    const home = poissonArrivals(rng, expected.home / r.minutes, r.minutes).map((at) => ({
      at,
      side: 'home' as const,
    }));
    const away = poissonArrivals(rng, expected.away / r.minutes, r.minutes).map((at) => ({
      at,
      side: 'away' as const,
    }));
    events = [...home, ...away].sort((a, b) => a.at - b.at);
  } else {
    events = [];
    let h = 0;
    let a = 0;
    while (h < r.toWin && a < r.toWin) {
      const side = rng() < pSet ? 'home' : 'away';
      if (side === 'home') h++;
      else a++;
      events.push({ at: (h + a) * r.minutes, side });
    }
    minutes = (h + a) * r.minutes;
  }
  const final = {
    home: events.filter((e) => e.side === 'home').length,
    away: events.filter((e) => e.side === 'away').length,
  };
  const t: Timeline = { minutes, events, final, expected, pSet };
  if (timelineCache.size >= TIMELINE_CACHE_MAX) timelineCache.delete(timelineCache.keys().next().value!);
  timelineCache.set(key, t);
  return t;
}

/** Real ms one match minute lasts. */
export const minuteMs = (config: EngineConfig) => config.secondsPerMinute * 1000;

/** When a match ends on the sandbox clock (epoch ms). */
export const endMsOf = (config: EngineConfig, f: Fixture, t: Timeline) =>
  f.kickoffMs + t.minutes * minuteMs(config);

export interface LiveState {
  /** Match minutes since kick-off (fractional), clamped to the match's length. */
  elapsed: number;
  score: { home: number; away: number };
  /** When the score last changed (match minutes), or null. */
  lastEventAt: number | null;
}

/** The score at a moment of the match. */
export function stateAt(t: Timeline, elapsed: number): LiveState {
  const e = Math.min(Math.max(elapsed, 0), t.minutes);
  let home = 0;
  let away = 0;
  let lastEventAt: number | null = null;
  for (const ev of t.events) {
    if (ev.at > e) break;
    if (ev.side === 'home') home++;
    else away++;
    lastEventAt = ev.at;
  }
  return { elapsed: e, score: { home, away }, lastEventAt };
}

/**
 * The clock a live match shows: football the minute being played (67'), basketball the quarter and its minute
 * (Q3 5'), tennis the set (S2), esports the map (M2).
 */
export function clockLabel(f: Fixture, s: LiveState): string {
  const r = f.rules;
  if (r.sport === 'football') return `${Math.min(Math.floor(s.elapsed) + 1, r.minutes)}'`;
  if (r.sport === 'basketball') {
    const quarterMinutes = r.minutes / 4;
    const q = Math.min(Math.floor(s.elapsed / quarterMinutes) + 1, 4);
    const m = Math.min(Math.floor(s.elapsed - (q - 1) * quarterMinutes) + 1, quarterMinutes);
    return `Q${q} ${m}'`;
  }
  const n = Math.min(s.score.home + s.score.away + 1, 2 * r.toWin - 1);
  return `${r.sport === 'tennis' ? 'S' : 'M'}${n}`;
}
