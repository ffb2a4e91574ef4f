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
    test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] },
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

export default defineConfig({
  test: { projects, reporters: ['default', './tests/support/summary-reporter.ts'] },
});
