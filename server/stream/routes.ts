import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADER } from '../../src/protocol/api.ts';
import {
  MSG,
  STREAM_CLOSE,
  STREAM_INFO_PATH,
  STREAM_PATH,
  type StreamInfo,
} from '../../src/protocol/stream.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../http/envelope.ts';
import { envelope, NoQuery } from '../http/schemas.ts';
import { DEVICE_UUID_PATTERN } from '../http/device.ts';
import { refusalFor, type Refusal } from '../modules/access/refusal.ts';
import { callerStanding } from '../modules/access/restrictions.ts';
import { cachedSiteConfig } from '../modules/site/config.ts';
import { deriveJwtKey } from '../security/jwt.ts';
import { encodeFrame } from './frames.ts';
import { StreamHub } from './hub.ts';
import { DEFAULT_STREAM_OPTIONS, type StreamOptions } from './options.ts';

/** Largest message a client may send (a login's jwt, a chat message); larger closes the socket (1009). */
export const STREAM_MAX_PAYLOAD_BYTES = 8 * 1024;

/**
 * The device id of a socket request. A browser's WebSocket cannot set headers, so besides X-API-UUID the
 * cookie of that name (same site) and a `uuid` query value (another host) count.
 */
/** A cookie value as its percent-escapes say, or undefined when they are malformed (never a thrown URIError). */
function decodedOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function socketDeviceUuid(req: FastifyRequest): string | undefined {
  const header = req.headers[HEADER.uuid.toLowerCase()];
  const cookie = /(?:^|;\s*)X-API-UUID=([^;]+)/i.exec(req.headers.cookie ?? '')?.[1];
  const query = (req.query as { uuid?: unknown } | undefined)?.uuid;
  for (const v of [header, cookie && decodedOrUndefined(cookie), query]) {
    if (typeof v === 'string' && DEVICE_UUID_PATTERN.test(v)) return v;
  }
  return undefined;
}

/**
 * The socket (spec §4, §7): GET STREAM_PATH upgrades to a WebSocket, for anonymous visitors too (the login is
 * a message on the open socket). It is outside the signature groups, so the API guard does not see it; the
 * same restriction check applies here (refusalFor: caveat 6031, blocked 6033, blocked device 10102), answered
 * over the socket as an error message followed by a close (4003), since a browser cannot read a refused
 * upgrade's response. Also GET STREAM_INFO_PATH: where the site connects.
 */
export async function streamRoutes(
  app: FastifyInstance,
  deps: { db: Db; secret: string; options?: Partial<StreamOptions> },
): Promise<StreamHub> {
  const { db } = deps;
  const options: StreamOptions = {
    ...DEFAULT_STREAM_OPTIONS,
    ...deps.options,
    chat: { ...DEFAULT_STREAM_OPTIONS.chat, ...deps.options?.chat },
  };
  const hub = new StreamHub(db, deriveJwtKey(deps.secret), options, app.log);
  await hub.start();
  // Before the plugin's own preClose (hooks run in order): sockets are told and closed gracefully, then the
  // plugin closes whatever is left and stops taking upgrades.
  app.addHook('preClose', () => hub.close());
  await app.register(websocket, { options: { maxPayload: STREAM_MAX_PAYLOAD_BYTES } });

  const refusals = new WeakMap<FastifyRequest, Refusal>();
  app.get(
    STREAM_PATH,
    {
      websocket: true,
      // The HTTP guard's own check (spec §8): one function decides for both.
      preHandler: async (req) => {
        const refusal = refusalFor(await callerStanding(db, req.ip, socketDeviceUuid(req)));
        if (refusal) refusals.set(req, refusal);
      },
    },
    (socket, req) => {
      const refusal = refusals.get(req);
      if (refusal) {
        socket.send(encodeFrame(MSG.error, refusal));
        socket.close(STREAM_CLOSE.refused);
        return;
      }
      // No login needed to open (spec §4): the socket is anonymous until a 10001 with the member jwt.
      hub.attach(socket, { ip: req.ip, deviceUuid: socketDeviceUuid(req) });
    },
  );

  app.get(
    STREAM_INFO_PATH,
    {
      schema: {
        querystring: NoQuery,
        response: {
          200: envelope({
            type: 'object',
            properties: {
              host: { type: 'string' },
              path: { type: 'string' },
              heartbeatMs: { type: 'integer' },
            },
          }),
        },
      },
    },
    async () => {
      const { streamHost } = await cachedSiteConfig(db);
      return ok<StreamInfo>({
        host: streamHost,
        path: STREAM_PATH,
        heartbeatMs: options.heartbeatIntervalMs,
      });
    },
  );
  return hub;
}
