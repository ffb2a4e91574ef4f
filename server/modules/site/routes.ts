import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { deriveMapCipher, encryptSignMap, type SignMap } from '../../security/signing.ts';
import { cachedSiteConfig, cachedSiteConfigNow, type SiteConfig } from './config.ts';
import { listNotices } from './notices.ts';
import { venueOriginsJsonOf } from '../venue/origin.ts';
import { preInfoJson } from './pre-info-answer.ts';
import { noticeListSchema, preInfoSchema, signKeySchema, signMapSchema } from './schemas.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends the pre-info text (pre-info-answer.ts): the JSON of exactly this route's 200 schema type; Fastify sends
 * a string with a JSON content type as it is. Module level, not a closure per request (docs/decisions/0013).
 */
function sendPreInfo(
  reply: FastifyReply,
  config: SiteConfig,
  ip: string,
  alert: boolean,
  venueOriginsJson: string,
): void {
  void reply.type(JSON_TYPE).send(preInfoJson(config, ip, alert, venueOriginsJson));
}

export interface SiteModuleOptions {
  db: Db;
  secret: string;
  signMap: SignMap;
  /** The configured public origin (PUBLIC_ORIGIN), else each request's own: pre-info venueOrigins. */
  publicOrigin?: string | null;
}

/** The site area (/site/api): pre-info, the signature-map bootstrap and notices. */
export const siteModule: FastifyPluginAsyncTypebox<SiteModuleOptions> = async (app, deps) => {
  const { db } = deps;
  const cipher = deriveMapCipher(deps.secret);
  const encryptedMap = encryptSignMap(deps.signMap, cipher);
  const key = { k: cipher.key.toString('base64'), v: cipher.iv.toString('base64') };

  app.post(
    '/site/api/v1/configuration/preInfo',
    // Always far below the 1 KB compression threshold: the hot path skips the compression hook entirely.
    { schema: preInfoSchema, compress: false },
    (req, reply) => {
      // spec §8 6032: an alert restriction still delivers the pre-info, so the site can weigh maintenance first.
      const alert = req.restriction === 'alert';
      // Synchronous while the configuration is cached (almost always): no promise on the hot path.
      const config = cachedSiteConfigNow(db);
      const origins = venueOriginsJsonOf(req, deps.publicOrigin);
      if (config) return sendPreInfo(reply, config, req.ip, alert, origins);
      return cachedSiteConfig(db).then((loaded) => sendPreInfo(reply, loaded, req.ip, alert, origins));
    },
  );

  // Bootstrap of the signature map (spec §7): key and iv, then the encrypted map. Both unsigned.
  app.get('/site/api/v1/sec/Hf6dtBdmHx', { schema: signKeySchema }, async () => ok(key));
  app.get('/site/api/v1/configuration/vvPretty', { schema: signMapSchema }, async () => ok(encryptedMap));

  app.post('/site/api/v1/advertising/queryNoticeList', { schema: noticeListSchema }, async (req) =>
    ok(await listNotices(db, req.body.category)),
  );
};
