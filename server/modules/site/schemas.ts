import { Type } from 'typebox';
import { DEFAULT_PLATFORM_TYPE } from '../../../src/protocol/api.ts';
import { Envelope, NoQuery, OptionalBody } from '../../http/schemas.ts';

// Wire shapes of the site area (docs/api.md "Endpoints"; spec §3 pre-info).

const PreInfo = Type.Object({
  SiteBaseConfigVo: Type.Object({
    title: Type.String(),
    webLogoTitleUrl: Type.String(),
    siteDomainUrl: Type.String(),
  }),
  address: Type.String(),
  disablePhones: Type.Array(Type.String()),
  globePhoneNumber: Type.String(),
  ip: Type.String(),
  maintainConfig: Type.Object({
    status: Type.Union([Type.Literal(0), Type.Literal(1)]),
    startTime: Type.Union([Type.String(), Type.Null()]),
    endTime: Type.Union([Type.String(), Type.Null()]),
    notice: Type.String(),
  }),
  siteFestivalSkin: Type.String(),
  siteVideoActiveUrl: Type.String(),
  siteVideoSkinOpen: Type.Boolean(),
  stopLogin: Type.Boolean(),
  stopRegister: Type.Boolean(),
  venueOrigins: Type.Array(Type.String()),
});

const Notice = Type.Object({
  id: Type.Integer(),
  category: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  createdAt: Type.String(),
});

export const preInfoSchema = {
  body: OptionalBody(
    Type.Object(
      {
        platformType: Type.Optional(
          Type.Integer({ minimum: 1, maximum: 99, default: DEFAULT_PLATFORM_TYPE }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  response: { 200: Envelope(PreInfo) },
};

export const signKeySchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Object({ k: Type.String(), v: Type.String() })) },
};

export const signMapSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.String()) },
};

export const noticeListSchema = {
  body: Type.Object(
    { category: Type.Integer({ minimum: 0, maximum: 1000 }) },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Array(Notice)) },
};
