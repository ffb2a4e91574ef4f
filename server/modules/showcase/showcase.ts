// The home page's showcase (issue 19 §2; docs/home.md): the hot games in the operator's order, each resolved to
// the venue a tap launches, and the recent wins read from the settled bets.
import { maskMiddle } from '../../../src/lib/phone-mask.ts';
import { parseStoredPhone } from '../../../src/protocol/member.ts';
import {
  GAME_ART_HEIGHT,
  GAME_ART_WIDTH,
  gameArtOf,
  lobbyOfPlatform,
  RECENT_WINS_MAX,
  SHOWCASE_GAMES,
  type HotGame,
  type RecentWin,
  type ShowcaseGame,
} from '../../../src/protocol/showcase.ts';
import type { Queryable } from '../../db/db.ts';

const BY_CODE = new Map(SHOWCASE_GAMES.map((g) => [g.code, g]));
export const showcaseGameOf = (code: string): ShowcaseGame | undefined => BY_CODE.get(code);

/** The hot list: the operator's order when one is set (codes no longer offered are skipped), else the default. */
export async function hotOrder(q: Queryable): Promise<{ codes: string[]; operator: boolean }> {
  const { rows } = await q.query<{ code: string }>('SELECT code FROM showcase_hot ORDER BY position');
  if (rows.length === 0) return { codes: SHOWCASE_GAMES.map((g) => g.code), operator: false };
  return { codes: rows.map((r) => r.code).filter((c) => BY_CODE.has(c)), operator: true };
}

/** Replaces the operator's order (codes checked by the caller: known, no repeats, at least one). */
export async function writeHotOrder(q: Queryable, codes: string[]): Promise<void> {
  await q.query('DELETE FROM showcase_hot');
  await q.query(
    'INSERT INTO showcase_hot (position, code) SELECT ord, code FROM unnest($1::text[]) WITH ORDINALITY AS t(code, ord)',
    [codes],
  );
}

/** Back to the default order. */
export async function clearHotOrder(q: Queryable): Promise<void> {
  await q.query('DELETE FROM showcase_hot');
}

interface VenueRow {
  code: string;
  name: string;
  platform: string;
  game: string | null;
}

/**
 * The hot games as the home page shows them: in the hot order, each with the first open, playable venue (lobby
 * order) that offers it — for a grid category the first whose game list has it, else the first of its platform.
 * A game no open venue offers is left out (a tap could not launch it).
 */
export async function hotGames(q: Queryable): Promise<HotGame[]> {
  const { codes } = await hotOrder(q);
  const { rows } = await q.query<VenueRow>(
    `SELECT v.code, v.name, v.platform, g.code AS game
       FROM venues v LEFT JOIN venue_games g ON g.venue = v.code
      WHERE v.status = 'open' AND v.playable
      ORDER BY v.sort, v.code`,
  );
  const out: HotGame[] = [];
  for (const code of codes) {
    const g = BY_CODE.get(code)!;
    const venue = rows.find((r) => r.platform === g.platform && (g.game === null || r.game === g.game));
    if (!venue) continue;
    out.push({
      code: g.code,
      name: g.name,
      platform: g.platform,
      lobby: lobbyOfPlatform(g.platform),
      venue: venue.code,
      venueName: venue.name,
      game: g.game,
      image: gameArtOf(g.code),
      width: GAME_ART_WIDTH,
      height: GAME_ART_HEIGHT,
    });
  }
  return out;
}

/** A game's name from its code (the sandbox games), else the bet's own words (a sports bet's match). */
function gameNameOf(game: string): string {
  return BY_CODE.get(game)?.name ?? game;
}

/** The newest winning bets (bets.status 'won'), at most RECENT_WINS_MAX, the winner's phone masked. */
export async function recentWins(q: Queryable): Promise<RecentWin[]> {
  const { rows } = await q.query<{
    id: string;
    phone: string;
    game: string;
    won: string;
    settled_at: Date | string;
  }>(
    `SELECT b.id, m.phone, b.game, (b.payout - b.stake) AS won, b.settled_at
       FROM bets b JOIN members m ON m.id = b.member_id
      WHERE b.status = 'won' AND b.payout > b.stake
      ORDER BY b.settled_at DESC, b.id DESC
      LIMIT $1`,
    [RECENT_WINS_MAX],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    player: maskMiddle(parseStoredPhone(r.phone).number),
    game: gameNameOf(r.game),
    amount: Number(r.won),
    settledAt: new Date(r.settled_at).toISOString(),
  }));
}
