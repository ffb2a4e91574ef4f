import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';

export interface PayoutModuleOptions {
  db: Db;
  secret: string;
}

/** Real-name verification and payout accounts (issue 10 §1–2). Routes arrive with the module. */
export const payoutModule: FastifyPluginAsyncTypebox<PayoutModuleOptions> = async () => {};
