// The provider faces' shapes of the engine's matches and counts (docs/api.md "Sandbox sportsbook"): the same
// match in each provider's casing, every price both as the European ×1000 integer and as the figure of the odds
// type asked (src/protocol/odds.ts: the figure the site shows, cut down, never a better price than settled).
import type { Static } from 'typebox';
import { formatOdds } from '../../../../src/protocol/odds.ts';
import type { Match } from '../../../../src/protocol/sportsbook.ts';
import type { OddsType, SportCounts } from '../../../../src/protocol/venues.ts';
import type { FaceMatchCamel, FaceMatchPascal, FaceSportCamel, FaceSportPascal } from '../schemas.ts';

/** The figure of a price in an odds type, as a JSON number (1.95, -0.34). */
export const oddsNumber = (euro: number, type: OddsType) => Number(formatOdds(euro, type));

export function camelMatch(m: Match, type: OddsType): Static<typeof FaceMatchCamel> {
  return {
    matchId: m.id,
    sportId: m.sport,
    title: m.title ?? null,
    league: m.league,
    home: m.home,
    away: m.away,
    startsAt: m.startsAt,
    phase: m.phase,
    homeScore: m.score?.home ?? null,
    awayScore: m.score?.away ?? null,
    clock: m.clock,
    oddsType: type,
    markets: m.markets.map((k) => ({
      marketId: k.id,
      kind: k.kind,
      line: k.lineQuarters === null ? null : k.lineQuarters / 4,
      selections: k.selections.map((s) => ({
        selectionId: s.id,
        pick: s.pick,
        odds: oddsNumber(s.odds, type),
        euroOdds: s.odds,
        suspended: s.suspended,
      })),
    })),
  };
}

export function pascalMatch(m: Match, type: OddsType): Static<typeof FaceMatchPascal> {
  return {
    MatchId: m.id,
    SportId: m.sport,
    Title: m.title ?? null,
    League: m.league,
    HomeTeam: m.home,
    AwayTeam: m.away,
    KickOffTime: m.startsAt,
    Phase: m.phase,
    HomeScore: m.score?.home ?? null,
    AwayScore: m.score?.away ?? null,
    Clock: m.clock,
    OddsType: type,
    Markets: m.markets.map((k) => ({
      MarketId: k.id,
      Kind: k.kind,
      Line: k.lineQuarters === null ? null : k.lineQuarters / 4,
      Selections: k.selections.map((s) => ({
        SelectionId: s.id,
        Pick: s.pick,
        Odds: oddsNumber(s.odds, type),
        EuroOdds: s.odds,
        Suspended: s.suspended,
      })),
    })),
  };
}

export const camelSports = (c: SportCounts): Array<Static<typeof FaceSportCamel>> =>
  c.sports.map((s) => ({
    sportId: s.sport as Match['sport'],
    sportName: s.name,
    live: s.live,
    today: s.today,
    early: s.early,
  }));

export const pascalSports = (c: SportCounts): Array<Static<typeof FaceSportPascal>> =>
  c.sports.map((s) => ({
    SportId: s.sport as Match['sport'],
    SportName: s.name,
    Live: s.live,
    Today: s.today,
    Early: s.early,
  }));
