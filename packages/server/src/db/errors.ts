/** PostgreSQL error code of a failed query, looking through drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/** Socket errors of a PostgreSQL connection that cannot be made or was lost. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** SQLSTATEs of a server going away or refusing sessions: shutdown, crash, start-up, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Messages of node-postgres (lost connection, ended pool, connect timeout) and PGlite (closed instance). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Cannot use a pool after calling end|timeout exceeded when trying to connect|PGlite is clos(ed|ing))/;

/**
 * Whether a failed query means the database cannot be reached (a 503, worth
 * retrying) rather than a bug: looks through drizzle's wrapper and Node's
 * AggregateError (one per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
