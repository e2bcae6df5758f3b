import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@encuestas/core/errors';
import { isDatabaseUnavailable } from '../db/errors';

/** A failure the client caused or may see: mapped to the one error shape. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message?: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message ?? DEFAULT_ERROR_MESSAGES[code]);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** 429 that says when to come back: sent with a Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    message: string,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/** 422 with one field's message, for checks that need the database. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** A 422 lists at most this many messages, so a flood of bad keys gets a small, quick answer. */
export const MAX_REPORTED_ERRORS = 50;

export interface FieldIssue {
  path: string;
  message: string;
}

/** 422 with the first MAX_REPORTED_ERRORS messages by field; the message says how many were left out. */
export function validationError(issues: readonly FieldIssue[], message = DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED): AppError {
  const fields: Record<string, string[]> = {};
  for (const { path, message: text } of issues.slice(0, MAX_REPORTED_ERRORS)) (fields[path || '_'] ??= []).push(text);
  const omitted = issues.length - MAX_REPORTED_ERRORS;
  const note = omitted > 0 ? ` Se muestran los primeros ${MAX_REPORTED_ERRORS} errores de ${issues.length}.` : '';
  return new AppError('VALIDATION_FAILED', `${message}${note}`, fields);
}

export function validationErrorFromZod(error: ZodError): AppError {
  return validationError(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const BAD_REQUEST_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'La dirección de la solicitud tiene una codificación no válida.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío: envía un JSON o quita el encabezado Content-Type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud declarada del cuerpo no coincide con lo recibido.',
  FST_ERR_CTP_INVALID_CONTENT_TYPE: 'El encabezado Content-Type no es válido.',
  // Malformed JSON, and also JSON with __proto__ or constructor.prototype keys.
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido.',
};

/** The one code for each 4xx status that has one; any other 4xx is a BAD_REQUEST. */
const CODE_BY_STATUS = new Map<number, ErrorCode>([
  [404, 'NOT_FOUND'],
  [405, 'METHOD_NOT_ALLOWED'],
  [408, 'REQUEST_TIMEOUT'],
  [413, 'PAYLOAD_TOO_LARGE'],
  [414, 'URI_TOO_LONG'],
  [415, 'UNSUPPORTED_MEDIA_TYPE'],
  [429, 'TOO_MANY_REQUESTS'],
  [431, 'HEADERS_TOO_LARGE'],
]);

/** Fastify's own 4xx errors (routing, body parsing) in the project's shape and language. */
function fromFrameworkError(error: FastifyError): AppError {
  const byCode = error.code ? BAD_REQUEST_MESSAGES[error.code] : undefined;
  if (byCode) return new AppError('BAD_REQUEST', byCode);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('URI_TOO_LONG');
  return new AppError(CODE_BY_STATUS.get(error.statusCode ?? 400) ?? 'BAD_REQUEST');
}

function send(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send(error.toBody());
}

/** Fastify's `frameworkErrors` option: bad percent-encoding and over-long path parameters, before routing. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'rejected request');
  send(reply, fromFrameworkError(error));
}

/** Fastify's `clientErrorHandler` option: what Node's HTTP parser rejects (oversized headers, timeouts, garbage). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const body = JSON.stringify(new AppError(code).toBody());
  const status = ERROR_STATUS[code];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Installs the error handler: every failure leaves as `{ error: { code, message, fields? } }`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        reply,
        validationError(error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message ?? '' }))),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, new AppError('SERVICE_UNAVAILABLE', 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's mistake.
      request.log.info({ code: error.code }, 'bad request');
      return send(reply, fromFrameworkError(error));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError('INTERNAL'));
  });
}
