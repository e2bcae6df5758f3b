/**
 * What a page loads first, read from Vite's build manifest
 * (dist/.vite/manifest.json): the entry chunk, the page's lazy chunk(s), and
 * every chunk those import statically. Shared by the bundle budgets
 * (scripts/bundle-budgets.mjs) and the per-page preloads the build writes
 * (packages/web/vite.config.ts).
 */

/** The manifest key of the entry chunk. */
export function entryKey(manifest) {
  return Object.keys(manifest).find((key) => manifest[key].isEntry);
}

/**
 * The JS files of the chunks `keys` and everything they import statically.
 * `missing` lists the keys (or imported keys) the manifest does not have.
 */
export function staticFiles(manifest, keys) {
  const files = new Set();
  const missing = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      missing.push(key);
      return;
    }
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { files, missing };
}
