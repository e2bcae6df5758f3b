import { describe, expect, it } from 'vitest';
import { currentPeriodId, invalidRangeMessage, missingFilterMessage, parseReportFilters, reportSearchParams } from './logic/report-filters';

describe('parseReportFilters', () => {
  it('reads the spec query and a valid date range', () => {
    const filters = parseReportFilters(new URLSearchParams('cicleId=3&periodoId=7&campusId=2&from=2026-03-01&to=2026-03-31'));
    expect(filters).toEqual({ cicleId: 3, periodoId: 7, campusId: 2, from: '2026-03-01', to: '2026-03-31' });
  });

  it('drops ids and days that are not valid instead of sending them', () => {
    const filters = parseReportFilters(new URLSearchParams('cicleId=abc&periodoId=-1&campusId=2.5&from=2026-02-30&to=ayer'));
    expect(filters).toEqual({ cicleId: null, periodoId: null, campusId: null, from: null, to: null });
  });

  it("takes the campus of the report by campus from the path, not from the query", () => {
    expect(parseReportFilters(new URLSearchParams('cicleId=3&periodoId=7&campusId=9'), '2').campusId).toBe(2);
  });

  it('writes back the same query, leaving empty filters out', () => {
    const search = reportSearchParams({ cicleId: 3, periodoId: 7, campusId: null, from: '2026-03-01', to: null });
    expect(search.toString()).toBe('cicleId=3&periodoId=7&from=2026-03-01');
  });
});

describe('what is missing before a report loads', () => {
  const ready = { cicleId: 3, periodoId: 7, campusId: null, from: null, to: null };
  it('asks for the survey type, then the period, then (by campus) the campus', () => {
    expect(missingFilterMessage({ ...ready, cicleId: null }, false)).toBe('Elige el tipo de encuesta del reporte.');
    expect(missingFilterMessage({ ...ready, periodoId: null }, false)).toBe('Elige el periodo del reporte.');
    expect(missingFilterMessage(ready, true)).toBe('Elige el campus del reporte.');
    expect(missingFilterMessage(ready, false)).toBeNull();
  });
  it('refuses a range that ends before it starts, accepts one day', () => {
    expect(invalidRangeMessage({ from: '2026-03-02', to: '2026-03-01' })).toBe('La fecha final no puede ser anterior a la inicial');
    expect(invalidRangeMessage({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });
});

describe('the period a page opens on', () => {
  const periodos = [
    { id: 3, fecha_inicio: '2027-01-01' },
    { id: 2, fecha_inicio: '2026-07-01' },
    { id: 1, fecha_inicio: '2026-01-01' },
  ];
  it('is the newest one already started, not the next term', () => {
    expect(currentPeriodId(periodos, '2026-11-23')).toBe(2);
    expect(currentPeriodId(periodos, '2027-01-01')).toBe(3);
  });
  it('is the newest when none has started, and none without periods', () => {
    expect(currentPeriodId(periodos, '2025-01-01')).toBe(3);
    expect(currentPeriodId([], '2026-11-23')).toBeNull();
  });
});
