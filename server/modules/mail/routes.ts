import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CODE, HEADER } from '../../../src/protocol/api.ts';
import {
  FEEDBACK_IMAGE_ID_PATTERN,
  FEEDBACK_IMAGE_MAX_BASE64,
  FEEDBACK_IMAGE_PREFIX,
  FEEDBACK_IMAGES_MAX,
  MAIL_PATH,
} from '../../../src/protocol/mail.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { resolveSession, SESSION_MESSAGE } from '../member/sessions.ts';
import { MAIL_MESSAGE } from './messages.ts';
import { createFeedback, feedbackImage, imageExtension, listFeedback } from './feedback.ts';
import { deleteMail, listMail, readAllMail, readMail, unreadMailCount } from './mail.ts';
import {
  deleteSchema,
  feedbackCreateSchema,
  feedbackImageSchema,
  feedbackListSchema,
  listSchema,
  readAllSchema,
  readSchema,
  unreadSchema,
} from './schemas.ts';

/**
 * The feedback call carries its images as base64 in the JSON body (docs/mail.md "Images on the wire"): three at
 * most, each at most FEEDBACK_IMAGE_MAX_BASE64 characters, so the body limit of this one route is that and a
 * margin for the text; every other route keeps the app's 256 KiB.
 */
export const FEEDBACK_BODY_LIMIT = FEEDBACK_IMAGES_MAX * FEEDBACK_IMAGE_MAX_BASE64 + 64 * 1024;

/** For tests/server/route-schemas.test.ts EXEMPT: the one route of this module outside the API groups. */
export const MAIL_ROUTE_NOTES: Record<string, string> = {
  [`GET ${FEEDBACK_IMAGE_PREFIX}:id`]:
    'a feedback image for an <img> (no X-API-* headers): the token cookie, the sender only, params schema (docs/mail.md)',
};

const TOKEN_HEADER = HEADER.token.toLowerCase();
const IMAGE_ID = new RegExp(FEEDBACK_IMAGE_ID_PATTERN);

/** The login token of an image request: the X-API-TOKEN cookie an <img> sends (spec §3), or the header. */
function tokenOf(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers[TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const cookie = headers.cookie;
  if (typeof cookie !== 'string') return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === HEADER.token) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

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

      member.post(
        MAIL_PATH.feedbackCreate,
        { schema: feedbackCreateSchema, bodyLimit: FEEDBACK_BODY_LIMIT },
        async (req) => ok(await createFeedback(db, sessionOf(req).memberId, req.body)),
      );
      member.post(MAIL_PATH.feedbackList, { schema: feedbackListSchema }, async (req) =>
        ok(await listFeedback(db, sessionOf(req).memberId, req.body?.page ?? 1, req.body?.size ?? 20)),
      );
    }),
  );

  // A feedback image: outside the signature groups (an <img> sends no signature), the member known by the token
  // cookie; only the member who sent it gets the bytes (31084 with HTTP 404 for anyone else, as for no such id).
  app.get(`${FEEDBACK_IMAGE_PREFIX}:id`, { schema: feedbackImageSchema }, async (req, reply) => {
    const token = tokenOf(req.headers);
    if (!token) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid, 401);
    const session = await resolveSession(db, token);
    const { id } = req.params;
    if (!IMAGE_ID.test(id)) throw new ApiError(CODE.feedbackNotFound, MAIL_MESSAGE.feedbackNotFound, 404);
    const image = await feedbackImage(db, session.memberId, id);
    return reply
      .header('Content-Type', image.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${id}.${imageExtension(image.mime)}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Cache-Control', 'private, max-age=86400, immutable')
      .header('Vary', 'Cookie, X-API-TOKEN')
      .send(image.bytes);
  });
};
