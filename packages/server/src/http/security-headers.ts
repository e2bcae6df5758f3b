import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests are sent only when the platform is served over https. */
  publicUrl: string;
  apiPrefix: string;
}

/**
 * Security headers on every answer (pages, API, errors), docs/security.md §Headers:
 * - a CSP with no inline or foreign scripts: the SPA's configuration travels in a
 *   non-executable JSON element (web-app.ts). Styles allow 'unsafe-inline' because
 *   MUI's emotion injects <style> tags at run time; styles cannot run code.
 * - no framing, no Referer at all (reset links carry their token in the query string),
 *   nosniff, HSTS only over https;
 * - `Cache-Control: no-store` on every API answer that has not declared its own
 *   caching (public catalogues do), so tokens and personal data stay out of caches.
 * Registered before the auth hook so rejections carry the headers too.
 *
 * helmet's middleware is made once here: @fastify/helmet made it again on every
 * request, parsing the CSP each time (issue 23: 3 % of a submission's CPU).
 * Like it, the middleware sets the headers on the raw response, which Node
 * merges with the ones fastify writes.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const https = options.publicUrl.startsWith('https://');
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // An error (a CSP directive that fails) fails the request, as @fastify/helmet's throw did.
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  const apiPrefix = options.apiPrefix;
  app.addHook('onSend', async (request, reply) => {
    const url = request.url;
    const isApi = url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
