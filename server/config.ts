import path from 'node:path';
import { normaliseOrigin } from './modules/venue/origin.ts';
import { DEV_SIGNING_SECRET } from './security/signing.ts';

export interface ServerConfig {
  host: string;
  port: number;
  /** The embedded database's folder; ignored when databaseUrl is set. `memory://` keeps it in memory (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  signingSecret: string;
  /** Folder of the built site; null serves the API only (tests, `npm run dev`). */
  staticDir: string | null;
  /** Seed demo content into an empty database. */
  seedDemo: boolean;
  logLevel: string;
  /** Trust X-Forwarded-For from these proxies (Fastify trustProxy); off by default. */
  trustProxy: boolean | string;
  /**
   * The origin players reach this server at (PUBLIC_ORIGIN, e.g. https://www.example.com): the sandbox venues'
   * URLs and the pre-info's venueOrigins use it. Unset: the request's own scheme and host (docs/venues.md).
   */
  publicOrigin?: string | null;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';

/** PUBLIC_ORIGIN as an origin (scheme://host[:port]); a value that is not one stops the start. */
function publicOriginFromEnv(text: string): string {
  const origin = normaliseOrigin(text);
  if (!origin) throw new Error(`PUBLIC_ORIGIN must be an http(s) origin, not ${JSON.stringify(text)}`);
  return origin;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? DEFAULT_HOST,
    port: env.PORT ? Number(env.PORT) : DEFAULT_PORT,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    signingSecret: env.API_SIGNING_SECRET ?? DEV_SIGNING_SECRET,
    staticDir: env.SERVE_STATIC === '0' ? null : path.resolve('dist'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : false,
    ...(env.PUBLIC_ORIGIN ? { publicOrigin: publicOriginFromEnv(env.PUBLIC_ORIGIN) } : {}),
  };
}
