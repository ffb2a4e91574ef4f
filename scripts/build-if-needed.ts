import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEV_SIGNING_SECRET } from '../server/security/signing.ts';

// `npm start` builds the site only when its inputs changed since the last build (a stamp in dist/).
const INPUTS = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const STAMP = path.join('dist', '.build-stamp');

function walk(p: string, out: string[]): void {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(`${p}:${st.size}:${st.mtimeMs}`);
}

export function inputStamp(): string {
  const files: string[] = [];
  for (const input of INPUTS) walk(input, files);
  // The signing secret is compiled into the client (spec §7 X-API-XXX), so a new secret needs a new build.
  const secret = process.env.API_SIGNING_SECRET ?? DEV_SIGNING_SECRET;
  return createHash('sha256').update(files.join('\n')).update(secret).digest('hex');
}

export async function buildIfNeeded(): Promise<boolean> {
  const stamp = inputStamp();
  if (
    existsSync(path.join('dist', 'index.html')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === stamp
  )
    return false;
  const { build } = await import('vite');
  // A production build whatever the caller's NODE_ENV (the test runner sets 'test', which would bundle
  // React's development build).
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production' });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  writeFileSync(STAMP, stamp);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfNeeded().then((built) => console.log(built ? 'Built the site.' : 'The site is up to date.'));
}
