import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    // Hang detectors, far above the slowest runs measured on a 2-core machine
    // kept busy by two CPU burners: the longest journey 134 s (hundreds of
    // browser round trips), a server start 5 to 7 s, a web build under 60 s.
    testTimeout: 400_000,
    hookTimeout: 300_000,
  },
});
