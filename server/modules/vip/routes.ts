import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CODE } from '../../../src/protocol/api.ts';
import {
  VIP_GIFT_PAGE_SIZE,
  VIP_PATH,
  withdrawalLimitsOf,
  type VipOverview,
} from '../../../src/protocol/vip.ts';
import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { cachedSiteConfig } from '../site/config.ts';
import { recomputeAll, recomputeLevel } from './levels.ts';
import { claimReward, giftBounds, listGifts, rewardsOf } from './rewards.ts';
import { claimSchema, giftsSchema, statusSchema } from './schemas.ts';
import { vipStatusOf } from './status.ts';

/** How often the scheduled level job runs (ms); VIP_JOB_MS in the environment overrides it, 0 turns it off. */
export const VIP_JOB_MS = 10 * 60_000;

export interface VipModuleOptions {
  db: Db;
  /** The job's interval (ms); 0 turns the timer off (tests run recomputeAll themselves). */
  jobMs?: number;
}

function jobMsFromEnv(): number | undefined {
  const raw = process.env.VIP_JOB_MS;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** The /mine/vip answer: the level recomputed on demand, its status, the rewards, the withdrawal limits. */
export async function vipOverview(db: Db, memberId: number, now: Date = new Date()): Promise<VipOverview> {
  await recomputeLevel(db, memberId, now);
  const [status, rewards, config, since] = await Promise.all([
    vipStatusOf(db, memberId, now),
    rewardsOf(db, memberId, now),
    cachedSiteConfig(db),
    db.query<{ at: Date | null }>(
      'SELECT max(created_at) AS at FROM vip_level_changes WHERE member_id = $1',
      [memberId],
    ),
  ]);
  const at = since.rows[0]?.at;
  return {
    status,
    rewards,
    levelSince: at ? new Date(at).toISOString() : null,
    withdrawal: withdrawalLimitsOf(status.level, {
      perDay: config.withdrawalDailyCount,
      amountPerDay: config.withdrawalDailyAmountYuan * FEN_PER_YUAN,
    }),
  };
}

/**
 * The VIP programme (issue 13 §3; docs/vip.md): the member's calls, and the scheduled level job (a timer, stopped
 * when the app closes; a run never overlaps the one before).
 */
export const vipModule: FastifyPluginAsyncTypebox<VipModuleOptions> = async (app, opts) => {
  const { db } = opts;
  const jobMs = opts.jobMs ?? jobMsFromEnv() ?? VIP_JOB_MS;
  if (jobMs > 0) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = recomputeAll(db)
        .then(() => undefined)
        .catch((err: unknown) => app.log.error({ err }, 'VIP level job failed'))
        .finally(() => {
          running = null;
        });
    }, jobMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running;
    });
  }

  await app.register(
    memberScope(db, async (member) => {
      member.get(VIP_PATH.status, { schema: statusSchema }, async (req) =>
        ok(await vipOverview(db, sessionOf(req).memberId)),
      );
      member.post(VIP_PATH.claim, { schema: claimSchema }, async (req) =>
        ok(await claimReward(db, sessionOf(req).memberId, req.body.id)),
      );
      member.post(VIP_PATH.gifts, { schema: giftsSchema }, async (req) => {
        const query = req.body ?? {};
        const bounds = giftBounds(query);
        if (typeof bounds === 'string') throw new ApiError(CODE.validation, bounds);
        return ok(
          await listGifts(
            db,
            sessionOf(req).memberId,
            { ...query, page: query.page ?? 1, size: query.size ?? VIP_GIFT_PAGE_SIZE },
            bounds,
          ),
        );
      });
    }),
  );
};
