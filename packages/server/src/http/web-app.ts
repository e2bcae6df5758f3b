import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchSpaRoute } from '@encuestas/core/spa-routes';

export interface WebAppOptions {
  distDir: string;
  basePath: string;
  /** Public settings the SPA reads at boot (platform and institution names). */
  /** Read for each page, so a setting changed in the back office shows at the next visit. */
  publicConfig: () => Record<string, string>;
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

/** Answers a page request with the SPA's HTML (the status, if not 200, set before). */
export type SendWebApp = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** The HTML shell as sent: the text, its br and gzip forms, and an ETag. */
interface Shell {
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The shells of one build: the plain one, and one per route with files to preload. */
interface Shells {
  mtimeMs: number;
  configJson: string;
  plain: Shell;
  byRoute: Map<string, Shell>;
}

function shellOf(html: string): Shell {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
  };
}

/**
 * Serves the built SPA under the base path. Returns what sends the HTML shell
 * the history fallback answers with (re-read after a rebuild), or null when
 * the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<SendWebApp | null> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; only the API is served');
    return null;
  }
  const render = (mtimeMs: number, publicConfig: Record<string, string>): Shells => {
    const html = readFileSync(indexFile, 'utf8')
      // A function replacement: `$` in a configured text must not act as a pattern.
      .replace('<!--app-config-->', () => configElement(publicConfig))
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(publicConfig.platformName ?? '')}</title>`);
    // A respondent page's own files, preloaded beside the entry's (the build's
    // route-preloads.json, vite.config.ts): one round trip less on a phone.
    const byRoute = new Map<string, Shell>();
    for (const [route, files] of Object.entries(routePreloads(options.distDir))) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${options.basePath}/${escapeHtml(file)}">`).join('');
      byRoute.set(route, shellOf(html.replace('</head>', () => `${links}</head>`)));
    }
    return { mtimeMs, configJson: JSON.stringify(publicConfig), plain: shellOf(html), byRoute };
  };
  let shells = render(statSync(indexFile).mtimeMs, options.publicConfig());
  // The shell is revalidated on every visit (no-cache): an unchanged one costs a 304, and
  // a new deployment is seen at once. Compressed as the assets are, by Accept-Encoding.
  const sendWebApp: SendWebApp = (request, reply) => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? shells.mtimeMs;
    const publicConfig = options.publicConfig();
    if (mtimeMs !== shells.mtimeMs || JSON.stringify(publicConfig) !== shells.configJson) shells = render(mtimeMs, publicConfig);
    const pathname = request.url.split('?')[0]!.slice(options.basePath.length);
    const route = reply.statusCode === 200 ? matchSpaRoute(pathname)?.route : undefined;
    const shell = (route !== undefined && shells.byRoute.get(route)) || shells.plain;
    reply.header('cache-control', 'no-cache').header('etag', shell.etag).header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (matchesEtag(request.headers['if-none-match'], shell.etag) && reply.statusCode === 200) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(shell.html);
    return reply.header('content-encoding', encoding).send(shell[encoding]);
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
  return sendWebApp;
}

/** Route pattern → files, as the build wrote them; none when the build has no such file. */
function routePreloads(distDir: string): Record<string, string[]> {
  const file = path.join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** br, then gzip, whichever the browser accepts (a q of 0 refuses); null for the plain text. */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    const q = params.find((param) => param.startsWith('q='));
    quality.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}
