import { defineConfig } from 'vitest/config';
import { deriveSignMap, DEV_SIGNING_SECRET } from './server/security/signing.ts';

const define = { __API_SIGN_MAP__: JSON.stringify(deriveSignMap(DEV_SIGNING_SECRET)) };

const projects = [
  {
    define,
    test: {
      name: 'unit',
      environment: 'jsdom',
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/support/unit-setup.ts'],
    },
  },
  {
    define,
    // The model tests replay thousands of steps: under coverage on a busy 2-core machine 5 s is too short.
    test: {
      name: 'machines',
      environment: 'node',
      include: ['tests/machines/**/*.test.ts'],
      testTimeout: 20_000,
    },
  },
  {
    define,
    // issue 18 §2: the machines' generated paths on the rendered app, against the real server (one per file).
    test: {
      name: 'ui',
      environment: 'jsdom',
      include: ['tests/ui/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/support/unit-setup.ts'],
      // A path of many steps on two busy cores, each file beside its own server process.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  {
    test: {
      name: 'server',
      environment: 'node',
      include: ['tests/server/**/*.test.ts'],
      globalSetup: ['tests/support/server-global-setup.ts'],
      env: { TEST_DB_DRIVER: 'pglite' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['tests/e2e/**/*.test.ts'],
      globalSetup: ['tests/support/e2e-global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 180_000,
      fileParallelism: false,
    },
  },
];

// The server suite runs a second time against a real PostgreSQL when DATABASE_URL is set (CI sets it).
if (process.env.DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-pg',
      environment: 'node',
      include: ['tests/server/**/*.test.ts'],
      globalSetup: ['tests/support/server-global-setup.ts'],
      env: { TEST_DB_DRIVER: 'pg' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
}

// Coverage (v8) of what runs inside the test processes: `npm test` turns it on (`vitest run --coverage`); the
// per-project scripts leave it off. The e2e project's server runs in its own process, so only the unit,
// machines and server projects count. tests/support/summary-reporter.ts prints lines per folder against
// the targets (machines/ 95 %, src/ 85 %, server/ 85 %); a threshold below is on only where the suite meets it
// (docs/testing.md has the figures and the gaps).
const coverage = {
  provider: 'v8' as const,
  include: ['machines/**/*.ts', 'src/**/*.{ts,tsx}', 'server/**/*.ts'],
  exclude: ['**/*.d.ts'],
  // The summary reporter prints the figures (per folder, and all files) before the closing `vitest:` line;
  // coverage/coverage-summary.json is for tools. (A text reporter would print after the closing line.)
  reporter: ['json-summary' as const],
  reportsDirectory: 'coverage',
  // The figures and gaps print even when a test fails (the summary reporter's table comes either way).
  reportOnFailure: true,
  // Issue 18 §3: npm test fails under these. Measured 2026-11-23 with PostgreSQL: machines/ 95.8 %, src/ 99.0 %,
  // server/ 98.3 % of lines (the UI model tests count for src/; server/ stays above 85 % without PostgreSQL too).
  thresholds: { 'machines/**': { lines: 95 }, 'src/**': { lines: 85 }, 'server/**': { lines: 85 } },
};

export default defineConfig({
  test: { projects, coverage, reporters: ['default', './tests/support/summary-reporter.ts'] },
});
