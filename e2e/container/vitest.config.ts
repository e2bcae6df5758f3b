import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BUILD_TIMEOUT_MS, STEP_TIMEOUT_MS } from './timeouts';

/**
 * `npm run test:container`: the image built from the Dockerfile and run with
 * podman, signed in to and answered through (container.test.ts).
 */
export default defineConfig({
  test: {
    name: 'container',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['container.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: STEP_TIMEOUT_MS,
    hookTimeout: BUILD_TIMEOUT_MS,
  },
});
