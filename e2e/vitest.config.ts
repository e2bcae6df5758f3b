import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, JOURNEY_TIMEOUT_MS } from './harness/timeouts';

/**
 * End-to-end tests: the real server (child process, embedded PGlite, demo
 * data) driven through Debian's Chromium with playwright-core. Each file
 * starts its own server (its own DATA_DIR and port), SMTP catcher and
 * browser, so two files run at once: a journey mostly waits on the browser and
 * the server (three files took 88 s of CPU in 121 s on a quiet machine), and two overlap those
 * waits. On 2 cores beside the API tests (npm test's other lane), the suite took
 * 749 s instead of 1,094 s, and the API tests 961 s instead of 1,053 s
 * (2026-11-27, both pairs side by side at load 8 to 15).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time (see above); each is a child process with its own server and browser.
    maxWorkers: 2,
    // Hang detectors only; their sizes and why: harness/timeouts.ts.
    testTimeout: JOURNEY_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
});
