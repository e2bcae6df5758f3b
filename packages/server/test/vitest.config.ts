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
    // Hang detectors only; their sizes and why: helpers/timeouts.ts.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
});
