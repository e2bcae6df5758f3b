import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Fastify answers 404 for a known path called with another method; this
 * mirror of the route table lets the not-found handler answer 405 instead.
 */
export function trackRoutesForMethodNotAllowed(app: FastifyInstance): (method: string, url: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!router.hasRoute(method as never, route.url)) router.on(method as never, route.url, () => undefined);
    }
  });
  return (method, url) => {
    const path = url.split('?')[0] ?? url;
    return METHODS.filter((m) => m !== method && router.find(m, path) !== null);
  };
}
