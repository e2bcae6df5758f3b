import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { UNIT_TIMEOUTS } from '../../vitest.config';

const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [{ find: /^@encuestas\/core\/(.*)$/, replacement: `${coreSrc}/$1.ts` }],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    ...UNIT_TIMEOUTS,
  },
});
