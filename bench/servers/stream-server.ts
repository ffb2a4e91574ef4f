// The real app (buildApp, stream socket included) on an in-memory PGlite database with the demo seed and the
// live chat open. Bench-only setup before listen: BENCH_CHAT_MEMBERS members, each with an open login (a
// session row that began a minute ago), whose member jwts are written as a JSON array to BENCH_JWT_FILE.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { MEMORY_DATA_DIR, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { MEMBER_JWT_TTL_S } from '../../server/modules/member/limits.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { deriveJwtKey, signJwt } from '../../server/security/jwt.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';

const members = Number(process.env.BENCH_CHAT_MEMBERS ?? '0');
const jwtFile = process.env.BENCH_JWT_FILE;
if (!Number.isInteger(members) || members < 0 || members > 10_000) throw new Error('bad BENCH_CHAT_MEMBERS');
if (members > 0 && !jwtFile) throw new Error('BENCH_JWT_FILE is required with BENCH_CHAT_MEMBERS');

const config: ServerConfig = {
  host: '127.0.0.1',
  port: 0,
  dataDir: MEMORY_DATA_DIR,
  databaseUrl: undefined,
  signingSecret: DEV_SIGNING_SECRET,
  staticDir: null,
  seedDemo: true,
  logLevel: 'silent',
  trustProxy: false,
};

const db = await openDatabase({ dataDir: config.dataDir });
await seedDemo(db);
await writeSiteConfig(db, 'siteVideoSkinOpen', true);

if (members > 0) {
  // Phones (86)199xxxxxxxx and invite codes BENCHxxxxxxxx: outside the demo seed's.
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level)
     SELECT '(86)199' || lpad(g::text, 8, '0'), 'none', 'BENCH' || lpad(g::text, 8, '0'), 0
       FROM generate_series(1, $1::int) AS g
     RETURNING id`,
    [members],
  );
  const ids = rows.map((r) => Number(r.id));
  // The socket login needs an open session that began before the jwt was issued.
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, created_at, expires_at)
     SELECT md5('bench-session-' || id::text || '-' || clock_timestamp()::text), id, false,
            now() - interval '1 minute', now() + interval '1 day'
       FROM unnest($1::bigint[]) AS id`,
    [ids],
  );
  const key = deriveJwtKey(config.signingSecret);
  const now = Date.now();
  const jwts = ids.map((id) => signJwt({ sub: id }, key, MEMBER_JWT_TTL_S, now));
  writeFileSync(jwtFile!, JSON.stringify(jwts));
}

// With --expose-gc, SIGUSR2 runs a full collection (the bench reads VmRSS after it, so that the idle and loaded
// figures compare retained memory rather than garbage not yet collected); GC_DONE says when it has run.
const gc = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  gc?.();
  console.log('GC_DONE');
});

const app = await buildApp(config, { db, opsSecret: null });
const address = await app.listen({ host: config.host, port: config.port });
console.log(`LISTENING ${new URL(address).port}`);

const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
