import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';

export interface WithdrawalModuleOptions {
  db: Db;
  secret: string;
}

/** The fund password and withdrawals (issue 10 §3). Routes arrive with the module. */
export const withdrawalModule: FastifyPluginAsyncTypebox<WithdrawalModuleOptions> = async () => {};
