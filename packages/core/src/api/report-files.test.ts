import { describe, expect, it } from 'vitest';
import { csvLine, escapeSpreadsheetText, exportQuerySchema, fileNameFromDisposition, fileNamePart, studentsPdfQuerySchema, STUDENT_FILTER_NOT_IN_REPORT } from './report-files';

describe('escapeSpreadsheetText', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tX', '\rX'])('turns %j into text with a leading apostrophe', (text) => {
    expect(escapeSpreadsheetText(text)).toBe(`'${text}`);
  });
  it('leaves ordinary texts, inner signs and empty strings as they are', () => {
    for (const text of ['Excelente servicio', 'a=b', 'correo@x.mx', '', ' =no']) expect(escapeSpreadsheetText(text)).toBe(text);
  });
});

describe('csvLine', () => {
  it('quotes texts, doubles quotes, escapes formulas and keeps numbers as numbers', () => {
    expect(csvLine(['dijo "hola"', 4.5, null, '=1+1', -3])).toBe('"dijo ""hola""",4.5,,"\'=1+1",-3\r\n');
  });
  it('keeps line breaks inside a quoted cell', () => {
    expect(csvLine(['uno\ndos'])).toBe('"uno\ndos"\r\n');
  });
});

describe('file names', () => {
  it('makes an ASCII slug of Spanish words', () => {
    expect(fileNamePart('Evaluación Docente — Campus Ñuñoa 2026A')).toBe('evaluacion-docente-campus-nunoa-2026a');
  });
  it('reads filename* before filename and falls back when there is none', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''reporte-ni%C3%B1o.pdf`, 'x')).toBe('reporte-niño.pdf');
    expect(fileNameFromDisposition('attachment; filename="tabla.csv"', 'x')).toBe('tabla.csv');
    expect(fileNameFromDisposition(null, 'reporte.pdf')).toBe('reporte.pdf');
  });
});

describe('query schemas', () => {
  it('asks a breakdown for its segment and a comment table for its item', () => {
    const breakdown = exportQuerySchema.safeParse({ cicleId: '1', periodoId: '2', table: 'breakdown' });
    expect(breakdown.success).toBe(false);
    expect(breakdown.error?.issues[0]?.path).toEqual(['segment']);
    const texts = exportQuerySchema.safeParse({ cicleId: '1', periodoId: '2', table: 'texts', format: 'csv' });
    expect(texts.error?.issues[0]?.path).toEqual(['item']);
    expect(exportQuerySchema.parse({ cicleId: '1', periodoId: '2', table: 'items' }).format).toBe('xlsx');
  });
  it('refuses the student filters an anonymous report cannot apply, accepts plan and group', () => {
    const refused = studentsPdfQuerySchema.safeParse({ periodoId: '2', pc_id: '123456789' });
    expect(refused.error?.issues[0]?.message).toBe(STUDENT_FILTER_NOT_IN_REPORT);
    expect(studentsPdfQuerySchema.parse({ periodoId: '2', plan: 'ING', grupo: '1A', year: '' })).toMatchObject({ plan: 'ING', grupo: '1A' });
    expect(studentsPdfQuerySchema.safeParse({ periodoId: '2', grupo: '1A' }).success).toBe(false);
  });
});
