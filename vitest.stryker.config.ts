// The Vitest configuration Stryker (`npm run test:mutation`, stryker.config.mjs) runs: the `unit` and `machines`
// projects only. The `server` and `e2e` projects need a database and a browser; mutation testing does not run
// them (the mutated scope is machines/ and src/ logic, which those two projects cover). For the `machines`
// scope (MUTATION_SCOPE=machines) only the `machines` project runs: see stryker.config.mjs for why.
import { defineConfig } from 'vitest/config';
import { deriveSignMap, DEV_SIGNING_SECRET } from './server/security/signing.ts';

const define = { __API_SIGN_MAP__: JSON.stringify(deriveSignMap(DEV_SIGNING_SECRET)) };

const unit = {
  define,
  test: {
    name: 'unit',
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/support/unit-setup.ts'],
    testTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // Instrumented code on a busy machine: the biggest model replays (socket, app) take several seconds.
    testTimeout: 60_000,
    projects: [
      ...(process.env.MUTATION_SCOPE === 'machines' ? [] : [unit]),
      {
        define,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
