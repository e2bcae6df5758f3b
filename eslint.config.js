// Flat config: eslint's recommended rules everywhere, typescript-eslint's for
// TypeScript, React hooks rules for the web app, feature boundaries for the
// server and the web app.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

const ROOT = import.meta.dirname;

/**
 * Feature boundaries (docs/ARCHITECTURE.md, «Boundaries»): a file in
 * features/A imports another feature B only through B's public entries
 * (`entries`, relative to B's folder); anything else is B's own business.
 * Zones are read from the features folder, so a new feature is covered
 * without editing this file. The rule resolves each import (TypeScript
 * extensions included), so `../b/x`, `../../features/b/x` and `./../b/x`
 * are the same path to it. `exceptions` lists the imports allowed past an
 * entry, each with its reason.
 */
function featureZones(srcDir, entries, exceptions = []) {
  const featuresDir = `${srcDir}/features`;
  const features = readdirSync(path.join(ROOT, featuresDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${featuresDir}/${feature}`,
        from: `${featuresDir}/${other}`,
        except: [
          ...entries,
          ...exceptions.filter((e) => e.importer === feature && e.feature === other).map((e) => `./${e.module}`),
        ],
        message: `Another feature is reached only through its ${entries.map((entry) => entry.slice(2)).join(' or ')}: export what ${feature} needs there, or move shared code out of features/.`,
      })),
  );
}

/** Imports of another feature's internals that stay, and why. */
const WEB_BOUNDARY_EXCEPTIONS = [
  {
    importer: 'admin-auth',
    feature: 'student-auth',
    module: 'components/student-login-page.tsx',
    reason:
      "The institution sign-in settings are read in the respondent login's own module so /login loads one file fewer (bundle budgets); the back-office login reads them there. Through student-auth's index they would join every respondent page that uses the session hooks.",
  },
];

const WEB_SRC = 'packages/web/src';
/** Outside features/: the app shell and routes, and the shared code, reach a feature only through its index. */
const WEB_FEATURES_GLOB = path.join(ROOT, WEB_SRC, 'features/**');
const WEB_FEATURE_INDEX = path.join(ROOT, WEB_SRC, 'features/*/index.ts');
const WEB_SHELL_ZONES = [
  {
    // The routes load each page (and layout) module lazily, one chunk per page: a barrel cannot be split so.
    target: `${WEB_SRC}/app`,
    from: [WEB_FEATURES_GLOB],
    except: [WEB_FEATURE_INDEX, ...['page', 'pages', 'layout'].map((kind) => path.join(ROOT, WEB_SRC, `features/*/components/*-${kind}.tsx`))],
    message: 'The app reaches a feature through its index.ts, or a page or layout module it loads lazily.',
  },
  {
    target: ['api', 'components', 'hooks', 'survey-runner', 'main.tsx'].map((dir) => `${WEB_SRC}/${dir}`),
    from: [WEB_FEATURES_GLOB],
    except: [WEB_FEATURE_INDEX],
    message: 'Shared code reaches a feature only through its index.ts.',
  },
];

export default defineConfig(
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    'packages/server/drizzle/**',
    'data/**',
    '.test-tmp/**',
    '.tsbuild/**',
    'coverage/**',
  ]),
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    // The rules of hooks only. The plugin's recommended set adds the React Compiler's rules (static-components,
    // purity, refs, …), which run the compiler over every component: 72 s of the lint's 97 s of CPU on a
    // 2-core machine, for a compiler this app does not use (it renders on Preact; docs/ARCHITECTURE.md).
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Browser code that page.evaluate() runs inside Chromium.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            // The server's composition root (app.ts, main.ts, cli.ts, the seeds) wires each feature's routes and jobs: not a zone.
            ...featureZones('packages/server/src', ['./index.ts', './service.ts']),
            ...featureZones(WEB_SRC, ['./index.ts'], WEB_BOUNDARY_EXCEPTIONS),
            ...WEB_SHELL_ZONES,
          ],
        },
      ],
    },
  },
);
