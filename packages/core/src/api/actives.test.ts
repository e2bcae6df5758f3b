import { describe, expect, it } from 'vitest';
import { INVALID_DAY_MESSAGE } from './common';
import { ACTIVE_CYCLES_MESSAGE, createActiveSchema, RESULTS_RELEASE_BEFORE_START_MESSAGE, resultsReleaseDayOf, updateActiveSchema } from './actives';
import { END_BEFORE_START_MESSAGE } from './periods';

const valid = { campusId: 1, periodoId: 2, startDate: '2026-11-01', endDate: '2026-11-30', cicles: [3, 4] };

describe('POST /actives payload', () => {
  it('accepts a complete application and removes repeated cycles', () => {
    const result = createActiveSchema.parse({ ...valid, cicles: [3, 3, 4] });
    expect(result.cicles).toEqual([3, 4]);
  });

  it.each([
    [{ endDate: '2026-10-31' }, 'endDate', END_BEFORE_START_MESSAGE],
    [{ cicles: [] }, 'cicles', ACTIVE_CYCLES_MESSAGE],
    [{ campusId: undefined }, 'campusId', 'Elige el campus'],
    [{ periodoId: 0 }, 'periodoId', 'Elige el periodo'],
    [{ startDate: '' }, 'startDate', 'Elige la fecha de inicio de encuestas'],
    [{ startDate: '2026-13-01' }, 'startDate', INVALID_DAY_MESSAGE],
    [{ resultsReleaseDay: '2026-10-31' }, 'resultsReleaseDay', RESULTS_RELEASE_BEFORE_START_MESSAGE],
    [{ resultsReleaseDay: '2026-02-30' }, 'resultsReleaseDay', INVALID_DAY_MESSAGE],
  ])('rejects %j on %s', (override, field, message) => {
    const result = createActiveSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    expect(messages).toEqual([message]);
  });

  it('accepts an application of a single day (end equals start)', () => {
    expect(createActiveSchema.safeParse({ ...valid, endDate: valid.startDate }).success).toBe(true);
  });

  it('validates edits the same way', () => {
    expect(updateActiveSchema.safeParse({ startDate: '2026-11-02', endDate: '2026-11-01', cicles: [1] }).success).toBe(false);
  });
});

describe('the results release day for teachers', () => {
  it('may be left out or null (the default), or any day from the start on, even inside the window', () => {
    for (const resultsReleaseDay of [undefined, null, '2026-11-01', '2026-11-15', '2027-01-31']) {
      expect(createActiveSchema.safeParse({ ...valid, resultsReleaseDay }).success).toBe(true);
    }
  });

  it('is the day chosen, else the day after the window ends', () => {
    expect(resultsReleaseDayOf('2026-11-30', null)).toBe('2026-12-01');
    expect(resultsReleaseDayOf('2026-12-31', undefined)).toBe('2027-01-01');
    expect(resultsReleaseDayOf('2026-11-30', '2026-11-20')).toBe('2026-11-20');
  });
});
