import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { entryKey, staticFiles, type BuildManifest } from '../../scripts/page-chunks.mjs';
import { matchSpaRoute } from '../core/src/spa-routes';

const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

/** Each React entry point and its Preact counterpart (TypeScript still checks against React's types). */
const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * React Router's package exports only its development build, whose warnings
 * the production build leaves out (the two differ in that one flag): the
 * build takes the production files by path.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: `${reactRouterDist}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDist}/dom-export.mjs` },
];

/**
 * Everything the entry loads itself (Preact, the router, MUI's core, the app
 * shell) in one file, not a dozen: on a phone's network each file costs a
 * round trip (six at a time over HTTP/1.1), and one file compresses better
 * than its parts (−11 files and −5 kB gz per respondent page, Lighthouse LCP
 * −0.2 to −0.3 s; docs/benchmarks.md). Pages keep their own chunks.
 */
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [{ name: 'framework', tags: ['$initial'] }];

/** Below this a file is sent as it is: compressing it would save next to nothing (scripts/bundle-budgets.mjs agrees). */
const PRECOMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Writes dist/route-preloads.json: for each respondent page of bundle-budgets.json,
 * keyed by its route pattern, the files it loads first beyond the entry's (which
 * index.html already preloads). The server adds them to that route's HTML shell as
 * modulepreload links (packages/server/src/http/web-app.ts), so the page's own
 * code downloads with the entry instead of after it has run: on a slow phone
 * network, one round trip less before the page can paint.
 */
function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'encuestas-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
      const budgets = JSON.parse(readFileSync(new URL('./bundle-budgets.json', import.meta.url), 'utf8')) as { pages: { page: string; lazy: string[] }[] };
      const entry = entryKey(manifest);
      const shared = entry ? staticFiles(manifest, [entry]).files : new Set<string>();
      const preloads: Record<string, string[]> = {};
      for (const { page, lazy } of budgets.pages) {
        const route = matchSpaRoute(page)?.route;
        if (!route) throw new Error(`bundle-budgets.json names ${page}, which is no page of the app (core/src/spa-routes.ts)`);
        preloads[route] = [...staticFiles(manifest, lazy).files].filter((file) => !shared.has(file));
      }
      writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

export default defineConfig(({ command }) => ({
  base: '/encuestas/',
  plugins: [
    react(),
    routePreloads(),
    // Each asset also as .br and .gz beside it, at the strongest settings: the
    // server picks one by Accept-Encoding (packages/server/src/http/web-app.ts)
    // and never compresses at request time. index.html is left out: the server
    // rewrites it per deployment.
    compression({
      algorithms: [
        ['brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }],
        ['gzip', { level: 9 }],
      ],
      include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
      exclude: /\.vite\//,
      threshold: PRECOMPRESS_THRESHOLD_BYTES,
      deleteOriginalAssets: false,
    }),
  ],
  resolve: {
    alias: [
      // core is used from source (no build step); the alias keeps that true even
      // where the workspace symlink is missing.
      { find: /^@encuestas\/core\/(.*)$/, replacement: `${coreSrc}/$1.ts` },
      // Preact runs the app in place of React (the code, MUI, React Router and
      // react-query are written against React's API, which preact/compat
      // implements): react-dom alone was 60 kB gz of every page's 170 kB budget,
      // Preact with its compat layer is about 7 (docs/benchmarks.md). MUI X's date
      // field needs src/app/preact-react-parity.ts, which main.tsx imports first.
      ...PREACT_FOR_REACT,
      ...(command === 'build' ? REACT_ROUTER_PRODUCTION : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/encuestas/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-budgets.mjs walks it to find what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
}));
