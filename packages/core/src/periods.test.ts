import { describe, expect, it } from 'vitest';
import { currentPeriodo, isPeriodName, PERIOD_NAME_MESSAGE } from './periods';

describe('isPeriodName', () => {
  it.each([
    ['2021A', true],
    ['2021AB', true],
    ['2026B', true],
    ['2021a', false],
    ['21A', false],
    ['2021ABC', false],
    [' 2021A', false],
    ['2021A ', false],
    ['2021', false],
    ['A2021', false],
    ['', false],
  ])('judges %j as %s', (value, expected) => {
    expect(isPeriodName(value)).toBe(expected);
  });

  it('explains the format with an example in Spanish', () => {
    expect(PERIOD_NAME_MESSAGE).toContain('2021A');
  });
});

describe('currentPeriodo', () => {
  const periodos = [
    { id: 1, fecha_inicio: '2026-01-15' },
    { id: 2, fecha_inicio: '2026-08-01' },
    { id: 3, fecha_inicio: '2025-08-01' },
  ];
  it('is the latest period that began by today', () => {
    expect(currentPeriodo(periodos, '2026-03-01')?.id).toBe(1);
    expect(currentPeriodo(periodos, '2026-08-01')?.id).toBe(2);
    expect(currentPeriodo(periodos, '2027-01-01')?.id).toBe(2);
  });
  it('is none before any began', () => {
    expect(currentPeriodo(periodos, '2025-01-01')).toBeNull();
    expect(currentPeriodo([], '2026-01-01')).toBeNull();
  });
});
