import { describe, expect, it, beforeEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReportOverview } from '@encuestas/core/api/reports';
import type { TeacherRow, TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, renderScreen, sentTo, signInAdmin, type SentRequest } from '../../../../test-support/dom-harness';
import TeacherEvaluationPanel from './teacher-evaluation-panel';

const norte = { id: 1, nombre: 'Puebla' };
const sur = { id: 2, nombre: 'Tehuacán' };

function row(rank: number, name: string, campus: { id: number; nombre: string }, mean: number, previousMean: number | null, change: number | null): TeacherRow {
  return {
    teacher: { id: rank, name, campusId: campus.id },
    rank,
    n: 12,
    mean,
    sd: 0.4,
    group: mean >= 4.5 ? 'destacados' : mean >= 3.5 ? 'suficientes' : 'insuficientes',
    approved: mean >= 3.5,
    campus,
    previousMean,
    change,
  };
}

const ROWS = [row(1, 'José Núñez Peña', norte, 4.62, 4.5, 0.12), row(2, 'Ana Alvarado', sur, 3.9, null, null), row(3, 'Beto Bravo', norte, 3.2, 3.25, -0.05)];

/** The fake server's ranking: the search and sort of the request, as the API applies them (enough for the screen's sake). */
function teachers(campusId: number | null) {
  return (request: SentRequest) => {
    const params = new URL(request.path, 'http://x').searchParams;
    const search = params.get('search');
    const listed = search ? ROWS.filter((r) => r.teacher.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').includes(search)) : ROWS;
    const order = (params.get('order') ?? 'asc') as 'asc' | 'desc';
    const sorted = params.get('sort') === 'mean' ? [...listed].sort((a, b) => (order === 'asc' ? a.mean - b.mean : b.mean - a.mean)) : listed;
    const report: TeachersReport = {
      scope: {
        cycle: { id: 3, name: 'Evaluación Docente', surveyKind: 'alumnos/evaluacionDocente' },
        periodo: { id: 9, nombre: '2026A' },
        campusId,
        campuses: [norte, sur],
        from: null,
        to: null,
        empty: false,
        emptyMessage: null,
      },
      setting: { outstandingMin: 4.5, sufficientMin: 3.5, rule: 'Destacados: promedio de 4.5 o más' },
      minGroupSize: 5,
      withheldExplanation: '',
      groups: [{ key: 'docentes', label: 'Docentes', n: 3 }],
      withheldTeachers: 0,
      group: 'docentes',
      search,
      sort: (params.get('sort') ?? 'rank') as TeachersReport['sort'],
      order,
      previousPeriodo: { id: 8, nombre: '2025B' },
      teachers: sorted,
      total: sorted.length,
      page: 1,
      perPage: 12,
    };
    return Response.json(report);
  };
}

beforeEach(() => {
  signInAdmin([PERMISSIONS.viewCycleReports]);
  answer('GET /reports/teacher-comments', { teachers: [], withheldTeachers: 0, total: 0, page: 1, perPage: 12, minGroupSize: 5, withheldExplanation: '' });
});

const renderPanel = (campusId: number | null) =>
  // The teacher panel reads its own endpoints, not the report's overview.
  renderScreen(<TeacherEvaluationPanel filters={{ cicleId: 3, periodoId: 9, campusId, from: null, to: null }} overview={{} as ReportOverview} />);

describe('the teachers’ ranking', () => {
  it('shows each teacher’s campus in the report by cycle, the previous term and the change with its sign, «—» where there is none', async () => {
    answer('GET /reports/teachers', teachers(null));
    renderPanel(null);
    const table = await screen.findByRole('table', { name: 'Docentes' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Lugar', 'Docente', 'Campus', 'Evaluaciones', 'Promedio', 'Desviación', 'Resultado', 'Promedio 2025B', 'Cambio desde 2025B']);
    const jose = within(table).getByRole('row', { name: /José Núñez Peña/ });
    expect(within(jose).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Puebla', '12', '4.62', '0.40', 'Destacado', '4.50', '+0.12']);
    expect(within(within(table).getByRole('row', { name: /Beto Bravo/ })).getByText('\u22120.05')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Ana Alvarado/ })).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText(/Cambio: promedio de 2026A menos promedio de 2025B/)).toBeTruthy();
  });

  it('leaves the campus out of one campus’s report', async () => {
    answer('GET /reports/teachers', teachers(1));
    renderPanel(1);
    const table = await screen.findByRole('table', { name: 'Docentes' });
    expect(within(table).queryByRole('columnheader', { name: 'Campus' })).toBeNull();
  });

  it('searches on the server as the user types, from the first page', async () => {
    answer('GET /reports/teachers', teachers(null));
    const { user } = renderPanel(null);
    await screen.findByRole('table', { name: 'Docentes' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar docente por nombre' }), 'jose');
    await waitFor(() => expect(sentTo('GET /reports/teachers').at(-1)!.path).toMatch(/search=jose.*page=1|page=1.*search=jose/));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ana Alvarado/ })).toBeNull());
    expect(screen.getByRole('row', { name: /José Núñez Peña/ })).toBeTruthy();
  });

  it('sorts by a column on the server from its header, by mouse or keyboard, and says which in aria-sort', async () => {
    answer('GET /reports/teachers', teachers(null));
    const { user } = renderPanel(null);
    const table = await screen.findByRole('table', { name: 'Docentes' });
    expect(within(table).getByRole('columnheader', { name: 'Lugar' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(table).getByRole('button', { name: 'Promedio' }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Promedio' }).getAttribute('aria-sort')).toBe('descending'));
    expect(sentTo('GET /reports/teachers').at(-1)!.path).toContain('sort=mean&order=desc');
    // The same header from the keyboard: the other order.
    within(table).getByRole('button', { name: 'Promedio' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Promedio' }).getAttribute('aria-sort')).toBe('ascending'));
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Beto Bravo', 'Ana Alvarado', 'José Núñez Peña']);
  });
});
