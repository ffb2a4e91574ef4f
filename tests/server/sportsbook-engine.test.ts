// The sandbox sportsbook's engine (issue 11 §4; docs/sportsbook.md "Fixtures", "The clock", "Prices"): fixtures
// reproducible from the seed and the day, the accelerated clock, scores from the seed, prices with a margin and
// quarter lines, and why a picked selection cannot be bet. Pure functions.
import { describe, expect, it } from 'vitest';
import {
  ALL_SPORTS,
  candidates,
  countsOf,
  lookUpSelection,
  matchView,
  parseSelectionId,
} from '../../server/modules/sportsbook/engine/engine.ts';
import {
  addDays,
  chinaDay,
  dayStartMs,
  endMsOf,
  fixtureById,
  fixturesOf,
  stateAt,
  timelineOf,
} from '../../server/modules/sportsbook/engine/fixtures.ts';
import { rngFor } from '../../server/modules/sportsbook/engine/prng.ts';
import { legResult } from '../../server/modules/sportsbook/engine/settle.ts';
import { ESPORTS_TITLES, SPORTS } from '../../src/protocol/sportsbook.ts';

const config = { seed: 'engine-test-seed', secondsPerMinute: 10 };
const DAY = '20260315';
const MIN = 60_000;

describe('fixtures', () => {
  it('the same seed and day give the same fixtures; another seed or day others', () => {
    for (const sport of SPORTS) {
      const a = fixturesOf(config.seed, sport, DAY);
      expect(fixturesOf(config.seed, sport, DAY)).toEqual(a);
      expect(a.length).toBeGreaterThan(100);
      const other = fixturesOf('another-seed', sport, DAY);
      expect(other.map((f) => `${f.home}-${f.away}`)).not.toEqual(a.map((f) => `${f.home}-${f.away}`));
      const tomorrow = fixturesOf(config.seed, sport, addDays(DAY, 1));
      expect(tomorrow.map((f) => `${f.home}-${f.away}`)).not.toEqual(a.map((f) => `${f.home}-${f.away}`));
    }
  });

  it('a match id names the same fixture; impossible ids name none', () => {
    const f = fixturesOf(config.seed, 'football', DAY)[7]!;
    expect(f.id).toBe(`FB${DAY}007`);
    expect(fixtureById(config.seed, f.id)).toEqual(f);
    expect(fixtureById(config.seed, 'FB20260230000')).toBeNull(); // 30 February
    expect(fixtureById(config.seed, `FB${DAY}999`)).toBeNull();
    expect(fixtureById(config.seed, 'XX20260315000')).toBeNull();
    expect(fixtureById(config.seed, 'FB2026031500')).toBeNull();
  });

  it('days are China days (UTC+8) and kick-offs fall inside their day', () => {
    expect(chinaDay(Date.UTC(2026, 2, 14, 16, 0))).toBe('20260315'); // 00:00 in Beijing
    expect(chinaDay(Date.UTC(2026, 2, 14, 15, 59))).toBe('20260314');
    for (const sport of SPORTS) {
      const list = fixturesOf(config.seed, sport, DAY);
      expect(list[0]!.kickoffMs).toBeGreaterThanOrEqual(dayStartMs(DAY));
      expect(list.at(-1)!.kickoffMs).toBeLessThan(dayStartMs(addDays(DAY, 1)));
    }
  });

  it('esports fixtures take turns over the four titles of the esports venues', () => {
    const titles = new Set(fixturesOf(config.seed, 'esports', DAY).map((f) => f.title));
    expect([...titles].sort()).toEqual([...ESPORTS_TITLES].sort());
    expect(fixturesOf(config.seed, 'football', DAY).every((f) => f.title === null)).toBe(true);
  });

  it('two sides of a match are different teams', () => {
    for (const sport of SPORTS)
      expect(fixturesOf(config.seed, sport, DAY).every((f) => f.home !== f.away)).toBe(true);
  });
});

describe('the accelerated clock and the scores', () => {
  it('a football match lasts 90 match minutes: 15 real minutes at 10 s a minute', () => {
    const f = fixturesOf(config.seed, 'football', DAY)[0]!;
    const t = timelineOf(config.seed, f);
    expect(t.minutes).toBe(90);
    expect(endMsOf(config, f, t) - f.kickoffMs).toBe(15 * MIN);
    expect(endMsOf({ ...config, secondsPerMinute: 60 }, f, t) - f.kickoffMs).toBe(90 * MIN);
  });

  it('basketball lasts 48 minutes; a best-of-three ends when a side has won two', () => {
    const b = fixturesOf(config.seed, 'basketball', DAY)[0]!;
    expect(timelineOf(config.seed, b).minutes).toBe(48);
    for (const f of fixturesOf(config.seed, 'tennis', DAY).slice(0, 40)) {
      const t = timelineOf(config.seed, f);
      expect(Math.max(t.final.home, t.final.away)).toBe(2);
      expect(Math.min(t.final.home, t.final.away)).toBeLessThan(2);
      expect(t.minutes).toBe((t.final.home + t.final.away) * 25);
    }
  });

  it('scores come from the seed: the same every time, never going down, ending at the final score', () => {
    for (const f of fixturesOf(config.seed, 'football', DAY).slice(0, 30)) {
      const t = timelineOf(config.seed, f);
      expect(timelineOf(config.seed, { ...f })).toEqual(t);
      let last = { home: 0, away: 0 };
      for (let m = 0; m <= 90; m += 5) {
        const s = stateAt(t, m).score;
        expect(s.home).toBeGreaterThanOrEqual(last.home);
        expect(s.away).toBeGreaterThanOrEqual(last.away);
        last = s;
      }
      expect(stateAt(t, 90).score).toEqual(t.final);
    }
  });

  it('a match is prematch before kick-off, live with a clock, ended with the final score after', () => {
    const f = fixturesOf(config.seed, 'football', DAY)[20]!;
    const t = timelineOf(config.seed, f);
    expect(matchView(config, f, f.kickoffMs - 1, null).match.phase).toBe('prematch');
    const live = matchView(config, f, f.kickoffMs + 45 * 10_000 + 1, null).match;
    expect(live.phase).toBe('live');
    expect(live.clock).toBe("46'");
    expect(live.score).toEqual(stateAt(t, 45).score);
    const ended = matchView(config, f, endMsOf(config, f, t), null).match;
    expect(ended).toMatchObject({ phase: 'ended', score: t.final, markets: [] });
    // A recorded decision overrides the clock.
    expect(matchView(config, f, f.kickoffMs + 1, { state: 'ended', home: 7, away: 0 }).match.score).toEqual({
      home: 7,
      away: 0,
    });
    expect(matchView(config, f, f.kickoffMs - 1, { state: 'cancelled' }).match).toMatchObject({
      phase: 'cancelled',
      markets: [],
    });
  });
});

describe('prices', () => {
  const now = dayStartMs(DAY) + 12 * 60 * MIN; // noon
  const prematch = candidates(config, now, ALL_SPORTS, 'today').map(
    (f) => matchView(config, f, now, null).match,
  );
  const live = candidates(config, now, ALL_SPORTS, 'live').map((f) => matchView(config, f, now, null).match);

  it('lists are live matches and the next ones of each sport', () => {
    expect(prematch.length).toBe(4 * 30);
    expect(prematch.every((m) => m.phase === 'prematch' && Date.parse(m.startsAt) > now)).toBe(true);
    expect(live.length).toBeGreaterThan(3);
    expect(live.every((m) => m.phase === 'live' && m.clock !== null && m.score !== null)).toBe(true);
  });

  it('every market carries the margin: two-way 5 %, three-way 8 % (cut to hundredths, so never less)', () => {
    for (const m of [...prematch, ...live]) {
      for (const k of m.markets) {
        if (k.selections.some((s) => s.suspended)) continue;
        const implied = k.selections.reduce((a, s) => a + 1000 / s.odds, 0);
        const margin = k.selections.length === 3 ? 1.08 : 1.05;
        expect(implied).toBeGreaterThanOrEqual(margin - 1e-9);
        expect(implied).toBeLessThan(margin + 0.04);
        for (const s of k.selections) {
          expect(Number.isInteger(s.odds) && s.odds % 10 === 0).toBe(true);
          expect(s.odds).toBeGreaterThanOrEqual(1010);
          expect(s.odds).toBeLessThanOrEqual(50_000);
        }
      }
    }
  });

  it('ball sports offer 1X2, three AH and three OU lines with a quarter line among each, odd/even', () => {
    for (const m of prematch.filter((x) => x.sport === 'football' || x.sport === 'basketball')) {
      expect(m.markets.map((k) => k.kind)).toEqual(['1x2', 'ah', 'ah', 'ah', 'ou', 'ou', 'ou', 'oe']);
      expect(m.markets[0]!.selections.map((s) => s.pick)).toEqual(['home', 'draw', 'away']);
      const ah = m.markets.filter((k) => k.kind === 'ah').map((k) => k.lineQuarters!);
      const ou = m.markets.filter((k) => k.kind === 'ou').map((k) => k.lineQuarters!);
      expect(ah.some((q) => Math.abs(q) % 2 === 1)).toBe(true);
      expect(ou.some((q) => q % 2 === 1)).toBe(true);
      expect(ah[1]! - ah[0]!).toBe(1);
    }
    for (const m of prematch.filter((x) => x.sport === 'tennis' || x.sport === 'esports')) {
      expect(m.markets[0]!.selections.map((s) => s.pick)).toEqual(['home', 'away']);
      expect(m.markets.filter((k) => k.kind === 'ah').map((k) => k.lineQuarters)).toEqual([-6, 6]);
      expect(m.markets.filter((k) => k.kind === 'ou').map((k) => k.lineQuarters)).toEqual([10]);
    }
  });

  it('the stronger side is the favourite', () => {
    let checked = 0;
    for (const f of fixturesOf(config.seed, 'football', DAY)) {
      const [home, , away] = matchView(config, f, f.kickoffMs - 1, null).match.markets[0]!.selections;
      // Ratings in [-1, 1]; home also has its edge: a clearly stronger side has the shorter price.
      if (f.homeRating - f.awayRating > 0.3) expect(home!.odds).toBeLessThan(away!.odds);
      else if (f.awayRating - f.homeRating > 0.6) expect(away!.odds).toBeLessThan(home!.odds);
      else continue;
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('odds move with the score', () => {
    // Football at 0:0 before kick-off vs the same match late on with a lead: the leader's 1X2 price falls.
    const f = fixturesOf(config.seed, 'football', DAY).find((x) => {
      const t = timelineOf(config.seed, x);
      return t.events.length > 0 && t.events[0]!.at < 60;
    })!;
    const t = timelineOf(config.seed, f);
    const first = t.events[0]!;
    const before = matchView(config, f, f.kickoffMs - 1, null).match.markets[0]!;
    const after = matchView(config, f, f.kickoffMs + Math.ceil(first.at + 2) * 10_000, null).match;
    const side = first.side === 'home' ? 0 : 2;
    expect(after.markets[0]!.selections[side]!.odds).toBeLessThan(before.selections[side]!.odds);
  });

  it('prices are the same for the same moment (reproducible)', () => {
    const again = candidates(config, now, ALL_SPORTS, 'live').map(
      (f) => matchView(config, f, now, null).match,
    );
    expect(again).toEqual(live);
  });

  it('counts: every sport live, later today and the next two days', () => {
    const counts = countsOf(config, now, ALL_SPORTS);
    expect(counts.map((c) => c.sport)).toEqual([...SPORTS]);
    const football = counts[0]!;
    expect(football.name).toBe('足球');
    // 240 football slots a day (every 6 minutes); at noon those after 12:00 are later today.
    expect(football.today).toBe(
      fixturesOf(config.seed, 'football', DAY).filter((f) => f.kickoffMs > now).length,
    );
    expect(football.early).toBe(2 * 240);
    expect(football.live).toBe(live.filter((m) => m.sport === 'football').length);
  });
});

describe('a picked selection', () => {
  const f = fixturesOf(config.seed, 'football', DAY)[50]!;
  const pre = matchView(config, f, f.kickoffMs - MIN, null).match;
  const preSel = pre.markets[1]!.selections[0]!;

  it('prematch: found with its price', () => {
    const got = lookUpSelection(config, preSel.id, f.kickoffMs - MIN, null);
    expect(got.ok && got.selection.odds).toBe(preSel.odds);
    expect(parseSelectionId(preSel.id)).toMatchObject({ matchId: f.id, phase: 'pre', kind: 'ah' });
  });

  it('a pre-match price after kick-off: started', () => {
    expect(lookUpSelection(config, preSel.id, f.kickoffMs + 1, null)).toMatchObject({
      ok: false,
      reason: 'started',
    });
  });

  it('a decided or cancelled match, a line no longer offered, a suspended minute: suspended', () => {
    const liveAt = f.kickoffMs + 30 * 10_000 + 5_000;
    const live = matchView(config, f, liveAt, null).match;
    const sel = live.markets[0]!.selections[0]!;
    expect(lookUpSelection(config, sel.id, liveAt, { state: 'cancelled' })).toMatchObject({
      reason: 'suspended',
    });
    const t = timelineOf(config.seed, f);
    expect(lookUpSelection(config, sel.id, endMsOf(config, f, t) + 1, null)).toMatchObject({
      reason: 'suspended',
    });
    expect(lookUpSelection(config, `${f.id}.live.ah.40.home`, liveAt, null)).toMatchObject({
      reason: 'suspended',
    });
    // Find a review minute (drawn from the seed) of some live football match: all its selections are suspended.
    let found = false;
    for (const g of fixturesOf(config.seed, 'football', DAY).slice(0, 60)) {
      for (let m = 1; m < 89 && !found; m++) {
        if (rngFor(config.seed, 'review', g.id, m)() >= 0.04) continue;
        const at = g.kickoffMs + m * 10_000 + 5_000;
        const mv = matchView(config, g, at, null).match;
        expect(mv.markets.flatMap((k) => k.selections).every((s) => s.suspended)).toBe(true);
        expect(lookUpSelection(config, mv.markets[0]!.selections[0]!.id, at, null)).toMatchObject({
          reason: 'suspended',
        });
        found = true;
      }
    }
    expect(found).toBe(true);
  });

  it('a live price before kick-off, a malformed id, a pick the market has not: unknown', () => {
    expect(lookUpSelection(config, `${f.id}.live.1x2.n.home`, f.kickoffMs - 1, null)).toMatchObject({
      reason: 'unknown',
    });
    expect(lookUpSelection(config, 'nonsense', f.kickoffMs - 1, null)).toMatchObject({ reason: 'unknown' });
    expect(lookUpSelection(config, `${f.id}.pre.1x2.n.over`, f.kickoffMs - 1, null)).toMatchObject({
      reason: 'unknown',
    });
    const tn = fixturesOf(config.seed, 'tennis', DAY)[5]!;
    expect(lookUpSelection(config, `${tn.id}.pre.1x2.n.draw`, tn.kickoffMs - 1, null)).toMatchObject({
      reason: 'unknown',
    });
  });

  it('the clock settles a match by its timeline (the sweep writes that result)', () => {
    const t = timelineOf(config.seed, f);
    const home = legResult(
      { market: '1x2', lineQuarters: null, pick: 'home' },
      { state: 'ended', ...t.final },
    );
    expect(home).toBe(t.final.home > t.final.away ? 'won' : 'lost');
  });
});
