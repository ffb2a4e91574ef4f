// The sandbox clock (docs/sportsbook.md "The clock"): real time plus an offset kept in the database, which
// operators move forward (`npm run ops -- sportsbook advance <minutes>`; match minutes). Every node reads the
// same offset; a node remembers it for a second, and forgets at once when it advances the clock itself.
import type { Queryable } from '../../db/db.ts';
import type { EngineConfig } from './engine/fixtures.ts';

/** How long a node trusts the offset it read (another node's advance is seen within this). */
export const CLOCK_CACHE_MS = 1_000;
/** Design bound of one advance: a week of match minutes at the slowest clock is far beyond any need. */
export const ADVANCE_MAX_MINUTES = 100_000;

const cached = new WeakMap<object, { readAt: number; offsetMs: number }>();

export async function clockOffset(q: Queryable): Promise<number> {
  const hit = cached.get(q);
  const now = Date.now();
  if (hit && now - hit.readAt < CLOCK_CACHE_MS) return hit.offsetMs;
  const { rows } = await q.query<{ offset_ms: string | number }>(
    'SELECT offset_ms FROM sportsbook_clock WHERE id',
    [],
    { prepare: 'sportsbook_clock' },
  );
  const offsetMs = Number(rows[0]?.offset_ms ?? 0);
  cached.set(q, { readAt: now, offsetMs });
  return offsetMs;
}

/** The sandbox time now (epoch ms). */
export async function sandboxNow(q: Queryable): Promise<number> {
  return Date.now() + (await clockOffset(q));
}

/** Moves the sandbox clock forward by match minutes; answers the new sandbox time. */
export async function advanceClock(q: Queryable, config: EngineConfig, minutes: number): Promise<number> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > ADVANCE_MAX_MINUTES)
    throw new RangeError(`minutes must be a whole number from 1 to ${ADVANCE_MAX_MINUTES}`);
  const { rows } = await q.query<{ offset_ms: string | number }>(
    'UPDATE sportsbook_clock SET offset_ms = offset_ms + $1 WHERE id RETURNING offset_ms',
    [minutes * config.secondsPerMinute * 1000],
  );
  const offsetMs = Number(rows[0]!.offset_ms);
  cached.set(q, { readAt: Date.now(), offsetMs });
  return Date.now() + offsetMs;
}
