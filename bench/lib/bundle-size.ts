import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../../scripts/build-if-needed.ts';
import { ROUTE_TABLE } from '../../src/app/route-table.ts';
import { progress } from './processes.ts';

const DIST = 'dist';
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface BundleGroup {
  files: AssetSize[];
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface AreaBundle {
  area: string;
  /** The area's entry module (src/features/<area>/area.ts or .tsx), or null when the build has none. */
  entry: string | null;
  /** The area's chunk and its static imports that the first load does not already bring. */
  own: BundleGroup | null;
}

export interface BundleResult {
  rebuilt: boolean;
  /** How the first load was found: the Vite manifest, or index.html when the build wrote no manifest. */
  source: 'manifest' | 'index.html';
  /** The entry chunk and its static imports (what the browser fetches before any lazy area). */
  firstLoadJs: BundleGroup;
  /** One row per area of the route table, in table order. */
  areas: AreaBundle[];
  /** Every stylesheet in dist/assets. */
  css: BundleGroup;
}

/** A chunk of dist/.vite/manifest.json (Vite's build.manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function size(file: string): AssetSize {
  const data = readFileSync(path.join(DIST, file));
  return {
    file,
    bytes: data.length,
    gzipBytes: gzipSync(data, { level: 9 }).length,
    brotliBytes: brotliCompressSync(data, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }).length,
  };
}

export function group(files: Iterable<string>): BundleGroup {
  const sizes = [...new Set(files)].map(size);
  return {
    files: sizes,
    bytes: sizes.reduce((a, s) => a + s.bytes, 0),
    gzipBytes: sizes.reduce((a, s) => a + s.gzipBytes, 0),
    brotliBytes: sizes.reduce((a, s) => a + s.brotliBytes, 0),
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

/** The output files of a manifest chunk and of every chunk it imports statically, transitively. */
export function manifestClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`manifest has no chunk ${k}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** A built chunk and the chunks it imports statically (`import … from "./x.js"`), read from the code. */
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

/** The areas of the route table, in the order they first appear. */
export function routeAreas(): string[] {
  return [...new Set(ROUTE_TABLE.map((r) => r.area))];
}

/** The manifest key of an area's entry module, when the build has one. */
export function areaEntry(manifest: Manifest, area: string): string | null {
  for (const ext of ['ts', 'tsx']) {
    const key = `src/features/${area}/area.${ext}`;
    if (manifest[key]) return key;
  }
  return null;
}

export async function measureBundles(): Promise<BundleResult> {
  progress('bundle: buildIfNeeded()');
  const rebuilt = await buildIfNeeded();
  progress(rebuilt ? 'bundle: the site was rebuilt' : 'bundle: the build was up to date');
  const assets = readdirSync(path.join(DIST, 'assets'));
  const css = group(assets.filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`));

  if (!existsSync(MANIFEST)) {
    // Without build.manifest the first load is still readable from index.html; the areas are not.
    progress(`bundle: no ${MANIFEST} (build.manifest off): first load from index.html, areas skipped`);
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const first = firstLoadScripts(html);
    if (!first.length) throw new Error('dist/index.html references no module script');
    return {
      rebuilt,
      source: 'index.html',
      firstLoadJs: group([...first, ...first.flatMap(staticClosure)]),
      areas: routeAreas().map((area) => ({ area, entry: null, own: null })),
      css,
    };
  }

  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry && c.file.endsWith('.js'));
  if (entries.length !== 1) {
    throw new Error(
      `expected one JS entry in ${MANIFEST}, found ${entries.map(([k]) => k).join(', ') || 'none'}`,
    );
  }
  const firstFiles = manifestClosure(manifest, entries[0]![0]);
  const firstSet = new Set(firstFiles);
  const areas = routeAreas().map((area): AreaBundle => {
    const entry = areaEntry(manifest, area);
    if (!entry) return { area, entry: null, own: null };
    return { area, entry, own: group(manifestClosure(manifest, entry).filter((f) => !firstSet.has(f))) };
  });
  return { rebuilt, source: 'manifest', firstLoadJs: group(firstFiles), areas, css };
}
