import { describe, expect, it } from 'vitest';
import { formatBytes, pdfRequest, studentsPdfRequest, tableRequest } from './logic/report-files';
import type { ReportFilters } from './logic/report-filters';

const filters: ReportFilters = { cicleId: 3, periodoId: 7, campusId: 2, from: '2026-03-01', to: '2026-03-31' };

describe('report file requests', () => {
  it('asks the students PDF of the cycle with the period and campus, named reporte.pdf when the server gives no name', () => {
    expect(studentsPdfRequest(filters)).toEqual({ path: '/ciclo/3/pdf/students', query: { periodoId: 7, campusId: 2 }, fallbackName: 'reporte.pdf' });
  });

  it('sends the date range with the items table only, and each table’s own part', () => {
    expect(tableRequest(filters, 'items', 'xlsx').query).toMatchObject({ from: '2026-03-01', to: '2026-03-31', table: 'items', format: 'xlsx' });
    const texts = tableRequest(filters, 'texts', 'csv', { item: 'comments' });
    expect(texts.query).not.toHaveProperty('from');
    expect(texts).toMatchObject({ path: '/reports/export', query: { cicleId: 3, periodoId: 7, campusId: 2, item: 'comments' }, fallbackName: 'reporte.csv' });
  });

  it('names a PDF by path alone reporte.pdf too', () => {
    expect(pdfRequest('/reports/nom035/applications/4/pdf').fallbackName).toBe('reporte.pdf');
  });

  it('shows the size received in kB, then MB', () => {
    expect(formatBytes(200)).toBe('1 kB');
    expect(formatBytes(850_000)).toBe('850 kB');
    expect(formatBytes(12_400_000)).toBe('12.4 MB');
  });
});
