import { Type, type TSchema } from 'typebox';
import { WECHAT_QR_MAX_URL_LENGTH } from '../../../src/protocol/payout-rules.ts';
import { PAYOUT_KINDS, USDT_NETWORKS } from '../../../src/protocol/payout.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of real-name verification, payout accounts and the fund password (docs/api.md "Payout"). The
// schemas bound sizes and types (10003); the rules themselves answer their own codes (30023, 30031...), so the
// form can name the field.

const nullableString = Type.Union([Type.String(), Type.Null()]);
/** Reads take no input: GET with no query, or POST with an empty (or no) body. */
const NoBody = OptionalBody(Type.Object({}, { additionalProperties: false }));
/** A read answers GET (no query) and POST (no or an empty body) alike. */
const read = <T extends TSchema>(data: T) => ({
  get: { querystring: NoQuery, response: { 200: Envelope(data) } },
  post: { body: NoBody, response: { 200: Envelope(data) } },
});
const fundPasswordField = Type.String({ maxLength: 32 });

const KycStatus = Type.Object({
  verified: Type.Boolean(),
  realName: nullableString,
  idMasked: nullableString,
  verifiedAt: nullableString,
});

const PayoutAccount = Type.Object({
  id: Type.String(),
  kind: StringEnum(PAYOUT_KINDS),
  masked: Type.String(),
  holder: nullableString,
  bankCode: nullableString,
  bankName: nullableString,
  province: nullableString,
  city: nullableString,
  branch: nullableString,
  network: Type.Union([StringEnum(USDT_NETWORKS), Type.Null()]),
  label: nullableString,
  hasQr: Type.Boolean(),
  createdAt: Type.String(),
});

const FundPasswordStatus = Type.Object({
  set: Type.Boolean(),
  triesLeft: Type.Integer(),
  lockedUntil: Type.Union([Type.Integer(), Type.Null()]),
});

const limitsOf = Type.Object(Object.fromEntries(PAYOUT_KINDS.map((k) => [k, Type.Integer()])));

export const kycStatusSchema = read(KycStatus);

export const kycVerifySchema = {
  body: Type.Object(
    {
      realName: Type.String({ minLength: 1, maxLength: 40 }),
      idNumber: Type.String({ minLength: 1, maxLength: 32 }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(KycStatus) },
};

export const banksSchema = read(
  Type.Object({ banks: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })) }),
);

export const accountsSchema = read(
  Type.Object({
    accounts: Type.Array(PayoutAccount),
    limits: limitsOf,
    kycVerified: Type.Boolean(),
    fundPasswordSet: Type.Boolean(),
  }),
);

export const addAccountSchema = {
  body: Type.Object(
    {
      kind: StringEnum(PAYOUT_KINDS),
      account: Type.String({ minLength: 1, maxLength: 128 }),
      bankCode: Type.Optional(Type.String({ maxLength: 16 })),
      province: Type.Optional(Type.String({ maxLength: 32 })),
      city: Type.Optional(Type.String({ maxLength: 32 })),
      // Longer than the rules allow, so the rule answers 30031 naming the field (not a bare 10003).
      branch: Type.Optional(Type.String({ maxLength: 100 })),
      network: Type.Optional(StringEnum(USDT_NETWORKS)),
      label: Type.Optional(Type.String({ maxLength: 60 })),
      qrImage: Type.Optional(Type.String({ maxLength: WECHAT_QR_MAX_URL_LENGTH + 4096 })),
      fundPassword: Type.Optional(fundPasswordField),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(PayoutAccount) },
};

export const deleteAccountSchema = {
  body: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: 24 }), fundPassword: Type.Optional(fundPasswordField) },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ id: Type.String() })) },
};

export const fundPasswordStatusSchema = read(FundPasswordStatus);

export const fundPasswordSetSchema = {
  body: Type.Object({ password: fundPasswordField }, { additionalProperties: false }),
  response: { 200: Envelope(FundPasswordStatus) },
};

export const fundPasswordChangeSchema = {
  body: Type.Object(
    { smsCode: Type.String({ minLength: 1, maxLength: 12 }), password: fundPasswordField },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(FundPasswordStatus) },
};
