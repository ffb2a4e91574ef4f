import { Type } from 'typebox';
import { AVATARS, BIRTHDAY_PATTERN, LOGIN_LIST_SIZE, NICKNAME_MAX } from '../../../src/protocol/profile.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the member home and the profile (src/protocol/profile.ts; /tmp/api-mine.md). The field rules
// themselves (nickname characters, 18+, the avatar set) are checked in profile.ts with their own codes
// (31001–31003); the schemas only bound the shapes (10003).

const fen = Type.Integer();
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const avatar = StringEnum(AVATARS);

const VipStatus = Type.Object({
  level: Type.Integer(),
  deposit: fen,
  validBet: fen,
  next: nullable(Type.Object({ level: Type.Integer(), deposit: fen, validBet: fen })),
  keep: Type.Object({ validBet: fen, required: fen }),
});

const Profile = Type.Object({
  phoneMasked: Type.String(),
  nickname: nullable(Type.String()),
  avatar,
  birthday: nullable(Type.String()),
  realName: Type.Object({ verified: Type.Boolean(), name: nullable(Type.String()) }),
  fundPasswordSet: Type.Boolean(),
});

const Renewed = Type.Object({
  token: Type.String(),
  expiresAt: nullable(Type.Integer()),
  ended: Type.Integer(),
});

export const summarySchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      nullable(
        Type.Object({
          phoneMasked: Type.String(),
          nickname: nullable(Type.String()),
          avatar,
          vip: VipStatus,
          balance: fen,
          locked: fen,
          unreadMail: Type.Integer(),
          realNameVerified: Type.Boolean(),
        }),
      ),
    ),
  },
};

export const profileSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(nullable(Profile)) },
};

// A nickname's characters are the rule's (31001); the schema bounds the size only (4× the rule, so a refused
// nickname is told why, not 10003).
export const nicknameSchema = {
  body: Type.Object({ nickname: Type.String({ maxLength: NICKNAME_MAX * 4 }) }),
  response: { 200: Envelope(nullable(Profile)) },
};

export const avatarSchema = {
  body: Type.Object({ avatar: Type.String({ maxLength: 32 }) }),
  response: { 200: Envelope(nullable(Profile)) },
};

export const birthdaySchema = {
  body: Type.Object({ birthday: Type.String({ maxLength: 10, pattern: BIRTHDAY_PATTERN.source }) }),
  response: { 200: Envelope(nullable(Profile)) },
};

export const passwordSchema = {
  body: Type.Object({
    oldPassword: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ maxLength: 64 }),
    confirmPassword: Type.String({ maxLength: 64 }),
  }),
  response: { 200: Envelope(nullable(Renewed)) },
};

export const loginsSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      nullable(
        Type.Object({
          items: Type.Array(
            Type.Object({
              id: Type.String(),
              at: Type.String(),
              ip: Type.String(),
              device: Type.String(),
              current: Type.Boolean(),
              live: Type.Boolean(),
            }),
            { maxItems: LOGIN_LIST_SIZE },
          ),
        }),
      ),
    ),
  },
};

export const logoutOthersSchema = {
  body: OptionalBody(Type.Object({})),
  response: { 200: Envelope(nullable(Renewed)) },
};
