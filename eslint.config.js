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
 * One zone per feature, read from the folder, so a new feature is covered
 * without editing this file. The rule resolves each import (TypeScript
 * extensions included), so `../b/x`, `../../features/b/x` and `./../b/x`
 * are the same path to it.
 */
function featureZones(srcDir, entries) {
  const featuresDir = `${srcDir}/features`;
  const features = readdirSync(path.join(ROOT, featuresDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `${featuresDir}/${other}`),
    except: entries,
    message: `Another feature is reached only through its ${entries.map((entry) => entry.slice(2)).join(' or ')}: export what ${feature} needs there, or move shared code out of features/.`,
  }));
}

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
    extends: [reactHooks.configs.flat['recommended-latest']],
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
          zones: [...featureZones('packages/server/src', ['./index.ts', './service.ts'])],
        },
      ],
    },
  },
);
