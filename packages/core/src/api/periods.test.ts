import { describe, expect, it } from 'vitest';
import { INVALID_DAY_MESSAGE } from './common';
import { createPeriodSchema, END_BEFORE_START_MESSAGE } from './periods';
import { PERIOD_NAME_MESSAGE } from '../periods';

function fieldMessages(input: unknown): Record<string, string[]> {
  const result = createPeriodSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

const valid = { nombre: '2026B', fecha_inicio: '2026-07-01', fecha_fin: '2026-12-31' };

describe('POST /periodos payload', () => {
  it.each([
    ['2021A', '2021A'],
    ['2021AB', '2021AB'],
    ['2027a', '2027A'],
    [' 2027b ', '2027B'],
  ])('accepts the period name %j as %j', (nombre, expected) => {
    const result = createPeriodSchema.safeParse({ ...valid, nombre });
    expect(result.success && result.data.nombre).toBe(expected);
  });

  it.each(['21A', '2021', '2021ABC', 'A2021', '2021-A', '', '２０２１A'])(
    'rejects the period name %j with the Power Campus message',
    (nombre) => {
      expect(fieldMessages({ ...valid, nombre }).nombre).toEqual([PERIOD_NAME_MESSAGE]);
    },
  );

  it.each([
    [{ fecha_inicio: '' }, 'fecha_inicio', 'Seleccione la fecha de inicio'],
    [{ fecha_inicio: undefined }, 'fecha_inicio', 'Seleccione la fecha de inicio'],
    [{ fecha_fin: '' }, 'fecha_fin', 'Seleccione la fecha de fin'],
    [{ fecha_fin: '2026-02-30' }, 'fecha_fin', INVALID_DAY_MESSAGE],
    [{ fecha_inicio: '01/07/2026' }, 'fecha_inicio', INVALID_DAY_MESSAGE],
    [{ fecha_fin: '2026-06-30' }, 'fecha_fin', END_BEFORE_START_MESSAGE],
  ])('rejects dates %j on %s with %j', (override, field, message) => {
    expect(fieldMessages({ ...valid, ...override })[field]).toEqual([message]);
  });

  it('accepts a period that starts and ends on the same day', () => {
    expect(createPeriodSchema.safeParse({ ...valid, fecha_fin: valid.fecha_inicio }).success).toBe(true);
  });
});
