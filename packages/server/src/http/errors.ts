import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@encuestas/core/errors';

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

function fieldsFromIssues(issues: { path: string; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const { path, message } of issues) {
    const key = path || '_';
    (fields[key] ??= []).push(message);
  }
  return fields;
}

export function validationErrorFromZod(error: ZodError): AppError {
  const fields = fieldsFromIssues(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return new AppError('VALIDATION_FAILED', undefined, fields);
}

/** Installs the error handler: every failure leaves as `{ error: { code, message, fields? } }`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromIssues(
        error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message ?? '' })),
      );
      return reply.status(422).send(new AppError('VALIDATION_FAILED', undefined, fields).toBody());
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.status(413).send(new AppError('PAYLOAD_TOO_LARGE').toBody());
    if (status === 429) return reply.status(429).send(new AppError('TOO_MANY_REQUESTS').toBody());
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's mistake.
      request.log.info({ err: error }, 'bad request');
      return reply.status(400).send(new AppError('BAD_REQUEST').toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError('INTERNAL').toBody());
  });
}
