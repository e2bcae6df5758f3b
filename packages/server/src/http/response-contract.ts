import type { FastifyBaseLogger } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers are serialized through the route's `response` schema from core/src/api, the one contract the web's
 * clients are typed from (docs/ARCHITECTURE.md, "Contracts"). Where an answer drifts from its contract:
 * - strict (the tests' apps), the request fails with a 500 and the test that made it fails;
 * - otherwise (a deployment), the drift is logged as an error and the answer is sent as the handler made it,
 *   so a contract mistake never costs a user their page.
 */
export function responseContractCompiler(options: { strict: boolean; log: FastifyBaseLogger }) {
  const checked = createSerializerCompiler();
  return (route: Parameters<typeof checked>[0]) => {
    const serialize = checked(route);
    return (data: unknown): string => {
      if (options.strict) return serialize(data);
      try {
        return serialize(data);
      } catch (error) {
        options.log.error({ err: error, method: route.method, url: route.url }, 'answer drifted from its contract');
        return JSON.stringify(data);
      }
    };
  };
}
