import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build as viteBuild, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { deriveSignMap, DEV_SIGNING_SECRET } from './server/security/signing.ts';

const backend = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.API_PORT ?? '8081'}`;
const secret = process.env.API_SIGNING_SECRET ?? DEV_SIGNING_SECRET;

/** Files smaller than this are sent as they are: compression would save less than a packet. */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|wasm)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const p = path.join(dir, e.name);
      // dist/.vite holds the manifest (read by the bench, never served).
      if (e.isDirectory()) return e.name.startsWith('.') ? [] : filesUnder(p);
      return [p];
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` and `file.gz` next to every file over 1 KB under dir (issue 8 §4), so the server sends the
 * best encoding the browser accepts without compressing per request (server/web/site.ts). index.html is
 * rendered per request with the pre-info, so it is not precompressed; source maps only reach devtools.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => PRECOMPRESSIBLE.test(f));
  const written = await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size <= PRECOMPRESS_MIN_BYTES) return 0;
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return 1;
    }),
  );
  return written.reduce<number>((a, b) => a + b, 0);
}

/** Runs precompressDir on the build's output once Vite has written it. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/**
 * The sandbox sportsbook's venue page (issue 11 §4), a second, separate build: src/venue-h5/index.html →
 * dist/sandbox/h5/index.html, its scripts and styles under dist/sandbox/h5/assets/ (URLs /sandbox/h5/assets/…).
 * The back end serves that index.html at /sandbox/venue/<CODE>/ (server/modules/sportsbook). A build of its own
 * rather than a second rollup input: the site's output (its chunks, dist/assets, the one-entry manifest the
 * bench reads) stays exactly as it was, and the page shares no chunk with the site. Runs in writeBundle, so the
 * site's closeBundle precompresses both.
 */
export const VENUE_H5_ROOT = 'src/venue-h5';
export const VENUE_H5_OUT = 'sandbox/h5';
/** The sandbox games' page (issue 12): the same kind of separate build, served for the games' venues. */
export const GAMES_H5_ROOT = 'src/games-h5';
export const GAMES_H5_OUT = 'sandbox/games';

/** The sandbox venue pages' builds, one after the other once the site's bundle is written. */
const SANDBOX_PAGES: ReadonlyArray<{ root: string; out: string }> = [
  { root: VENUE_H5_ROOT, out: VENUE_H5_OUT },
  { root: GAMES_H5_ROOT, out: GAMES_H5_OUT },
];

function venueH5(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let mode = 'production';
  return {
    name: 'venue-h5',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      for (const page of SANDBOX_PAGES)
        await viteBuild({
          configFile: false,
          root: path.resolve(root, page.root),
          base: `/${page.out}/`,
          mode,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react()],
          build: {
            outDir: path.join(outDir, page.out),
            emptyOutDir: true,
            sourcemap: true,
            target: 'es2022',
            // React DOM alone is ~190 kB minified; each page's own code is small.
            chunkSizeWarningLimit: 320,
          },
        });
    },
  };
}

export default defineConfig({
  plugins: [react(), venueH5(), precompress()],
  define: {
    __API_SIGN_MAP__: JSON.stringify(deriveSignMap(secret)),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each entry and lazy area loads (the bench prints each area's own).
    manifest: true,
    // Anything above this is a regression of the first-load budget (issue 3 §5): bench prints the real number.
    chunkSizeWarningLimit: 250,
  },
  server: {
    // `npm run dev`: Vite serves the site, every API group, cache path and the socket go to the back end.
    proxy: {
      '^/(site|act|game|fd|page|agent)/api': backend,
      '/api/api-cache': backend,
      '/api/json-cache': backend,
      '/member-media': backend,
      '/stream': { target: backend, ws: true },
    },
  },
});
