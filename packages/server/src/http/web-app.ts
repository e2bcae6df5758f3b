import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface WebAppOptions {
  distDir: string;
  basePath: string;
  /** Public settings the SPA reads at boot (platform and institution names). */
  publicConfig: Record<string, string>;
}

/**
 * The public configuration as a non-executable JSON element the SPA parses
 * (app-config.ts), so the CSP needs no inline script. Escaping every `<` keeps
 * `</script>` and `<!--` in a value from ending the element.
 */
function configElement(publicConfig: Record<string, string>): string {
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  return `<script type="application/json" id="app-config">${json}</script>`;
}

/**
 * Serves the built SPA under the base path. Returns a function giving the
 * HTML the history fallback sends (re-read after a rebuild), or null when
 * the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<(() => string) | null> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; only the API is served');
    return null;
  }
  const config = configElement(options.publicConfig);
  const render = () =>
    readFileSync(indexFile, 'utf8')
      // A function replacement: `$` in a configured text must not act as a pattern.
      .replace('<!--app-config-->', () => config)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(options.publicConfig.platformName ?? '')}</title>`);
  let cached = { mtimeMs: statSync(indexFile).mtimeMs, html: render() };
  const indexHtml = () => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: render() };
    return cached.html;
  };

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: `${options.basePath}/`,
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset (vite.config.ts): the best
    // one the browser accepts is sent (br, then gzip, else the file itself),
    // with its own Content-Type and Vary: Accept-Encoding. Nothing is
    // compressed at request time here (the API's compression is scoped to the API).
    preCompressed: true,
    // Hashed assets never change; index.html is served by the fallback, never cached.
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  return indexHtml;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
