import { Type } from 'typebox';
import {
  FEEDBACK_IMAGE_MAX_BASE64,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TYPES,
  MAIL_AUDIENCES,
  MAIL_KINDS,
  MAIL_PAGE_SIZE_DEFAULT,
  MAIL_PAGE_SIZE_MAX,
} from '../../../src/protocol/mail.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of mail and feedback (src/protocol/mail.ts; /tmp/api-mail.md → docs/api.md).

const mailId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const MailSummary = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(MAIL_KINDS),
  audience: StringEnum(MAIL_AUDIENCES),
  title: Type.String(),
  preview: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.String(),
});
const MailDetail = Type.Object({ ...MailSummary.properties, body: Type.String() });
const Unread = Type.Object({ unread: Type.Integer() });

const Paging = OptionalBody(
  Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
      size: Type.Optional(
        Type.Integer({ minimum: 1, maximum: MAIL_PAGE_SIZE_MAX, default: MAIL_PAGE_SIZE_DEFAULT }),
      ),
    },
    { additionalProperties: false },
  ),
);

export const unreadSchema = { querystring: NoQuery, response: { 200: Envelope(Unread) } };

export const listSchema = {
  body: Paging,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(MailSummary),
        total: Type.Integer(),
        unread: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};

const IdBody = Type.Object({ id: mailId }, { additionalProperties: false });

export const readSchema = {
  body: IdBody,
  response: { 200: Envelope(Type.Object({ mail: MailDetail, unread: Type.Integer() })) },
};
export const deleteSchema = { body: IdBody, response: { 200: Envelope(Unread) } };
export const readAllSchema = {
  body: OptionalBody(Type.Object({}, { additionalProperties: false })),
  response: { 200: Envelope(Unread) },
};

// ——— Feedback ———

export const Feedback = Type.Object({
  id: Type.Integer(),
  type: StringEnum(FEEDBACK_TYPES),
  text: Type.String(),
  images: Type.Array(Type.String()),
  reply: nullable(Type.String()),
  repliedAt: nullable(Type.String()),
  createdAt: Type.String(),
});

export const feedbackCreateSchema = {
  body: Type.Object(
    {
      // Any string: an unknown type is the area's own refusal (31082), not a validation error.
      type: Type.String({ maxLength: 32 }),
      text: Type.String({ maxLength: 4000 }),
      images: Type.Optional(
        Type.Array(Type.String({ maxLength: FEEDBACK_IMAGE_MAX_BASE64 * 2 }), {
          // One more than allowed still parses: too many images is 31083, as the page says it.
          maxItems: FEEDBACK_IMAGES_MAX + 1,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Feedback) },
};

export const feedbackListSchema = {
  body: Paging,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(Feedback),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};

export const feedbackImageSchema = {
  params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
};
