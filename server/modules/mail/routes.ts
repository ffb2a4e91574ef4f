import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAIL_PATH } from '../../../src/protocol/mail.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { deleteMail, listMail, readAllMail, readMail, unreadMailCount } from './mail.ts';
import { deleteSchema, listSchema, readAllSchema, readSchema, unreadSchema } from './schemas.ts';

/**
 * Mail and feedback (issue 13 §2; docs/mail.md): the member's calls under the /site/api signature group, and the
 * feedback images under FEEDBACK_IMAGE_PREFIX (feedback-routes.ts). Operators send with `npm run ops -- mail`.
 */
export const mailModule: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    memberScope(db, async (member) => {
      member.get(MAIL_PATH.unread, { schema: unreadSchema }, async (req) =>
        ok({ unread: await unreadMailCount(db, sessionOf(req).memberId) }),
      );
      member.post(MAIL_PATH.list, { schema: listSchema }, async (req) =>
        ok(await listMail(db, sessionOf(req).memberId, req.body?.page ?? 1, req.body?.size ?? 20)),
      );
      member.post(MAIL_PATH.read, { schema: readSchema }, async (req) =>
        ok(await db.transaction((tx) => readMail(tx, sessionOf(req).memberId, req.body.id))),
      );
      member.post(MAIL_PATH.delete, { schema: deleteSchema }, async (req) =>
        ok({ unread: await db.transaction((tx) => deleteMail(tx, sessionOf(req).memberId, req.body.id)) }),
      );
      member.post(MAIL_PATH.readAll, { schema: readAllSchema }, async (req) =>
        ok({ unread: await db.transaction((tx) => readAllMail(tx, sessionOf(req).memberId)) }),
      );
    }),
  );
};
