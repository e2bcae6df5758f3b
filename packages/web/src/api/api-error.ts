import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_STATUS,
  isApiErrorBody,
  type ErrorCode,
} from '@encuestas/core/errors';

/** Codes the client adds for failures that never reached a server answer. */
export type ClientErrorCode = 'NETWORK_ERROR';

export const NETWORK_ERROR_MESSAGE =
  'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/** A failed API call: the HTTP status (0 without an answer) and the server's Spanish message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** The whole parsed answer, for endpoints that send more than `error` (the directory import's report). */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Builds the error from a non-2xx answer, whatever its body (proxies answer HTML too). */
  static fromResponse(status: number, body: unknown): ApiError {
    if (isApiErrorBody(body)) {
      const { code, message, fields } = body.error;
      return new ApiError(status, code, message || DEFAULT_ERROR_MESSAGES[code] || '', fields, body);
    }
    const code = codeForStatus(status);
    return new ApiError(status, code, DEFAULT_ERROR_MESSAGES[code]);
  }
}

function codeForStatus(status: number): ErrorCode {
  const entry = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (entry) return entry[0];
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/**
 * The Spanish text to show for a failure (spec §8): the server's message, and
 * on 422 with field errors, the field messages joined by commas.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422 && error.fields) {
      const messages = Object.values(error.fields).flat().filter((m) => m.trim() !== '');
      if (messages.length > 0) return messages.join(', ');
    }
    return error.message;
  }
  return DEFAULT_ERROR_MESSAGES.INTERNAL;
}
