import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import {
  KEEP_WINDOW_DAYS,
  VIP_LEVELS_UP_PER_DAY,
  VIP_MAX_LEVEL,
  vipLevel,
} from '../../../src/protocol/vip.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { publishMemberChange, publishSpeechChanged } from '../../stream/channels.ts';
import { vipMeasuresOf, type VipMeasures } from './status.ts';
import { shanghaiDate, startOfShanghaiDay } from './time.ts';

// The level computation (issue 13 §3; docs/vip.md "Level rules"). Run by the scheduled job (routes.ts), on
// demand when the player reads their status, and by `npm run ops -- vip recompute`. One computation makes at
// most one change, under the member's row lock (two nodes computing at once cannot both move it):
//
// 1. Keep: at level L ≥ 1, once the level has been held KEEP_WINDOW_DAYS (since the last change of level, or
//    since registration), valid bet within the last KEEP_WINDOW_DAYS below L's keep requirement → L − 1. The
//    change restarts the clock, so a member goes down at most one level per KEEP_WINDOW_DAYS.
// 2. Upgrade: both cumulative thresholds of L + 1 met, fewer than VIP_LEVELS_UP_PER_DAY upgrades today
//    (Asia/Shanghai) → L + 1. Regaining a level held before (lost by the keep rule or an operator) also needs
//    that level's keep requirement over the window: cumulative measures only grow, so without it a member who
//    stopped playing would bounce back up the day after going down.

const DAY_MS = 86_400_000;

export type LevelCause = 'upgrade' | 'keep' | 'operator';

export interface LevelChange {
  memberId: number;
  from: number;
  to: number;
  cause: LevelCause;
}

export interface LevelFacts {
  measures: VipMeasures;
  /** When the current level started (the last change, or the member's registration). */
  since: Date;
  /** Upgrades already made on the Shanghai day of `now`. */
  upgradesToday: number;
  /** The highest level ever held. */
  highest: number;
}

const fen = (yuan: number) => yuan * FEN_PER_YUAN;

/** Whether measures meet both cumulative thresholds of a level. */
export const meetsThresholds = (m: Pick<VipMeasures, 'deposit' | 'validBet'>, level: number) =>
  m.deposit >= fen(vipLevel(level).depositYuan) && m.validBet >= fen(vipLevel(level).validBetYuan);

/** The one change the rules make now, or null (pure: the decision of docs/vip.md "Level rules"). */
export function decideLevel(f: LevelFacts, now: Date): { to: number; cause: 'upgrade' | 'keep' } | null {
  const level = f.measures.level;
  if (level >= 1 && now.getTime() - f.since.getTime() >= KEEP_WINDOW_DAYS * DAY_MS) {
    if (f.measures.keepValidBet < fen(vipLevel(level).keepValidBetYuan))
      return { to: level - 1, cause: 'keep' };
  }
  if (level >= VIP_MAX_LEVEL || f.upgradesToday >= VIP_LEVELS_UP_PER_DAY) return null;
  const target = level + 1;
  if (!meetsThresholds(f.measures, target)) return null;
  if (target <= f.highest && f.measures.keepValidBet < fen(vipLevel(target).keepValidBetYuan)) return null;
  return { to: target, cause: 'upgrade' };
}

/** The facts of a member (their row locked when `lock`), or null when there is no such member. */
export async function levelFacts(
  q: Queryable,
  memberId: number,
  now: Date,
  lock: boolean,
): Promise<LevelFacts | null> {
  const { rows } = await q.query<{ level: number; created_at: Date }>(
    `SELECT vip_level AS level, created_at FROM members WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [memberId],
  );
  const member = rows[0];
  if (!member) return null;
  const measures = await vipMeasuresOf(q, memberId, now);
  if (!measures) return null;
  const dayStart = startOfShanghaiDay(shanghaiDate(now));
  const { rows: h } = await q.query<{ last: Date | null; ups: string | number; highest: number | null }>(
    `SELECT max(created_at) AS last,
            count(*) FILTER (WHERE cause = 'upgrade' AND created_at >= $2
                              AND date_trunc('milliseconds', created_at) <= $3) AS ups,
            greatest(max(to_level), max(from_level)) AS highest
       FROM vip_level_changes WHERE member_id = $1`,
    [memberId, dayStart, now],
  );
  const hist = h[0]!;
  return {
    measures,
    since: hist.last ? new Date(hist.last) : new Date(member.created_at),
    upgradesToday: Number(hist.ups ?? 0),
    highest: Math.max(measures.level, hist.highest ?? 0),
  };
}

/** Moves the level inside tx (the member's row locked), records it, and tells the member's sockets. */
export async function applyLevelChange(
  tx: Queryable,
  change: LevelChange & { note?: string | null },
  now: Date,
): Promise<void> {
  await tx.query('UPDATE members SET vip_level = $2 WHERE id = $1', [change.memberId, change.to]);
  await tx.query(
    `INSERT INTO vip_level_changes (member_id, from_level, to_level, cause, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [change.memberId, change.from, change.to, change.cause, change.note ?? null, now],
  );
  // Both go out on commit: the page's 'vip' push and the socket login data (vipMin/vipMax for the chat).
  await publishMemberChange(tx, { memberId: change.memberId, topic: 'vip', level: change.to });
  await publishSpeechChanged(tx, change.memberId);
}

/** Applies the rules to one member now: the change made, or null. */
export async function recomputeLevel(
  db: Db,
  memberId: number,
  now: Date = new Date(),
): Promise<LevelChange | null> {
  // A cheap unlocked look first: most reads change nothing and need no lock.
  const look = await levelFacts(db, memberId, now, false);
  if (!look || !decideLevel(look, now)) return null;
  return db.transaction(async (tx) => {
    const facts = await levelFacts(tx, memberId, now, true);
    if (!facts) return null;
    const d = decideLevel(facts, now);
    if (!d) return null;
    const change: LevelChange = { memberId, from: facts.measures.level, to: d.to, cause: d.cause };
    await applyLevelChange(tx, change, now);
    return change;
  });
}

/** An operator's level (recorded with cause 'operator'); null when it is the level already. */
export async function setLevelByOperator(
  db: Db,
  memberId: number,
  level: number,
  note: string | null,
  now: Date = new Date(),
): Promise<LevelChange | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ level: number }>(
      'SELECT vip_level AS level FROM members WHERE id = $1 FOR UPDATE',
      [memberId],
    );
    const from = rows[0]?.level;
    if (from === undefined || from === level) return null;
    const change: LevelChange = { memberId, from, to: level, cause: 'operator' };
    await applyLevelChange(tx, { ...change, note }, now);
    return change;
  });
}

/**
 * The scheduled job: every member who could move (a level above VIP0 — the keep rule — or a credited deposit —
 * VIP1 needs one), in id order, in batches. Answers the changes made.
 */
export async function recomputeAll(db: Db, now: Date = new Date(), batch = 500): Promise<LevelChange[]> {
  const changes: LevelChange[] = [];
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: string | number }>(
      `SELECT m.id FROM members m
        WHERE m.id > $1
          AND (m.vip_level > 0 OR EXISTS (SELECT 1 FROM deposit_orders d WHERE d.member_id = m.id AND d.state = 'paid'))
        ORDER BY m.id LIMIT $2`,
      [after, batch],
    );
    for (const r of rows) {
      const change = await recomputeLevel(db, Number(r.id), now);
      if (change) changes.push(change);
    }
    if (rows.length < batch) return changes;
    after = Number(rows[rows.length - 1]!.id);
  }
}
