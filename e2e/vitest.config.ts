import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, JOURNEY_TIMEOUT_MS } from './harness/timeouts';

/**
 * End-to-end tests: the real server (child process, embedded PGlite, demo
 * data) driven through Debian's Chromium with playwright-core. One file at a
 * time: each starts its own server and browser.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    // Hang detectors only; their sizes and why: harness/timeouts.ts.
    testTimeout: JOURNEY_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
});
