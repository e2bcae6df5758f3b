/**
 * What the log may say about an error or a request. Logs never carry a
 * respondent identity beside a survey, so:
 * - an error keeps its SQL text but never the values bound to it: drizzle's
 *   DrizzleQueryError and PGlite's errors carry `params` (session id,
 *   respondent id, the full answers) and print them in their message;
 *   PostgreSQL puts key values in `detail` and quotes a bad value in the
 *   message of a data exception (class 22); JSON.parse quotes a piece of a
 *   malformed body (a submission's answers);
 * - a request line carries no client port, and the client address only on
 *   back-office routes (where it helps investigate an attack), never on the
 *   routes respondents use;
 * - a request line's query string keeps its names but not the values of
 *   secrets or identities (a pasted sign-in or password-reset link, an e-mail).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { API_PREFIX } from '@encuestas/core/paths';

/** Properties that hold bound values or a copy of them. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values', 'detail', 'queryOptions']);
const MAX_CAUSES = 5;

/** drizzle's message is `Failed query: <sql>\nparams: <values>`: keep the SQL. */
function messageWithoutValues(error: Record<string, unknown>, message: string): string {
  let kept = message;
  const paramsAt = kept.indexOf('\nparams: ');
  if ('params' in error && paramsAt >= 0) kept = kept.slice(0, paramsAt);
  // Data exceptions quote the offending value: `invalid input syntax for type uuid: "…"`.
  if (typeof error.code === 'string' && error.code.startsWith('22')) kept = kept.replace(/"(?:[^"\\]|\\.)*"/g, '"[value]"');
  // `Unexpected token 'x', ..."<piece of the body>"... is not valid JSON`.
  kept = kept.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, ', "[body]" is not valid JSON');
  return kept;
}

/** A copy of the error (and its causes) without the values bound to its query. */
function withoutValues(error: Error, depth = 0): Error {
  const source = error as unknown as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (!VALUE_PROPERTIES.has(key) && key !== 'cause' && key !== 'errors') copy[key] = source[key];
  }
  const message = messageWithoutValues(source, error.message);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  if (typeof error.stack === 'string') {
    const stack = error.stack.includes(error.message) ? error.stack.replace(error.message, () => message) : error.stack;
    Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true, configurable: true });
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    Object.defineProperty(copy, 'cause', { value: withoutValues(error.cause, depth + 1), enumerable: false, configurable: true });
  }
  // AggregateError (a pool that tried several hosts) keeps its inner errors here.
  if (Array.isArray(source.errors) && depth < MAX_CAUSES) {
    const inner = (source.errors as unknown[]).map((e) => (e instanceof Error ? withoutValues(e, depth + 1) : e));
    Object.defineProperty(copy, 'errors', { value: inner, enumerable: false, configurable: true });
  }
  return copy;
}

export function serializeError(error: Error) {
  return stdSerializers.err(error instanceof Error ? withoutValues(error) : error);
}

/** An error's message without bound values, for what is stored or printed outside the log (background_run, the CLI). */
export function errorMessageWithoutValues(error: unknown): string {
  return error instanceof Error ? withoutValues(error).message : String(error);
}

function isBackOfficeRoute(request: FastifyRequest): boolean {
  const auth = request.routeOptions?.config?.auth;
  return auth === 'admin' || request.url.startsWith(`${API_PREFIX}/admin/`);
}

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY_PARAMETER = /token|code|email|password|secret|key/i;

/** The URL with the values of secret query parameters replaced (the path is kept as is). */
export function urlForLog(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const name = equalsAt < 0 ? pair : pair.slice(0, equalsAt);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is matched as written.
      }
      return equalsAt >= 0 && SECRET_QUERY_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    ...(isBackOfficeRoute(request) ? { remoteAddress: request.ip } : {}),
  };
}

/** Fastify logger serializers: used by every log line, the framework's own included. */
export const logSerializers = { err: serializeError, req: serializeRequest };

/**
 * One line a request, written once it is answered: method, URL, host, status and time taken, by the
 * serializers above. Fastify writes two (`incoming request`, then `request completed` without the URL);
 * at a deadline's submissions its log lines were about 8 % of the server's main thread
 * (docs/benchmarks.md), and the first said nothing the second could not. A request still in progress
 * is not in the log; an error it meets is, at once (http/errors.ts). Fastify's other lines stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
