import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    // Hang detectors, far above the slowest runs measured on a 2-core machine
    // kept busy by two CPU burners (docs/security.md, "The test suite holds
    // on a busy machine"): a whole test file took 17 s at most, a platform
    // start on a database copied from the migrated template 3 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
