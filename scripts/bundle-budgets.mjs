#!/usr/bin/env node
/**
 * `npm run budgets`: the JavaScript each respondent page loads on first visit,
 * measured over the build output (packages/web/dist) and held to the budgets
 * of packages/web/bundle-budgets.json. Exits non-zero when a page is over its
 * budget, when a module a page names is not in the build, or when a file the
 * page loads has no precompressed .br/.gz sibling (the server would send it
 * uncompressed).
 *
 * Each page also has a most files it may load first (maxFiles): on a phone's
 * network each file costs a round trip, so merged chunks must stay merged.
 *
 * A page's initial JavaScript is the entry chunk, the route's lazy chunk(s)
 * named in the budgets file, and every chunk those import statically, walked
 * in Vite's build manifest (dist/.vite/manifest.json). Dynamic imports a page
 * makes later (a dialog, a chart) are not counted: they load on demand.
 * Sizes are in kB of 1000 bytes, as Vite prints them; gzip at level 9 and
 * brotli at quality 11, as the build precompresses them (vite.config.ts).
 *
 * Options: --build builds the web app first when it is missing or stale
 * (scripts/web-build.mjs), --json prints the figures as JSON instead of a table.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryKey, staticFiles } from './page-chunks.mjs';
import { ensureWebBuilt, webDir } from './web-build.mjs';

/** Files smaller than this are not precompressed (vite.config.ts): compression would gain next to nothing. */
export const PRECOMPRESS_THRESHOLD_BYTES = 1024;

const distDir = path.join(webDir, 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
const budgetsFile = path.join(webDir, 'bundle-budgets.json');

const args = new Set(process.argv.slice(2));
if (args.has('--build')) ensureWebBuilt();
if (!existsSync(manifestFile)) {
  console.error(`[budgets] ${path.relative(process.cwd(), manifestFile)} is missing: build the web app first (npm run build)`);
  process.exit(1);
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
/** @type {{ pages: { page: string, lazy: string[], budgetKbGzip: number, maxFiles: number, note?: string }[] }} */
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));

const entry = entryKey(manifest);
const problems = [];
/** Loaded files without their precompressed siblings, reported once each. */
const notPrecompressed = new Set();

const sizeCache = new Map();
function sizesOf(file) {
  if (!sizeCache.has(file)) {
    const bytes = readFileSync(path.join(distDir, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length;
    sizeCache.set(file, { raw: bytes.length, gzip, brotli });
  }
  return sizeCache.get(file);
}

const rows = budgets.pages.map(({ page, lazy, budgetKbGzip, maxFiles, note }) => {
  for (const source of lazy) {
    if (!manifest[source]) problems.push(`${page}: ${source} is not in the build (renamed or no longer lazy?)`);
  }
  const { files, missing } = staticFiles(manifest, [entry, ...lazy.filter((source) => manifest[source])]);
  for (const key of missing) problems.push(`a chunk imports ${key}, which the manifest does not list`);
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
    if (sizes.raw >= PRECOMPRESS_THRESHOLD_BYTES) {
      for (const suffix of ['.br', '.gz']) {
        if (!existsSync(path.join(distDir, file + suffix))) notPrecompressed.add(file + suffix);
      }
    }
  }
  const tooManyFiles = files.size > maxFiles;
  return { page, files: files.size, maxFiles, ...total, budgetKbGzip, over: total.gzip > budgetKbGzip * 1000 || tooManyFiles, tooManyFiles, note };
});

const kb = (bytes) => (bytes / 1000).toFixed(1);
if (args.has('--json')) {
  console.log(JSON.stringify(rows.map(({ note: _note, tooManyFiles: _tooMany, ...row }) => row), null, 2));
} else {
  const header = ['page', 'files', 'max files', 'raw kB', 'gzip kB', 'brotli kB', 'budget kB gz', ''];
  const table = [
    header,
    ...rows.map((row) => [row.page, String(row.files), String(row.maxFiles), kb(row.raw), kb(row.gzip), kb(row.brotli), String(row.budgetKbGzip), row.over ? 'OVER' : 'ok']),
  ];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  for (const line of table) {
    console.log(line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd());
  }
}

/**
 * The back office's files (vite.config.ts CHUNK_GROUPS): its own and what it
 * shares with the start page no respondent page may reach, at once or later
 * (a form's text field, the snackbar), other than through the entry's table
 * of pages; what it shares with a respondent's later steps (later-ui) none
 * may load first.
 */
const NEVER_REACHED = ['back-office-', 'shared-ui-'];
for (const { page, lazy } of budgets.pages.filter(({ page }) => !page.startsWith('/admin'))) {
  const first = staticFiles(manifest, [entry, ...lazy]).files;
  for (const file of first) if (path.basename(file).startsWith('later-ui-')) problems.push(`${page} loads ${file} first (vite.config.ts laterUiKit)`);
  const seen = new Set();
  const pending = lazy.filter((source) => manifest[source]);
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key) || key === entry || !manifest[key]) continue;
    seen.add(key);
    const file = path.basename(manifest[key].file);
    if (NEVER_REACHED.some((prefix) => file.startsWith(prefix))) problems.push(`${page} can load the back office's file ${manifest[key].file} (vite.config.ts CHUNK_GROUPS)`);
    pending.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
}

if (notPrecompressed.size) {
  const some = [...notPrecompressed].slice(0, 3).join(', ');
  problems.push(`${notPrecompressed.size} precompressed files are missing (${some}…): does vite.config.ts still precompress?`);
}
for (const problem of new Set(problems)) console.error(`[budgets] ${problem}`);
const over = rows.filter((row) => row.over);
for (const row of over) {
  if (row.gzip > row.budgetKbGzip * 1000) console.error(`[budgets] ${row.page}: ${kb(row.gzip)} kB gzipped, over its budget of ${row.budgetKbGzip} kB`);
  if (row.tooManyFiles) console.error(`[budgets] ${row.page}: loads ${row.files} files first, more than its ${row.maxFiles} (vite.config.ts CHUNK_GROUPS)`);
}
process.exit(over.length || problems.length ? 1 : 0);
