import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, isApiErrorBody } from './errors';

describe('errors', () => {
  it('maps the authentication codes to their HTTP statuses', () => {
    expect(ERROR_STATUS.INVALID_CREDENTIALS).toBe(401);
    expect(ERROR_STATUS.UNAUTHENTICATED).toBe(401);
    expect(ERROR_STATUS.FORBIDDEN).toBe(403);
    expect(ERROR_STATUS.INVALID_RESET_TOKEN).toBe(422);
    expect(ERROR_STATUS.VALIDATION_FAILED).toBe(422);
  });

  it('has a Spanish default message for every code', () => {
    for (const code of Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]) {
      expect(DEFAULT_ERROR_MESSAGES[code], code).toMatch(/\S/);
    }
    expect(DEFAULT_ERROR_MESSAGES.INVALID_CREDENTIALS).toBe('Correo o contraseña incorrectos.');
  });

  it('recognises the one error shape and rejects anything else', () => {
    expect(isApiErrorBody({ error: { code: 'NOT_FOUND', message: 'x' } })).toBe(true);
    expect(isApiErrorBody({ error: 'NOT_FOUND' })).toBe(false);
    expect(isApiErrorBody({ message: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
    expect(isApiErrorBody('error')).toBe(false);
  });
});
