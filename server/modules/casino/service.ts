// The games' common calls (issue 12; docs/games.md, docs/api.md "Sandbox games"): who calls (a live venue
// credential of a games venue), the session with the visit's net result, the transfer in, the seed pair and the
// player's rounds with what is needed to check each.
import {
  GAMES_PLATFORMS,
  gamesOfPlatform,
  ROUNDS_LIST_LIMIT,
  type FairRef,
  type GameKind,
  type GamesSession,
  type InsufficientData,
  type PlayedRound,
  type TransferInRequest,
  type TransferInResult,
} from '../../../src/protocol/games.ts';
import type { Platform, Provider } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { venueSessionOf } from '../venue/sessions.ts';
import { walletTransfer } from '../wallet/wallet.ts';
import type { GamesCaller, GamesCtx } from './context.ts';
import { gamesError } from './errors.ts';
import { GAME_BET_COLUMNS, StakeRefused, type GameBetRow } from './money.ts';

/** The caller of a credential, or null (missing, unknown, expired, or not a games venue). */
export async function gamesCallerOf(q: Queryable, token: string | undefined): Promise<GamesCaller | null> {
  if (!token) return null;
  const session = await venueSessionOf(q, token);
  if (!session) return null;
  const { rows } = await q.query<{
    code: string;
    name: string;
    platform: Platform;
    provider: Provider;
    created_at: Date | string;
    game: string | null;
  }>(
    `SELECT v.code, v.name, v.platform, v.provider, s.created_at, s.launch->>'game' AS game
       FROM venue_sessions s JOIN venues v ON v.code = s.venue WHERE s.token = $1`,
    [token],
  );
  const r = rows[0];
  if (!r || !GAMES_PLATFORMS.has(r.platform)) return null;
  const all = gamesOfPlatform(r.platform);
  const launched = r.game ? all.find((g) => g.code === r.game) : undefined;
  return {
    memberId: session.memberId,
    venue: { code: r.code, name: r.name, platform: r.platform, provider: r.provider },
    token,
    since: new Date(r.created_at),
    game: launched?.code ?? null,
    // A game launched from the grid opens that game; a venue launched as a whole offers all of its games.
    games: launched ? [launched] : r.game ? [] : all,
  };
}

/** The game a caller asks for, if it may play it here (else 41006). */
export function gameOf(caller: GamesCaller, code: string, kinds?: readonly GameKind[]) {
  const game = caller.games.find((g) => g.code === code);
  if (!game || (kinds && !kinds.includes(game.kind))) throw gamesError('notFound');
  return game;
}

const venueRef = (c: GamesCaller) => ({ memberId: c.memberId, kind: 'venue' as const, venue: c.venue.code });

/** The venue wallet and the central wallet (fen). */
export async function balancesOf(
  q: Queryable,
  c: GamesCaller,
): Promise<{ balance: number; central: number }> {
  const [v, central] = await Promise.all([
    balanceOf(q, venueRef(c)),
    balanceOf(q, { memberId: c.memberId, kind: 'central' }),
  ]);
  return { balance: v.available, central: central.available };
}

/**
 * Runs a money-moving step in one transaction; a stake the venue wallet cannot afford answers 41002 with the
 * balances (nothing of the step is written).
 */
export async function withStake<T>(
  ctx: GamesCtx,
  c: GamesCaller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (err) {
    if (!(err instanceof StakeRefused)) throw err;
    const { balance, central } = await balancesOf(ctx.db, c);
    const data: InsufficientData = { balance, stake: err.stake, central };
    throw gamesError('insufficientBalance', data);
  }
}

export async function sessionView(ctx: GamesCtx, c: GamesCaller): Promise<GamesSession> {
  const [{ balance, central }, totals] = await Promise.all([
    balancesOf(ctx.db, c),
    ctx.db.query<{ net: string | number; pending: string | number }>(
      `SELECT coalesce(sum(payout - stake) FILTER (WHERE status <> 'open'), 0) AS net,
              coalesce(sum(stake) FILTER (WHERE status = 'open'), 0) AS pending
         FROM bets WHERE member_id = $1 AND venue = $2 AND placed_at >= $3`,
      [c.memberId, c.venue.code, c.since],
    ),
  ]);
  return {
    venue: c.venue.code,
    venueName: c.venue.name,
    platform: c.venue.platform,
    game: c.game,
    games: [...c.games],
    balance,
    central,
    net: Number(totals.rows[0]?.net ?? 0),
    pending: Number(totals.rows[0]?.pending ?? 0),
    since: c.since.toISOString(),
    now: new Date(ctx.now()).toISOString(),
  };
}

/** central → this venue's wallet, once per request id (the wallet's transfer: its own idempotency). */
export async function transferInto(
  ctx: GamesCtx,
  c: GamesCaller,
  req: TransferInRequest,
): Promise<TransferInResult> {
  try {
    await walletTransfer(ctx.db, c.memberId, {
      requestId: `gm-${req.requestId}`,
      direction: 'in',
      venue: c.venue.code,
      amount: req.amount,
    });
  } catch (err) {
    if (err instanceof ApiError) throw gamesError('transferRefused');
    throw err;
  }
  return balancesOf(ctx.db, c);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

interface RoundRow extends GameBetRow {
  seed_hash: string | null;
  client_seed: string | null;
  server_seed: string | null;
  revealed_at: Date | string | null;
  r_seed_hash: string | null;
  r_server_seed: string | null;
  r_status: string | null;
  r_result: unknown;
}

/** The player's last rounds at this venue (newest first), each with its randomness and outcome. */
export async function roundsOf(ctx: GamesCtx, c: GamesCaller, game?: string): Promise<PlayedRound[]> {
  const cols = GAME_BET_COLUMNS.split(', ')
    .map((col) => `b.${col}`)
    .join(', ');
  const { rows } = await ctx.db.query<RoundRow>(
    `SELECT ${cols}, f.seed_hash, f.client_seed, f.server_seed, f.revealed_at,
            r.seed_hash AS r_seed_hash, r.server_seed AS r_server_seed, r.status AS r_status, r.result AS r_result
       FROM bets b
       LEFT JOIN fair_seeds f ON f.id = b.seed_id
       LEFT JOIN game_rounds r ON r.id = b.round_id
      WHERE b.member_id = $1 AND b.venue = $2 AND ($3::text IS NULL OR b.detail->>'code' = $3)
      ORDER BY b.placed_at DESC, b.id DESC
      LIMIT $4`,
    [c.memberId, c.venue.code, game ?? null, ROUNDS_LIST_LIMIT],
  );
  const kindOf = new Map(gamesOfPlatform(c.venue.platform).map((g) => [g.code, g.kind] as const));
  return rows.map((r) => {
    let fair: FairRef | null = null;
    if (r.round_id && r.r_seed_hash)
      fair = {
        seedHash: r.r_seed_hash,
        clientSeed: r.round_id,
        nonce: 0,
        serverSeed: r.r_status === 'drawn' ? r.r_server_seed : null,
      };
    else if (r.seed_hash && r.client_seed !== null && r.nonce !== null)
      fair = {
        seedHash: r.seed_hash,
        clientSeed: r.client_seed,
        nonce: r.nonce,
        serverSeed: r.revealed_at ? r.server_seed : null,
      };
    const code = r.detail?.code ?? '';
    return {
      orderNo: r.order_no,
      game: code,
      kind: kindOf.get(code) ?? 'slot',
      play: r.play,
      pick: r.pick,
      stake: Number(r.stake),
      payout: Number(r.payout),
      status: r.status,
      placedAt: iso(r.placed_at)!,
      settledAt: iso(r.settled_at),
      roundId: r.round_id,
      fair,
      outcome: r.round_id ? (r.r_status === 'drawn' ? r.r_result : null) : (r.detail?.outcome ?? null),
    };
  });
}
