import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';
import { ApiError, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { CODE } from '../../../src/protocol/api.ts';
import {
  autoTransferSchema,
  recallSchema,
  recordsSchema,
  refreshSchema,
  summarySchema,
  transferSchema,
} from './schemas.ts';
import {
  recallAll,
  records,
  refreshVenue,
  setAutoTransfer,
  walletSummary,
  walletTransfer,
} from './wallet.ts';

export interface WalletModuleOptions {
  db: Db;
}

/** The wallet (/fd/api/v1/wallet/...): member only (spec §6), every money-moving call keyed by a requestId. */
export const walletModule: FastifyPluginAsyncTypebox<WalletModuleOptions> = async (app, { db }) => {
  await app.register(
    memberScope(db, async (member) => {
      member.get('/fd/api/v1/wallet/summary', { schema: summarySchema }, async (req) =>
        ok(await walletSummary(db, sessionOf(req).memberId)),
      );
      member.post('/fd/api/v1/wallet/transfer', { schema: transferSchema }, async (req) =>
        ok(await walletTransfer(db, sessionOf(req).memberId, req.body)),
      );
      member.post('/fd/api/v1/wallet/recall', { schema: recallSchema }, async (req) =>
        ok(await recallAll(db, sessionOf(req).memberId, req.body.requestId)),
      );
      member.post('/fd/api/v1/wallet/autoTransfer', { schema: autoTransferSchema }, async (req) =>
        ok(await setAutoTransfer(db, sessionOf(req).memberId, req.body.enabled, req.body.requestId)),
      );
      member.post('/fd/api/v1/wallet/venue/refresh', { schema: refreshSchema }, async (req) =>
        ok(await refreshVenue(db, sessionOf(req).memberId, req.body.venue)),
      );
      member.post('/fd/api/v1/wallet/records', { schema: recordsSchema }, async (req) => {
        const { from, to } = req.body;
        if (from && to && from > to) throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
        return ok(await records(db, sessionOf(req).memberId, req.body));
      });
    }),
  );
};
