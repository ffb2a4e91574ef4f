// The venues area's API paths (issue 11; docs/api.md "Venues" and "Bet records").
export const VENUE_PATH = {
  lobby: '/game/api/v1/venue/lobby',
  games: '/game/api/v1/venue/games',
  recent: '/game/api/v1/venue/recent',
  launch: '/game/api/v1/venue/launch',
  oddsType: '/game/api/v1/venue/oddsType',
  betRecords: '/game/api/v1/bet/records',
} as const;
