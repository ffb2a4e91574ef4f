import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REBATE_PATH } from '../../../src/protocol/rebate.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { auditDetail, auditView } from './audit-view.ts';
import { claimRebate, payDue, rebateHistory, rebateSummary, shanghaiDay } from './rebate.ts';
import { auditDetailSchema, auditSchema, claimSchema, historySchema, summarySchema } from './schemas.ts';

/** How often the end-of-day job looks whether an Asia/Shanghai day ended (it pays once per day and member). */
export const REBATE_SWEEP_MS = 60_000;

/**
 * The timer's period: REBATE_SWEEP_MS from the environment when set (0 = off); otherwise REBATE_SWEEP_MS, except
 * under the test runner (VITEST), where tests of other modules must not see rebate paid into their members'
 * wallets by a timer: there the rebate tests run the job themselves (`payDue`, or the plugin with `sweepMs`).
 */
export function rebateSweepMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['REBATE_SWEEP_MS'];
  if (raw !== undefined && /^\d{1,8}$/.test(raw)) return Number(raw);
  return env['VITEST'] ? 0 : REBATE_SWEEP_MS;
}

export interface RebateModuleOptions {
  db: Db;
  /** 0 turns the end-of-day timer off (tests run `payDue` themselves). */
  sweepMs?: number;
}

/**
 * Rebate and the turnover audit (issue 13 §4, §5; docs/rebate.md): the member's calls, and the end-of-day job (a
 * timer that pays the unclaimed rebate of every day that ended, stopped when the app closes).
 */
export const rebateModule: FastifyPluginAsyncTypebox<RebateModuleOptions> = async (app, opts) => {
  const { db } = opts;
  const sweepMs = opts.sweepMs ?? rebateSweepMsFromEnv();
  if (sweepMs > 0) {
    let running: Promise<void> | null = null;
    let doneFor = '';
    const timer = setInterval(() => {
      const today = shanghaiDay(new Date());
      if (running || doneFor === today) return;
      running = payDue(db)
        .then(() => {
          doneFor = today;
        })
        .catch((err: unknown) => app.log.error({ err }, 'rebate end-of-day job failed'))
        .finally(() => {
          running = null;
        });
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running;
    });
  }

  await app.register(
    memberScope(db, async (member) => {
      member.get(REBATE_PATH.summary, { schema: summarySchema }, async (req) =>
        ok(await rebateSummary(db, sessionOf(req).memberId)),
      );
      member.post(REBATE_PATH.claim, { schema: claimSchema }, async (req) =>
        ok(await claimRebate(db, sessionOf(req).memberId, req.body.requestId)),
      );
      member.post(REBATE_PATH.history, { schema: historySchema }, async (req) =>
        ok(await rebateHistory(db, sessionOf(req).memberId, req.body ?? {})),
      );
      member.get(REBATE_PATH.audit, { schema: auditSchema }, async (req) =>
        ok(await auditView(db, sessionOf(req).memberId)),
      );
      member.post(REBATE_PATH.auditDetail, { schema: auditDetailSchema }, async (req) =>
        ok(await auditDetail(db, sessionOf(req).memberId, req.body)),
      );
    }),
  );
};
