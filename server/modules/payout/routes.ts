import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BANKS } from '../../../src/protocol/payout-rules.ts';
import { PAYOUT_PATH } from '../../../src/protocol/payout.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { addPayoutAccount, deletePayoutAccount, listPayoutAccounts } from './accounts.ts';
import { changeFundPassword, fundPasswordStatus, setFundPassword } from './fund-password.ts';
import { kycStatus, verifyKyc } from './kyc.ts';
import {
  accountsSchema,
  addAccountSchema,
  banksSchema,
  deleteAccountSchema,
  fundPasswordChangeSchema,
  fundPasswordSetSchema,
  fundPasswordStatusSchema,
  kycStatusSchema,
  kycVerifySchema,
} from './schemas.ts';

export interface PayoutModuleOptions {
  db: Db;
  secret: string;
}

/**
 * Real-name verification, payout accounts and the fund password (issue 10 §1–3; docs/api.md "Payout"): member
 * only. `secret` keys the hashes that keep ID numbers and card numbers unique without reading them back.
 */
export const payoutModule: FastifyPluginAsyncTypebox<PayoutModuleOptions> = async (app, { db, secret }) => {
  await app.register(
    memberScope(db, async (member) => {
      member.get(PAYOUT_PATH.kycStatus, { schema: kycStatusSchema.get }, async (req) =>
        ok(await kycStatus(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.kycStatus, { schema: kycStatusSchema.post }, async (req) =>
        ok(await kycStatus(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.kycVerify, { schema: kycVerifySchema }, async (req) =>
        ok(await verifyKyc(db, secret, sessionOf(req).memberId, req.body)),
      );
      member.get(PAYOUT_PATH.banks, { schema: banksSchema.get }, async () => ok({ banks: [...BANKS] }));
      member.post(PAYOUT_PATH.banks, { schema: banksSchema.post }, async () => ok({ banks: [...BANKS] }));
      member.get(PAYOUT_PATH.accounts, { schema: accountsSchema.get }, async (req) =>
        ok(await listPayoutAccounts(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.accounts, { schema: accountsSchema.post }, async (req) =>
        ok(await listPayoutAccounts(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.addAccount, { schema: addAccountSchema }, async (req) =>
        ok(await addPayoutAccount(db, secret, sessionOf(req).memberId, req.body)),
      );
      member.post(PAYOUT_PATH.deleteAccount, { schema: deleteAccountSchema }, async (req) =>
        ok(await deletePayoutAccount(db, sessionOf(req).memberId, req.body)),
      );
      member.get(PAYOUT_PATH.fundPasswordStatus, { schema: fundPasswordStatusSchema.get }, async (req) =>
        ok(await fundPasswordStatus(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.fundPasswordStatus, { schema: fundPasswordStatusSchema.post }, async (req) =>
        ok(await fundPasswordStatus(db, sessionOf(req).memberId)),
      );
      member.post(PAYOUT_PATH.fundPasswordSet, { schema: fundPasswordSetSchema }, async (req) =>
        ok(await setFundPassword(db, sessionOf(req).memberId, req.body.password)),
      );
      member.post(PAYOUT_PATH.fundPasswordChange, { schema: fundPasswordChangeSchema }, async (req) =>
        ok(await changeFundPassword(db, sessionOf(req).memberId, req.body)),
      );
    }),
  );
};
