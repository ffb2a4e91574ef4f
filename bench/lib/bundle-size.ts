import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../../scripts/build-if-needed.ts';
import { progress } from './processes.ts';

const DIST = 'dist';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleGroup {
  files: AssetSize[];
  bytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  rebuilt: boolean;
  /** What index.html makes the browser fetch before any lazy route: the module script and its modulepreloads. */
  firstLoadJs: BundleGroup;
  /** The first load plus the lazily loaded home chunk and the chunks it imports statically. */
  homeRouteJs: BundleGroup;
  /** Every stylesheet in dist/assets. */
  css: BundleGroup;
}

function size(file: string): AssetSize {
  const data = readFileSync(path.join(DIST, file));
  return { file, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
}

function group(files: Iterable<string>): BundleGroup {
  const sizes = [...new Set(files)].map(size);
  return {
    files: sizes,
    bytes: sizes.reduce((a, s) => a + s.bytes, 0),
    gzipBytes: sizes.reduce((a, s) => a + s.gzipBytes, 0),
  };
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** dist-relative path of a root-relative URL such as /assets/index-abc.js. */
const distPath = (url: string) => url.replace(/^\//, '').split(/[?#]/)[0]!;

/** The JS files index.html loads up front: <script type="module" src> and <link rel="modulepreload" href>. */
export function firstLoadScripts(html: string): string[] {
  const files: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const a = attrs(m[0].slice(7, -1));
    if (a.type === 'module' && a.src) files.push(distPath(a.src));
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(m[0].slice(5, -1));
    if ((a.rel ?? '').split(/\s+/).includes('modulepreload') && a.href) files.push(distPath(a.href));
  }
  return files;
}

/** A chunk and the chunks it imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(DIST, file), 'utf8');
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},*\s]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  };
  visit(entry);
  return [...seen];
}

export async function measureBundles(): Promise<BundleResult> {
  progress('bundle: buildIfNeeded()');
  const rebuilt = await buildIfNeeded();
  progress(rebuilt ? 'bundle: the site was rebuilt' : 'bundle: the build was up to date');
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const first = firstLoadScripts(html);
  if (!first.length) throw new Error('dist/index.html references no module script');

  const assets = readdirSync(path.join(DIST, 'assets'));
  const home = assets.filter((f) => f.startsWith('home-page-') && f.endsWith('.js'));
  if (home.length !== 1) throw new Error(`expected one home-page-*.js chunk, found ${home.length}`);
  const homeFiles = [...first, ...first.flatMap(staticClosure), ...staticClosure(`assets/${home[0]}`)];
  const css = assets.filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`);

  return {
    rebuilt,
    firstLoadJs: group(first),
    homeRouteJs: group(homeFiles),
    css: group(css),
  };
}
