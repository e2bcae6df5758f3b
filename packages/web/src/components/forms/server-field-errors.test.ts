import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { serverFieldErrors } from './server-field-errors';

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
