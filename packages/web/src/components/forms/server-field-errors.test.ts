import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { hasServerFieldErrors, serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  it('joins each field of a 422 with commas and keeps only the form fields', () => {
    const error = new ApiError(422, 'VALIDATION_FAILED', 'Revisa los datos marcados.', {
      email: ['Ya existe un usuario con el correo ana@encuestas.mx', 'Máximo 255 caracteres'],
      name: ['Escribe el nombre'],
      other: ['No es de este formulario'],
    });
    expect(serverFieldErrors(error, ['name', 'email', 'last_name'])).toEqual({
      email: 'Ya existe un usuario con el correo ana@encuestas.mx, Máximo 255 caracteres',
      name: 'Escribe el nombre',
    });
  });

  it.each([
    new ApiError(403, 'FORBIDDEN', 'No tienes permiso.'),
    new ApiError(422, 'VALIDATION_FAILED', 'Revisa los datos marcados.'),
    new Error('boom'),
  ])('gives nothing for %s', (error) => {
    expect(serverFieldErrors(error, ['name'])).toEqual({});
  });
});

describe('hasServerFieldErrors', () => {
  const error = new ApiError(422, 'VALIDATION_FAILED', 'Revisa los datos marcados.', { email: ['Ya existe'], other: ['Otro'] });

  it('is true when a 422 names one of the form fields', () => {
    expect(hasServerFieldErrors(error, ['name', 'email'])).toBe(true);
  });

  it('is false for fields the form does not have, other errors and no error', () => {
    expect(hasServerFieldErrors(error, ['name'])).toBe(false);
    expect(hasServerFieldErrors(new ApiError(0, 'NETWORK_ERROR', 'Sin conexión'), ['email'])).toBe(false);
    expect(hasServerFieldErrors(null, ['email'])).toBe(false);
  });
});
