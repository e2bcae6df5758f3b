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

function escapeForScript(json: string): string {
  return json.replace(/</g, '\\u003c');
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
  const config = escapeForScript(JSON.stringify(options.publicConfig));
  const render = () =>
    readFileSync(indexFile, 'utf8')
      .replace('<!--app-config-->', `<script>window.__ENCUESTAS_CONFIG__=${config}</script>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(options.publicConfig.platformName ?? '')}</title>`);
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
