import { describe, expect, it } from 'vitest';
import { isPeriodName, PERIOD_NAME_MESSAGE } from './periods';

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
