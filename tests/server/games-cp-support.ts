// Shared by the lottery server tests (tests/server/games-cp*.test.ts): the app's clock (Date faked, nothing else,
// so the app's shared-rounds clock is the test's), players at a lottery venue, the native API's calls, and a
// second clock for sweeps the app's own background sweep cannot race (it only sees the app's clock).
import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import {
  LOTTERY_SCHEDULES,
  periodClosesAt,
  periodNoAt,
  periodOpensAt,
  type LotteryKind,
} from '../../src/games-core/cp/periods.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import type { GamesCtx } from '../../server/modules/casino/context.ts';
import type { TestApp } from '../support/test-app.ts';
import { credential, fund, newMember } from './sportsbook-support.ts';
import { as, PATH, player, type Player } from './venue-helpers.ts';

export const REAL_START = Date.now();

/** Fakes Date only (timers stay real) and sets the app's clock `offsetMs` into the next 时时彩 period. */
export function fakeClock(offsetMs = 5_000): number {
  vi.useFakeTimers({ toFake: ['Date'] });
  const s = LOTTERY_SCHEDULES.ssc;
  const t = periodOpensAt(s, periodNoAt(s, REAL_START) + 1) + offsetMs;
  vi.setSystemTime(t);
  return t;
}

export const setClock = (t: number) => vi.setSystemTime(t);

/** Moves the app's clock 5 s into the next 时时彩 period (a fresh 快三 period too): a test draws its own periods. */
export function freshPeriods(): number {
  const s = LOTTERY_SCHEDULES.ssc;
  const t = periodOpensAt(s, periodNoAt(s, Date.now()) + 1) + 5_000;
  vi.setSystemTime(t);
  return t;
}
export const clock = () => Date.now();

/** The period open at the app's clock. */
export function openNo(kind: LotteryKind, t = clock()): number {
  return periodNoAt(LOTTERY_SCHEDULES[kind], t);
}
export const closeOf = (kind: LotteryKind, no: number) => periodClosesAt(LOTTERY_SCHEDULES[kind], no);

/** A context whose clock is past a period's close while the app's clock is not (its sweep cannot race this). */
export const afterClose = (t: TestApp, kind: LotteryKind, no: number): GamesCtx => ({
  db: t.db,
  now: () => closeOf(kind, no) + 1,
});

export const rid = () => `cp${randomBytes(8).toString('hex')}`;

export async function games(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: GAMES_API + path,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { status_code: number; message: string; data: any };
}

/** A member who launched a lottery venue as a whole, with `fen` transferred into its wallet. */
export async function atLottery(
  t: TestApp,
  fen: number,
  venue = 'SYCP',
): Promise<{ p: Player; token: string; venue: string }> {
  const p = await player(t, fen + 100_000);
  const { body } = await as(t, p, 'POST', PATH.launch, { enName: venue, isSure: 1 });
  expect(body.status_code, body.message).toBe(CODE.success);
  const token = body.data.token as string;
  if (fen > 0) {
    const moved = await games(t, token, 'POST', '/transfer-in', { requestId: rid(), amount: fen });
    expect(moved.status_code).toBe(CODE.success);
  }
  return { p, token, venue };
}

/**
 * A member with a venue credential made directly (no login: many players at once would meet the login rate limit)
 * and `fen` deposited straight into the venue wallet.
 */
export async function quickPlayer(
  t: TestApp,
  fen: number,
  venue = 'SYCP',
): Promise<{ id: number; token: string }> {
  const m = await newMember(t.db);
  if (fen > 0) await fund(t.db, m.id, venue, fen);
  return { id: m.id, token: await credential(t.db, m.id, venue) };
}

export const roundId = (venue: string, game: string, no: number) => `${venue}:${game}:${no}`;

export const ticket = (
  t: TestApp,
  token: string,
  game: string,
  round: string,
  picks: Array<{ play: string; pick: string; stake: number; requestId?: string }>,
) =>
  games(t, token, 'POST', '/cp/tickets', {
    game,
    roundId: round,
    picks: picks.map((p) => ({
      requestId: p.requestId ?? rid(),
      play: p.play,
      pick: p.pick,
      stake: p.stake,
    })),
  });
