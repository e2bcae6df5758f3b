import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError, urlForLog } from '../../src/http/log-serializers';

const SECRET = 'respuesta-privada-42';

/** An error as the database driver raises it, with PostgreSQL's fields. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('serializeError', () => {
  it('keeps the SQL text and the database reason of a failed query, never the bound values', () => {
    const cause = databaseError('new row for relation "response" violates check constraint "x"', {
      code: '23514',
      detail: `Failing row contains (${SECRET}).`,
      query: 'insert into response values ($1)',
      params: [SECRET],
      queryOptions: { rowMode: 'object' },
    });
    const error = new DrizzleQueryError('insert into response values ($1)', [SECRET], cause);

    const serialized = serializeError(error) as unknown as Record<string, unknown>;

    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.message).toContain('insert into response values ($1)');
    expect(serialized.message).toContain('violates check constraint "x"');
    expect(serialized).not.toHaveProperty('params');
    expect(JSON.stringify(serialized)).not.toContain(SECRET);
  });

  it('hides the value a data exception quotes, keeping what kind of value it was', () => {
    const error = databaseError(`invalid input syntax for type uuid: "${SECRET}"`, { code: '22P02' });
    const serialized = serializeError(error) as unknown as Record<string, unknown>;
    expect(serialized.message).toBe('invalid input syntax for type uuid: "[value]"');
    expect(String(serialized.stack)).not.toContain(SECRET);
  });

  it('hides the piece of a malformed body that JSON.parse quotes', () => {
    let parseError: unknown;
    try {
      JSON.parse(`{"comments": ${SECRET}}`);
    } catch (error) {
      parseError = error;
    }
    const serialized = serializeError(parseError as Error) as unknown as Record<string, unknown>;
    expect(serialized.type).toBe('SyntaxError');
    expect(serialized.message).toMatch(/is not valid JSON$/);
    expect(JSON.stringify(serialized)).not.toContain('respuesta');
  });

  it('leaves other errors as pino would, causes included', () => {
    const error = new Error('SMTP refused', { cause: new Error('connection reset') });
    const serialized = serializeError(error) as unknown as Record<string, unknown>;
    expect(serialized.message).toBe('SMTP refused: connection reset');
    expect(String(serialized.stack)).toContain('caused by: Error: connection reset');
  });
});

describe('urlForLog', () => {
  it('keeps a path and its harmless query as they are', () => {
    expect(urlForLog('/encuestas/api/admin/users?page=2&search=m%C3%A9ndez')).toBe('/encuestas/api/admin/users?page=2&search=m%C3%A9ndez');
    expect(urlForLog('/encuestas/login/enlace')).toBe('/encuestas/login/enlace');
  });

  it('hides the values of tokens, codes and e-mails, keeping their names', () => {
    const url = '/encuestas/admin-new-password?token=abc123SECRET&email=ana%40uni.mx&next=%2Fa&Code=123456';
    const logged = urlForLog(url);
    expect(logged).toBe('/encuestas/admin-new-password?token=[redacted]&email=[redacted]&next=%2Fa&Code=[redacted]');
    expect(urlForLog('/x?%74oken=abc123SECRET')).not.toContain('abc123SECRET');
    expect(urlForLog('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});
