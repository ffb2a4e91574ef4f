import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAYOUT_PATH } from '../../../src/protocol/payout.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { cancelSchema, createSchema, listSchema, optionsSchema } from './schemas.ts';
import {
  cancelWithdrawal,
  createWithdrawal,
  LIST_SIZE_DEFAULT,
  listWithdrawals,
  withdrawalOptions,
  withdrawalView,
} from './withdrawals.ts';

export interface WithdrawalModuleOptions {
  db: Db;
  secret: string;
}

/**
 * Withdrawals (issue 10 §3; docs/withdrawals.md, docs/api-withdrawals.part.md): the member's calls under the
 * /fd/api signature group. Operators approve, pay and reject with `npm run ops -- withdrawal` (ops.ts).
 */
export const withdrawalModule: FastifyPluginAsyncTypebox<WithdrawalModuleOptions> = async (app, { db }) => {
  await app.register(
    memberScope(db, async (member) => {
      member.get(PAYOUT_PATH.withdrawalOptions, { schema: optionsSchema }, async (req) =>
        ok(await withdrawalOptions(db, sessionOf(req).memberId)),
      );

      member.post(PAYOUT_PATH.withdrawalCreate, { schema: createSchema }, async (req) =>
        ok(withdrawalView(await createWithdrawal(db, sessionOf(req).memberId, req.body))),
      );

      member.post(PAYOUT_PATH.withdrawalList, { schema: listSchema }, async (req) =>
        ok(
          await listWithdrawals(
            db,
            sessionOf(req).memberId,
            req.body?.page ?? 1,
            req.body?.size ?? LIST_SIZE_DEFAULT,
          ),
        ),
      );

      member.post(PAYOUT_PATH.withdrawalCancel, { schema: cancelSchema }, async (req) =>
        ok(withdrawalView(await cancelWithdrawal(db, sessionOf(req).memberId, req.body.id))),
      );
    }),
  );
};
