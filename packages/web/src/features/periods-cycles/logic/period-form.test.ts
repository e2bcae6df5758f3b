import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import {
  createPeriodFailureMessage,
  EMPTY_PERIOD_FORM,
  periodFormErrors,
  toPeriodNameInput,
} from './period-form';

const FORMAT = 'El periodo debe tener el formato válido de Power Campus (Ej: 2021A)';

describe('toPeriodNameInput', () => {
  it.each([
    ['2026a', '2026A'],
    ['2026ab', '2026AB'],
    ['2026A', '2026A'],
    ['', ''],
  ])('turns %j into %j', (typed, shown) => {
    expect(toPeriodNameInput(typed)).toBe(shown);
  });
});

describe('periodFormErrors', () => {
  it('names every missing field with the spec messages', () => {
    expect(periodFormErrors(EMPTY_PERIOD_FORM)).toEqual({
      nombre: FORMAT,
      fecha_inicio: 'Seleccione la fecha de inicio',
      fecha_fin: 'Seleccione la fecha de fin',
    });
  });

  it.each(['2026', '26A', '2026ABC', 'A2026', '2026-A'])('rejects the name %j', (nombre) => {
    expect(periodFormErrors({ nombre, fecha_inicio: '2026-01-10', fecha_fin: '2026-06-30' }).nombre).toBe(FORMAT);
  });

  it.each(['2026A', '2026AB'])('accepts %j with both dates', (nombre) => {
    expect(periodFormErrors({ nombre, fecha_inicio: '2026-01-10', fecha_fin: '2026-06-30' })).toEqual({});
  });

  it('rejects an end before the start', () => {
    expect(periodFormErrors({ nombre: '2026A', fecha_inicio: '2026-06-30', fecha_fin: '2026-01-10' })).toEqual({
      fecha_fin: 'La fecha de fin no puede ser anterior a la de inicio',
    });
  });
});

describe('createPeriodFailureMessage', () => {
  it('joins the field messages of a 422 with commas', () => {
    const error = new ApiError(422, 'VALIDATION_FAILED', 'Revisa los datos marcados.', {
      nombre: ['El periodo 2027A ya existe'],
      fecha_fin: ['Seleccione la fecha de fin'],
    });
    expect(createPeriodFailureMessage(error)).toBe('El periodo 2027A ya existe, Seleccione la fecha de fin');
  });

  it.each([
    new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.'),
    new ApiError(403, 'FORBIDDEN', 'No tienes permiso.'),
    new ApiError(0, 'NETWORK_ERROR', 'Sin conexión'),
    new Error('boom'),
  ])('says "Error al crear el periodo" for %s', (error) => {
    expect(createPeriodFailureMessage(error)).toBe('Error al crear el periodo');
  });
});
