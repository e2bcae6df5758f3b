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
    // Hang detectors, far above the slowest runs measured on a busy 2-core
    // machine: a journey 95 s, a file's start (web build, server, browser)
    // under 60 s.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
