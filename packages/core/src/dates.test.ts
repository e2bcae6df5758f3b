import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeStatus, addDays, isIsoDay, longDay, mexicoCityDay, mexicoCityDayStart } from './dates';

// Mexico City has kept UTC-6 all year since October 2022 (no daylight saving).
const mx = (local: string) => new Date(`${local}-06:00`);

describe('mexicoCityDay', () => {
  it('is still the previous day in Mexico City just after midnight UTC', () => {
    expect(mexicoCityDay(new Date('2026-03-15T00:30:00Z'))).toBe('2026-03-14');
  });

  it('turns to the next day at midnight Mexico City time (06:00 UTC)', () => {
    expect(mexicoCityDay(new Date('2026-03-15T05:59:59.999Z'))).toBe('2026-03-14');
    expect(mexicoCityDay(new Date('2026-03-15T06:00:00.000Z'))).toBe('2026-03-15');
  });

  it('crosses a year boundary on Mexico City time, not UTC', () => {
    expect(mexicoCityDay(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
    expect(mexicoCityDay(mx('2027-01-01T00:00:00'))).toBe('2027-01-01');
  });

  it('formats the day as YYYY-MM-DD', () => {
    expect(mexicoCityDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers what Intl does for any instant, asked in any order (the day kept for a minute is never stale)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Around Mexico City's midnights (06:00 and, before 2023, 05:00 UTC in summer) and anywhere from 1990 to 2060.
    const nearMidnight = fc.tuple(fc.integer({ min: 7300, max: 32800 }), fc.constantFrom(5, 6), fc.integer({ min: -90_000, max: 90_000 }))
      .map(([day, hour, ms]) => new Date(day * 86_400_000 + hour * 3_600_000 + ms));
    const anywhere = fc.integer({ min: 631_152_000_000, max: 2_840_140_800_000 }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(fc.array(fc.oneof(nearMidnight, anywhere), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const instant of instants) expect(mexicoCityDay(instant)).toBe(intl.format(instant));
      }),
    );
  });
});

describe('activeStatus', () => {
  const start = '2026-05-10';
  const end = '2026-05-20';

  it('is upcoming the day before the start day', () => {
    expect(activeStatus(start, end, mx('2026-05-09T12:00:00'))).toBe('upcoming');
  });

  it('is upcoming one millisecond before the start day begins in Mexico City', () => {
    expect(activeStatus(start, end, mx('2026-05-09T23:59:59.999'))).toBe('upcoming');
  });

  it('is in progress at 00:00 Mexico City time on the start day', () => {
    expect(activeStatus(start, end, mx('2026-05-10T00:00:00.000'))).toBe('inProgress');
  });

  it('is in progress at 23:59:59.999 Mexico City time on the end day', () => {
    expect(activeStatus(start, end, mx('2026-05-20T23:59:59.999'))).toBe('inProgress');
  });

  it('is finished at the next instant after the end day', () => {
    expect(activeStatus(start, end, mx('2026-05-21T00:00:00.000'))).toBe('finished');
  });

  it('is in progress all through a one-day application', () => {
    expect(activeStatus('2026-05-10', '2026-05-10', mx('2026-05-10T00:00:00'))).toBe('inProgress');
    expect(activeStatus('2026-05-10', '2026-05-10', mx('2026-05-10T23:59:59.999'))).toBe('inProgress');
    expect(activeStatus('2026-05-10', '2026-05-10', mx('2026-05-11T00:00:00'))).toBe('finished');
  });
});

describe('isIsoDay', () => {
  it.each([
    ['2026-01-31', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-1-05', false],
    ['26-01-05', false],
    ['2026-01-05T00:00:00Z', false],
    [' 2026-01-05', false],
    ['', false],
    ['0000-12-31', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
  ])('judges %j as %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });
});

describe('addDays', () => {
  it('moves across month, leap-day and year boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('stays within the days a date can name', () => {
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addDays('9999-06-01', 400)).toBe('9999-12-31');
    expect(addDays('0001-01-01', -1)).toBe('0001-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });
});

describe('mexicoCityDayStart', () => {
  it('is 06:00 UTC on a day without daylight saving', () => {
    expect(mexicoCityDayStart('2026-03-15').toISOString()).toBe('2026-03-15T06:00:00.000Z');
  });

  it('is 05:00 UTC on a summer day while Mexico City still kept daylight saving', () => {
    expect(mexicoCityDayStart('2020-07-01').toISOString()).toBe('2020-07-01T05:00:00.000Z');
  });

  it('puts 23:30 Mexico City time in that day and 00:00 of the next day outside it', () => {
    const start = mexicoCityDayStart('2026-03-15').getTime();
    const next = mexicoCityDayStart(addDays('2026-03-15', 1)).getTime();
    expect(mx('2026-03-15T23:30:00').getTime()).toBeGreaterThanOrEqual(start);
    expect(mx('2026-03-15T23:30:00').getTime()).toBeLessThan(next);
    expect(mx('2026-03-16T00:00:00').getTime()).toBe(next);
  });

  it('agrees with mexicoCityDay on both sides of each boundary, across the 2022 end of daylight saving', () => {
    for (const day of ['2022-04-03', '2022-10-29', '2022-10-30', '2022-10-31', '2026-12-31']) {
      const start = mexicoCityDayStart(day).getTime();
      expect(mexicoCityDay(new Date(start))).toBe(day);
      expect(mexicoCityDay(new Date(start - 1))).toBe(addDays(day, -1));
    }
  });
});

describe('longDay', () => {
  it('writes a day as a sentence says it, without a leading zero', () => {
    expect(longDay('2027-03-12')).toBe('12 de marzo de 2027');
    expect(longDay('2026-01-05')).toBe('5 de enero de 2026');
  });
});
