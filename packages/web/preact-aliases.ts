/**
 * Each React entry point and its Preact counterpart (TypeScript still checks
 * against React's types): the build (vite.config.ts) and the component tests
 * (vitest.config.ts) both take them, so the tests run what ships.
 */
export const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
