import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { UNIT_TIMEOUTS } from '../../vitest.config';
import { PREACT_FOR_REACT } from './preact-aliases';

const root = fileURLToPath(new URL('.', import.meta.url));
const coreAlias = { find: /^@encuestas\/core\/(.*)$/, replacement: `${fileURLToPath(new URL('../core/src', import.meta.url))}/$1.ts` };
/** Testing Library's ES module build, whose imports of React the aliases can reach (its CommonJS build requires React itself). */
const testingLibraryReact = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);

/**
 * The web's unit tests in Node (`web`), and its component tests
 * (`*.dom.test.tsx`) in happy-dom (`web-dom`). Component tests render on
 * Preact as the app does: the build's aliases apply, and Preact and the
 * libraries that import React are bundled through them (inline), in their ES
 * module builds as the build takes them (`module`, `browser`), rather than
 * loaded by Node, which would find React itself. The unit tests keep Node's
 * way, which loads those libraries faster.
 */
export default defineConfig({
  test: {
    projects: [
      {
        root,
        resolve: { alias: [coreAlias] },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.dom.test.tsx'],
          environment: 'node',
          ...UNIT_TIMEOUTS,
        },
      },
      {
        root,
        resolve: {
          alias: [
            coreAlias,
            { find: /^@testing-library\/react$/, replacement: testingLibraryReact },
            // Testing Library's act(), which the build has no use for.
            { find: /^react-dom\/test-utils$/, replacement: 'preact/compat/test-utils' },
            ...PREACT_FOR_REACT,
          ],
          conditions: ['module', 'browser', 'development|production'],
        },
        test: {
          name: 'web-dom',
          include: ['src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/test-support/dom-setup.ts'],
          // A worker loads Preact, MUI and the app's modules once for all its files, not once a file (most of
          // this project's time). The harness (dom-setup.ts) resets the screen, query cache, storage and fetch
          // after each test; the modules keep no other state between files.
          isolate: false,
          server: { deps: { inline: [/[\\/]preact[\\/]/, /@testing-library\/react/, /@mui\//, /@emotion\//, /react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform\//] } },
          // Hang detectors: above dom-setup.ts's 90 s wait for what a screen shows.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
