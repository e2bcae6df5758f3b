import { defineConfig } from 'vitest/config';

/**
 * Hang detectors only, far above the slowest unit test measured on a 2-core
 * machine at load average 12 to 16 (vitest's 5 s default is not): a test
 * asserts behaviour, never speed (that is bench/'s).
 */
export const UNIT_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };

/**
 * Unit tests of the shared core and of the server (no database, no network).
 * The web app has its own packages/web/vitest.config.ts; the API integration
 * tests live in packages/server/test/vitest.config.ts and the end-to-end tests
 * in e2e/vitest.config.ts. `npm test` (scripts/test.mjs) runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'],
          environment: 'node',
          ...UNIT_TIMEOUTS,
        },
      },
    ],
  },
});
