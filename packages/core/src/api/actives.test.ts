import { describe, expect, it } from 'vitest';
import { INVALID_DAY_MESSAGE } from './common';
import { ACTIVE_CYCLES_MESSAGE, createActiveSchema, updateActiveSchema } from './actives';
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
