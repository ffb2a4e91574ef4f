import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MALL_PATH } from '../../../src/protocol/mall.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { sweepCoins, sweepMemberCoins } from './coins.ts';
import { mallOverview, redeem } from './mall.ts';
import { coinRecords, currencyRecords, redemptionRecords, welfareRecords } from './records.ts';
import {
  coinRecordsSchema,
  currencyRecordsSchema,
  itemsSchema,
  recordsSchema,
  redeemSchema,
  welfareRecordsSchema,
} from './schemas.ts';

/** How often the node credits coins for new valid bets (a page of the mall also does it for its member). */
export const COINS_SWEEP_MS = 60_000;

/**
 * Coins and the mall (issue 13 §6; docs/mall.md): the member's calls under the /site/api signature group, and the
 * coins sweep. Operators use `npm run ops -- mall` (ops.ts).
 */
export const mallModule: FastifyPluginAsyncTypebox<{ db: Db; coinsSweepMs?: number }> = async (app, opts) => {
  const { db } = opts;
  const sweepMs = opts.coinsSweepMs ?? COINS_SWEEP_MS;
  if (sweepMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweepCoins(db)
        .catch((err: unknown) => app.log.error({ err }, 'coins sweep failed'))
        .finally(() => {
          running = false;
        });
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    });
  }

  await app.register(
    memberScope(db, async (member) => {
      member.get(MALL_PATH.items, { schema: itemsSchema }, async (req) => {
        const memberId = sessionOf(req).memberId;
        await sweepMemberCoins(db, memberId);
        return ok(await mallOverview(db, memberId));
      });

      member.post(MALL_PATH.redeem, { schema: redeemSchema }, async (req) =>
        ok(await redeem(db, sessionOf(req).memberId, req.body)),
      );

      member.post(MALL_PATH.records, { schema: recordsSchema }, async (req) =>
        ok(await redemptionRecords(db, sessionOf(req).memberId, req.body ?? {})),
      );

      member.post(MALL_PATH.coinRecords, { schema: coinRecordsSchema }, async (req) => {
        const memberId = sessionOf(req).memberId;
        await sweepMemberCoins(db, memberId);
        return ok(await coinRecords(db, memberId, req.body ?? {}));
      });

      member.post(MALL_PATH.currencyRecords, { schema: currencyRecordsSchema }, async (req) => {
        const memberId = sessionOf(req).memberId;
        await sweepMemberCoins(db, memberId);
        return ok(await currencyRecords(db, memberId, req.body ?? {}));
      });

      member.post(MALL_PATH.welfareRecords, { schema: welfareRecordsSchema }, async (req) =>
        ok(await welfareRecords(db, sessionOf(req).memberId, req.body ?? {})),
      );
    }),
  );
};
