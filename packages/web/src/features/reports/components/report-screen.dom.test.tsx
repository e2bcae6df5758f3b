/**
 * The report screen's calls (issue 20: every report screen interactive in
 * under 1 s): a kind's panel asks for its own figures as soon as the overview
 * names the kind, beside the report's other calls, not a wave later once the
 * panel's code has loaded; the panel then reads them from the cache.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReportOverview } from '@encuestas/core/api/reports';
import type { TeacherCommentsReport, TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { ReportScreen } from './report-screen';

const puebla = { id: 1, nombre: 'Puebla' };
const scope: ReportOverview['scope'] = {
  cycle: { id: 3, name: 'Evaluación Docente', surveyKind: 'alumnos/evaluacionDocente' },
  periodo: { id: 9, nombre: '2026A' },
  campusId: 1,
  campuses: [puebla],
  from: null,
  to: null,
  empty: false,
  emptyMessage: null,
};

const overview: ReportOverview = {
  scope,
  kind: { id: 'alumnos/evaluacionDocente', title: 'Evaluación docente', respondent: 'student' },
  minGroupSize: 5,
  withheldExplanation: 'Se oculta porque reúne menos de 5 respuestas.',
  totals: { published: 40, held: 0, heldMessage: null, expected: 50, respondents: 40, responseRate: 0.8 },
  daily: [],
  monthly: [],
  campuses: null,
  questionnaires: [],
  texts: [],
  trend: [],
  extraReports: [],
};

const ranking: TeachersReport = {
  scope,
  setting: { outstandingMin: 4.5, sufficientMin: 3.5, rule: 'Destacados: promedio de 4.5 o más' },
  minGroupSize: 5,
  withheldExplanation: '',
  groups: [{ key: 'docentes', label: 'Docentes', n: 1 }],
  withheldTeachers: 0,
  group: 'docentes',
  search: null,
  sort: 'rank',
  order: 'asc',
  previousPeriodo: null,
  teachers: [
    {
      teacher: { id: 7, name: 'José Núñez Peña', campusId: 1 },
      rank: 1,
      n: 12,
      mean: 4.62,
      sd: 0.4,
      group: 'destacados',
      approved: true,
      campus: puebla,
      previousMean: null,
      change: null,
    },
  ],
  total: 1,
  page: 1,
  perPage: 12,
};

const comments: TeacherCommentsReport = {
  scope,
  minGroupSize: 5,
  withheldExplanation: '',
  teachers: [{ teacher: { id: 7, name: 'José Núñez Peña', campusId: 1 }, comments: 6 }],
  withheldTeachers: 0,
  total: 1,
  page: 1,
  perPage: 12,
};

/** Whether the teacher panel was on screen when a request arrived (its search field renders before any data). */
const panelShown = () => screen.queryByRole('searchbox', { name: 'Buscar docente por nombre' }) !== null;

describe('the teacher evaluation report’s calls', () => {
  it('asks for the ranking and the comments as soon as the overview names the kind, once each', async () => {
    signInAdmin([PERMISSIONS.viewCampusReports]);
    answer('GET /reports/overview', overview);
    const shownAt: Record<string, boolean> = {};
    answer('GET /reports/teachers', () => {
      shownAt.teachers = panelShown();
      return ranking;
    });
    answer('GET /reports/teacher-comments', () => {
      shownAt.comments = panelShown();
      return comments;
    });
    renderScreen(<ReportScreen mode="campus" />, { path: '/reporte/1?cicleId=3&periodoId=9', route: '/reporte/:campusId' });

    const table = await screen.findByRole('table', { name: 'Docentes' });
    expect(within(table).getByRole('row', { name: /José Núñez Peña/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /José Núñez Peña.*6 comentarios/ })).toBeTruthy();
    // Both left before the panel was drawn: they did not wait for its code.
    expect(shownAt).toEqual({ teachers: false, comments: false });
    // The panel read what was asked for, not asked again: the same first view and page, the whole period.
    expect(sentTo('GET /reports/teachers')).toHaveLength(1);
    expect(sentTo('GET /reports/teacher-comments')).toHaveLength(1);
    const asked = sentTo('GET /reports/teachers')[0]!.query;
    expect(Object.fromEntries(asked)).toEqual({ cicleId: '3', periodoId: '9', campusId: '1', group: 'docentes', sort: 'rank', order: 'asc', page: '1' });
  });

  it('asks for nothing of the panel when the period had no application of the survey', async () => {
    signInAdmin([PERMISSIONS.viewCampusReports]);
    answer('GET /reports/overview', { ...overview, scope: { ...scope, empty: true, emptyMessage: 'No hubo aplicación de esta encuesta en el campus y periodo seleccionados.' } });
    renderScreen(<ReportScreen mode="campus" />, { path: '/reporte/1?cicleId=3&periodoId=9', route: '/reporte/:campusId' });
    expect(await screen.findByText('No hubo aplicación de esta encuesta en el campus y periodo seleccionados.')).toBeTruthy();
    expect(sentTo('GET /reports/teachers')).toHaveLength(0);
    expect(sentTo('GET /reports/teacher-comments')).toHaveLength(0);
  });
});
