import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers/timeouts';

/**
 * API integration tests: the real app (buildApp + app.inject) on a fresh
 * database per test file. In-memory PGlite by default; a PostgreSQL server
 * when TEST_DATABASE_URL is set (scripts/test.mjs runs both).
 */
export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api-pglite',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/api/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // A worker loads the app's modules once for all its files instead of once per file (about 5 s a file on a
    // busy machine). Each file builds its own app, config and database; the modules keep only caches of constants.
    isolate: false,
    // Hang detectors only; their sizes and why: helpers/timeouts.ts.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
});
