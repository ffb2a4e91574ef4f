import { Type } from 'typebox';
import {
  COUNTRIES,
  INVITE_CODE_PATTERN,
  LANDING_CODE_MAX,
  LANDING_CODE_PATTERN,
  PASSWORD_MAX,
  SMS_CODE_PATTERN,
} from '../../../src/protocol/member.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the member area (docs/api.md "Accounts"). Shapes only: the business rules (phone format per
// country, password format, mismatch...) answer their own codes from the service.

const countryCode = StringEnum(COUNTRIES.map((c) => c.code));
const phone = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' });
const password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX * 4 });
const smsCode = Type.String({ pattern: SMS_CODE_PATTERN.source });
/** A landing code (spec §4): stored as given, so no control characters (PostgreSQL text refuses NUL). */
const landingCode = Type.Optional(
  Type.String({ maxLength: LANDING_CODE_MAX, pattern: LANDING_CODE_PATTERN.source }),
);

const Auth = Type.Object({
  token: Type.String(),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
  userName: Type.String(),
});

export const smsSendSchema = {
  body: Type.Object(
    { countryCode, phone, purpose: StringEnum(['register', 'reset', 'fundPassword'] as const) },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ resendAfter: Type.Integer() })) },
};

export const registerSchema = {
  body: Type.Object(
    {
      countryCode,
      phone,
      smsCode,
      password,
      confirmPassword: password,
      inviteCode: Type.Optional(
        Type.String({
          maxLength: 16,
          anyOf: [{ const: '' }, { pattern: INVITE_CODE_PATTERN.source }],
        }),
      ),
      referral: Type.Optional(
        Type.Object(
          { i_code: landingCode, r_code: landingCode, r_bet: landingCode, invite_code: landingCode },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Auth) },
};

export const loginSchema = {
  body: Type.Object(
    { countryCode, phone, password, remember: Type.Boolean() },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Auth) },
};

export const resetPasswordSchema = {
  body: Type.Object(
    { countryCode, phone, smsCode, password, confirmPassword: password },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Null()) },
};

export const logoutSchema = {
  // The site posts no body (or {}): nothing is read from it.
  body: OptionalBody(Type.Object({}, { additionalProperties: false })),
  response: { 200: Envelope(Type.Null()) },
};

export const memberInfoSchema = {
  body: OptionalBody(
    Type.Object(
      { withLockMoney: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: Envelope(
      Type.Object({
        userId: Type.Integer(),
        userName: Type.String(),
        phone: Type.String(),
        countryCode: Type.String(),
        vipLevel: Type.Integer(),
        inviteCode: Type.String(),
        registeredAt: Type.String(),
        /** withLockMoney: 1 — the central wallet, fen (issue 9 §2). */
        balance: Type.Optional(Type.Integer()),
        lockMoney: Type.Optional(Type.Integer()),
      }),
    ),
  },
};

export const memberJwtSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Object({ jwt: Type.String(), expiresIn: Type.Integer() })) },
};
