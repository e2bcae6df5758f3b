import { describe, expect, it } from 'vitest';
import { formatInstantDateTimeEsMx, formatInstantEsMx, formatIsoDay } from './day-format';

describe('formatIsoDay', () => {
  it.each([
    ['2026-03-15', '15/03/2026'],
    ['2026-12-01', '01/12/2026'],
    ['', ''],
    [null, ''],
    ['15/03/2026', '15/03/2026'],
    ['2026-12-27', '27/12/2026'],
    ['2026-01-05', '05/01/2026'],
    ['mañana', 'mañana'],
  ])('shows %j as %j', (day, shown) => {
    expect(formatIsoDay(day)).toBe(shown);
  });
});

describe('formatInstantEsMx', () => {
  it('uses the Mexico City day', () => {
    // 03:00 UTC on the 16th is still the 15th in Mexico City (UTC-6).
    expect(formatInstantEsMx('2026-03-16T03:00:00.000Z')).toBe('15/03/2026');
  });

  it('shows nothing for a missing or broken value', () => {
    expect(formatInstantEsMx(undefined)).toBe('');
    expect(formatInstantEsMx('not a date')).toBe('');
  });
});

describe('formatInstantDateTimeEsMx', () => {
  it('shows the Mexico City date and 24-hour time', () => {
    expect(formatInstantDateTimeEsMx('2026-03-16T05:30:00Z')).toBe('15/03/2026, 23:30:00');
    expect(formatInstantDateTimeEsMx('2026-03-16T06:05:09Z')).toBe('16/03/2026, 00:05:09');
  });

  it('is empty for nothing or an invalid instant', () => {
    expect(formatInstantDateTimeEsMx(null)).toBe('');
    expect(formatInstantDateTimeEsMx('ayer')).toBe('');
  });
});
