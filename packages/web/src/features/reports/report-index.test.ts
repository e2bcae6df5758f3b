import { describe, expect, it } from 'vitest';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { reportIndexEntries } from './logic/report-index';

const section = (id: string, title: string) => ({ id, title, average: null, scored: 0, items: [] });

function overview(parts: Partial<ReportOverview>): ReportOverview {
  return { campuses: null, trend: [], questionnaires: [], texts: [], ...parts } as ReportOverview;
}

describe("the report's index", () => {
  it('lists the parts in the page order, each questionnaire section by its title', () => {
    const entries = reportIndexEntries(
      overview({
        campuses: [{}, {}] as ReportOverview['campuses'],
        trend: [{}, {}] as ReportOverview['trend'],
        questionnaires: [{ id: 'servicios-a', version: 2, title: 'A', sections: [section('library', 'Biblioteca'), section('labs', 'Laboratorios')] }],
        texts: [{ id: 'comments', text: 'Comentarios', sectionId: 'labs', total: 3, withheld: false }],
      }),
      { indexLabel: 'Resultados por docente' },
    );
    expect(entries.map((e) => e.label)).toEqual([
      'Resumen',
      'Por campus',
      'Resultados por docente',
      'Respuestas por día y por mes',
      'Tendencia',
      'Biblioteca',
      'Laboratorios',
      'Por plan y grupo',
      'Comentarios',
    ]);
    expect(entries[5]!.id).toBe('seccion-servicios-a-v2-library');
  });

  it('leaves out what the report lacks, and puts a leading panel first (NOM-035)', () => {
    const entries = reportIndexEntries(overview({ campuses: [{}] as ReportOverview['campuses'], trend: [{}] as ReportOverview['trend'] }), {
      indexLabel: 'NOM-035: niveles de riesgo',
      leads: true,
    });
    expect(entries.map((e) => e.label)).toEqual(['NOM-035: niveles de riesgo', 'Resumen', 'Respuestas por día y por mes']);
  });
});
