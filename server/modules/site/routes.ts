import type { FastifyInstance } from 'fastify';
import { CODE, DEFAULT_PLATFORM_TYPE } from '../../../src/protocol/api.ts';
import type { Db } from '../../db/db.ts';
import { fail, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import { envelope } from '../../http/schemas.ts';
import { deriveMapCipher, encryptSignMap, type SignMap } from '../../security/signing.ts';
import { readPreInfo } from './config.ts';
import { listNotices } from './notices.ts';

const preInfoSchema = {
  type: 'object',
  properties: {
    SiteBaseConfigVo: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        webLogoTitleUrl: { type: 'string' },
        siteDomainUrl: { type: 'string' },
      },
    },
    address: { type: 'string' },
    disablePhones: { type: 'array', items: { type: 'string' } },
    globePhoneNumber: { type: 'string' },
    ip: { type: 'string' },
    maintainConfig: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        startTime: { type: ['string', 'null'] },
        endTime: { type: ['string', 'null'] },
        notice: { type: 'string' },
      },
    },
    siteFestivalSkin: { type: 'string' },
    siteVideoActiveUrl: { type: 'string' },
    siteVideoSkinOpen: { type: 'boolean' },
    stopLogin: { type: 'boolean' },
    stopRegister: { type: 'boolean' },
  },
} as const;

const noticeSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    category: { type: 'integer' },
    title: { type: 'string' },
    content: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

export function siteRoutes(app: FastifyInstance, deps: { db: Db; secret: string; signMap: SignMap }): void {
  const { db } = deps;
  const cipher = deriveMapCipher(deps.secret);
  const encryptedMap = encryptSignMap(deps.signMap, cipher);

  app.post<{ Body: { platformType?: number } | undefined }>(
    '/site/api/v1/configuration/preInfo',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: {
            platformType: { type: 'integer', minimum: 1, maximum: 99, default: DEFAULT_PLATFORM_TYPE },
          },
          additionalProperties: false,
        },
        response: { 200: envelope(preInfoSchema) },
      },
    },
    async (req) => {
      const info = await readPreInfo(db, req.ip);
      // spec §8 6032: an alert restriction still delivers the pre-info, so the site can weigh maintenance first.
      return req.restriction === 'alert'
        ? fail(CODE.accessAlert, SERVER_MESSAGE.accessAlert, info)
        : ok(info);
    },
  );

  // Bootstrap of the signature map (spec §7): key and iv, then the encrypted map. Both unsigned.
  app.get(
    '/site/api/v1/sec/Hf6dtBdmHx',
    {
      schema: {
        response: {
          200: envelope({ type: 'object', properties: { k: { type: 'string' }, v: { type: 'string' } } }),
        },
      },
    },
    async () => ok({ k: cipher.key.toString('base64'), v: cipher.iv.toString('base64') }),
  );
  app.get(
    '/site/api/v1/configuration/vvPretty',
    { schema: { response: { 200: envelope({ type: 'string' }) } } },
    async () => ok(encryptedMap),
  );

  app.post<{ Body: { category: number } }>(
    '/site/api/v1/advertising/queryNoticeList',
    {
      schema: {
        body: {
          type: 'object',
          required: ['category'],
          properties: { category: { type: 'integer', minimum: 0, maximum: 1000 } },
          additionalProperties: false,
        },
        response: { 200: envelope({ type: 'array', items: noticeSchema }) },
      },
    },
    async (req) => ok(await listNotices(db, req.body.category)),
  );
}
