import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
