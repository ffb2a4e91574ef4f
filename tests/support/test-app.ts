import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/db.ts';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { API_VERSION, HEADER, SITE_ID, signGroupOf } from '../../src/protocol/api.ts';
import { createTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
  /** inject() with the headers a real client sends (spec §7); extra headers override them. */
  call(
    opts: InjectOptions & { url: string },
  ): Promise<{ status: number; body: { status_code: number; message: string; data: any } }>;
}

export const testConfig = (over: Partial<ServerConfig> = {}): ServerConfig => ({
  host: '127.0.0.1',
  port: 0,
  dataDir: 'memory://',
  databaseUrl: undefined,
  signingSecret: DEV_SIGNING_SECRET,
  staticDir: null,
  seedDemo: false,
  logLevel: 'silent',
  trustProxy: false,
  ...over,
});

export function clientHeaders(url: string, secret = DEV_SIGNING_SECRET): Record<string, string> {
  const group = signGroupOf(url);
  return {
    [HEADER.client]: 'web',
    [HEADER.version]: API_VERSION,
    [HEADER.site]: SITE_ID,
    [HEADER.uuid]: 'test-device-0001',
    ...(group ? { [HEADER.signature]: deriveSignMap(secret)[group] } : {}),
  };
}

export async function createTestApp(
  over: Partial<ServerConfig> = {},
  opts: { db?: Db; opsSecret?: string } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await createTestDb());
  const app = await buildApp(testConfig(over), { db, opsSecret: opts.opsSecret ?? null });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
    async call(o) {
      const res = await app.inject({
        ...o,
        headers: { ...clientHeaders(o.url), ...((o.headers as Record<string, string>) ?? {}) },
      });
      return { status: res.statusCode, body: res.json() };
    },
  };
}
