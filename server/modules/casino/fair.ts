// The players' seed pairs and the shared rounds' seeds (issue 12 §2; docs/games.md "Fairness"). The server seed
// is 32 random bytes as hex; its SHA-256 is the commitment shown before play (src/games-core/fair.ts).
import { randomBytes } from 'node:crypto';
import { seedHashOf, type FairInput } from '../../../src/games-core/fair.ts';
import type { SeedCommit, SeedRotation } from '../../../src/protocol/games.ts';
import type { Db, Queryable } from '../../db/db.ts';

export const newServerSeed = (): string => randomBytes(32).toString('hex');
/** A client seed when the player has not chosen one: 16 hex characters. */
export const newClientSeed = (): string => randomBytes(8).toString('hex');

interface SeedRow {
  id: string | number;
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

/** A round's randomness from a per-player pair: the pair's id and the nonce taken. */
export interface TakenNonce extends FairInput {
  seedId: number;
  seedHash: string;
}

async function createPair(q: Queryable, memberId: number, venue: string, clientSeed?: string): Promise<void> {
  const serverSeed = newServerSeed();
  await q.query(
    `INSERT INTO fair_seeds (member_id, venue, server_seed, seed_hash, client_seed)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, venue) WHERE revealed_at IS NULL DO NOTHING`,
    [memberId, venue, serverSeed, seedHashOf(serverSeed), clientSeed ?? newClientSeed()],
  );
}

async function pairInUse(
  q: Queryable,
  memberId: number,
  venue: string,
  lock: boolean,
): Promise<SeedRow | null> {
  const { rows } = await q.query<SeedRow>(
    `SELECT id, server_seed, seed_hash, client_seed, next_nonce FROM fair_seeds
      WHERE member_id = $1 AND venue = $2 AND revealed_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [memberId, venue],
  );
  return rows[0] ?? null;
}

/** The commitment of the pair in use at a venue (made on the first ask). */
export async function seedCommitOf(q: Queryable, memberId: number, venue: string): Promise<SeedCommit> {
  let row = await pairInUse(q, memberId, venue, false);
  if (!row) {
    await createPair(q, memberId, venue);
    row = (await pairInUse(q, memberId, venue, false))!;
  }
  return { seedHash: row.seed_hash, clientSeed: row.client_seed, nonce: row.next_nonce };
}

/**
 * Takes the next nonce of the member's pair at a venue, inside the caller's transaction (the row stays locked
 * until it commits, so two rounds at once get two nonces, and a round rolled back gives its nonce back).
 */
export async function takeNonce(tx: Queryable, memberId: number, venue: string): Promise<TakenNonce> {
  let row = await pairInUse(tx, memberId, venue, true);
  if (!row) {
    await createPair(tx, memberId, venue);
    row = (await pairInUse(tx, memberId, venue, true))!;
  }
  await tx.query('UPDATE fair_seeds SET next_nonce = next_nonce + 1 WHERE id = $1', [row.id]);
  return {
    seedId: Number(row.id),
    serverSeed: row.server_seed,
    seedHash: row.seed_hash,
    clientSeed: row.client_seed,
    nonce: row.next_nonce,
  };
}

/**
 * Reveals the pair in use and starts a new one (the player's "change seed"). Refused (null) while a hand made
 * with the pair is still open: revealing its seed would show the cards to come.
 */
export async function rotateSeed(
  db: Db,
  memberId: number,
  venue: string,
  clientSeed?: string,
): Promise<SeedRotation | null> {
  return db.transaction(async (tx) => {
    let row = await pairInUse(tx, memberId, venue, true);
    if (!row) {
      await createPair(tx, memberId, venue);
      row = (await pairInUse(tx, memberId, venue, true))!;
    }
    const { rows: open } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM game_hands WHERE seed_id = $1 AND status = 'open'",
      [row.id],
    );
    if ((open[0]?.n ?? 0) > 0) return null;
    await tx.query('UPDATE fair_seeds SET revealed_at = now() WHERE id = $1', [row.id]);
    await createPair(tx, memberId, venue, clientSeed);
    const next = (await pairInUse(tx, memberId, venue, false))!;
    return {
      revealed: {
        serverSeed: row.server_seed,
        seedHash: row.seed_hash,
        clientSeed: row.client_seed,
        rounds: row.next_nonce,
      },
      next: { seedHash: next.seed_hash, clientSeed: next.client_seed, nonce: next.next_nonce },
    };
  });
}
