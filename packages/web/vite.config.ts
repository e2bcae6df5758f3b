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
import { PREACT_FOR_REACT } from './preact-aliases';

const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

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

const respondentRoutesModule = fileURLToPath(new URL('src/app/respondent-routes.tsx', import.meta.url));
/** What may join the respondent kit: UI and data libraries and the web app's own code (not core's, whose schemas bring zod). */
const RESPONDENT_KIT_CANDIDATE = /node_modules[\\/](@mui|@tanstack)[\\/]|packages[\\/]web[\\/]src[\\/]/;
/** Shared by at least this many of the respondent pages; two would bring a form's code to the sign-in pages. */
const RESPONDENT_KIT_MIN_PAGES = 3;

/** The modules `roots` load statically (themselves included). */
function staticClosure(ctx: Rolldown.ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const respondentPages = (ctx: Rolldown.ChunkingContext) => ctx.getModuleInfo(respondentRoutesModule)?.dynamicallyImportedIds ?? [];

/** Candidates that at least RESPONDENT_KIT_MIN_PAGES respondent pages (respondent-routes.tsx's lazy imports) load statically. */
function respondentKit(ctx: Rolldown.ChunkingContext): Set<string> {
  const pagesLoading = new Map<string, number>();
  for (const page of respondentPages(ctx)) for (const id of staticClosure(ctx, [page])) pagesLoading.set(id, (pagesLoading.get(id) ?? 0) + 1);
  return new Set(
    [...pagesLoading].filter(([id, count]) => count >= RESPONDENT_KIT_MIN_PAGES && RESPONDENT_KIT_CANDIDATE.test(id)).map(([id]) => id),
  );
}

const adminLayoutModule = fileURLToPath(new URL('src/features/admin/components/admin-layout.tsx', import.meta.url));
/** The router's layout of the pages drawn with MUI (its theme, emotion), which the back office loads with its layout. */
const muiThemeModule = fileURLToPath(new URL('src/app/mui-theme.tsx', import.meta.url));
/** What may join the back office's kits: any library but zod (core's schemas, which its screens load with their forms), and the web app's own code. */
const BACK_OFFICE_KIT_CANDIDATE = /node_modules[\\/](?!zod[\\/])|packages[\\/]web[\\/]src[\\/]/;
const routerModule = fileURLToPath(new URL('src/app/router.tsx', import.meta.url));
const mainModule = fileURLToPath(new URL('src/main.tsx', import.meta.url));
const landingPageModule = fileURLToPath(new URL('src/features/landing/components/landing-page.tsx', import.meta.url));

/** The modules `roots` load, statically or on demand (themselves included). */
function reachable(ctx: Rolldown.ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

/**
 * Every module a respondent may load, at once or later (a form's text field,
 * the first message's snackbar): the respondent pages and what the entry
 * loads on demand other than the router's pages, and all they import.
 */
function respondentModules(ctx: Rolldown.ChunkingContext): Set<string> {
  const onDemand = [...staticClosure(ctx, [mainModule])]
    .filter((id) => id !== routerModule)
    .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => id !== respondentRoutesModule);
  return reachable(ctx, [...respondentPages(ctx), ...onDemand]);
}

/** Outside the entry, what the back office's layout and MUI's theme load at once (the layout's own module left out: it is its page's). */
function backOfficeLayoutModules(ctx: Rolldown.ChunkingContext): string[] {
  return [...staticClosure(ctx, [adminLayoutModule, muiThemeModule])].filter((id) => id !== adminLayoutModule && BACK_OFFICE_KIT_CANDIDATE.test(id));
}

/**
 * What the back office's layout (around every back-office page) loads and no
 * other page ever does: MUI's buttons, menus and drawer among them, which
 * left the entry once the respondent pages stopped using them.
 */
function backOfficeKit(ctx: Rolldown.ChunkingContext): Set<string> {
  const elsewhere = new Set([...respondentModules(ctx), ...reachable(ctx, [landingPageModule])]);
  return new Set(backOfficeLayoutModules(ctx).filter((id) => !elsewhere.has(id)));
}

/** What a respondent page loads at once: the pages' static closures. */
function respondentFirstModules(ctx: Rolldown.ChunkingContext): Set<string> {
  return staticClosure(ctx, respondentPages(ctx));
}

/** Libraries, and the app's modules of MUI's theme (mui-theme.tsx and what it imports). */
function uiModules(ctx: Rolldown.ChunkingContext): (id: string) => boolean {
  const theme = staticClosure(ctx, [muiThemeModule]);
  return (id) => theme.has(id) || /node_modules/.test(id);
}

/**
 * What the back office's layout loads at once that a respondent may load
 * later (the first message's snackbar, a catalog's autocomplete: MUI's
 * theme, emotion, Alert, Paper and buttons' base among them), never what a
 * respondent page loads first: one file for the back office, and no more than
 * that for a respondent's later step. UI only: the app's other modules there
 * (a file's download, which a teacher's results page also loads) would bring
 * MUI to what needs none of it.
 */
function laterUiKit(ctx: Rolldown.ChunkingContext): Set<string> {
  const first = respondentFirstModules(ctx);
  const later = respondentModules(ctx);
  const ui = uiModules(ctx);
  return new Set(backOfficeLayoutModules(ctx).filter((id) => later.has(id) && !first.has(id) && ui(id)));
}

/**
 * The rest of what the back office's layout loads at once: what it shares
 * with the start page (MUI's Typography, Box, Stack, its dialogs), which left
 * the entry once the respondent pages drew their own. No respondent loads it.
 */
function sharedUiKit(ctx: Rolldown.ChunkingContext): Set<string> {
  const respondent = respondentModules(ctx);
  return new Set(backOfficeLayoutModules(ctx).filter((id) => !respondent.has(id)));
}

/**
 * Few files for a phone: on its network each file costs a round trip (six at a
 * time over HTTP/1.1), and a respondent page loaded 22 to 36 small ones.
 * - `framework`: everything the entry loads itself (Preact, the router, the
 *   query cache, the light components, the app shell; no MUI).
 * - `respondent`: what three or more respondent pages share beyond it (fields,
 *   alerts, the app bar, queries, session and drafts). A page may so load a
 *   few kB it does not use (the list about 6 kB gz of sign-in fields): 6 to 10
 *   files a page instead of 22 to 31 cut Lighthouse's LCP by 0.3 to 0.7 s and
 *   brought every respondent page over 90 (docs/benchmarks.md).
 * - `back-office`: what the back office's layout loads beyond those two and
 *   no other page ever loads (backOfficeKit).
 * - `later-ui`: what it loads that a respondent may load later, never first
 *   (laterUiKit: MUI's theme, emotion and base parts); `shared-ui`: the rest, which it shares with the start page
 *   (sharedUiKit).
 * What one or two pages use stays in their own chunks; one file also
 * compresses better than its parts.
 */
let respondentKitModules: Set<string> | undefined;
let backOfficeKitModules: Set<string> | undefined;
let laterUiKitModules: Set<string> | undefined;
let sharedUiKitModules: Set<string> | undefined;
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'framework', tags: ['$initial'] },
  { name: (id, ctx) => ((respondentKitModules ??= respondentKit(ctx)).has(id) ? 'respondent' : null) },
  // Not its modules' dependencies too (rolldown's default): one that a respondent page also loads would bring it the whole file.
  { name: (id, ctx) => ((backOfficeKitModules ??= backOfficeKit(ctx)).has(id) ? 'back-office' : null), includeDependenciesRecursively: false },
  { name: (id, ctx) => ((laterUiKitModules ??= laterUiKit(ctx)).has(id) ? 'later-ui' : null), includeDependenciesRecursively: false },
  { name: (id, ctx) => ((sharedUiKitModules ??= sharedUiKit(ctx)).has(id) ? 'shared-ui' : null), includeDependenciesRecursively: false },
];

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

/**
 * MUI's TablePagination builds an en-US Intl.NumberFormat when its module loads,
 * for a default label this app replaces (app/mui-locale.ts): the first number
 * formatter of a page loads the locale data, 35-48 ms of the periods screen's
 * opening task in Lighthouse's traces. Its helper is given here as the same
 * function made on first use.
 */
function lazyMuiNumberFormat(): Plugin {
  const helper = /@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.mjs$/;
  return {
    name: 'lazy-mui-number-format',
    load(id) {
      if (!helper.test(id)) return null;
      return `export default function buildFormatNumber(locale) {
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    try { formatter ??= new Intl.NumberFormat(locale); } catch { return String(value); }
    return formatter.format(value);
  };
}`;
    },
  };
}

export default defineConfig(({ command }) => ({
  base: '/encuestas/',
  plugins: [
    react(),
    lazyMuiNumberFormat(),
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
        // Every lazy file's name sits in the entry's table of files, which every page loads first: a hash
        // alone (`Bx3k9_aZ.js`) instead of `admin-email-send-success-page-Bx3k9_aZ.js` keeps that table
        // short as the back office grows. The shared files keep their names.
        chunkFileNames: (chunk) => (['framework', 'respondent', 'back-office', 'later-ui', 'shared-ui'].includes(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
      },
    },
  },
}));
