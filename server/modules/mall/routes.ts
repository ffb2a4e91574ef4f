import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner).
export const mallModule: FastifyPluginAsyncTypebox<{ db: Db }> = async () => {};
