import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDERS, FILTER_PC_ID_MESSAGE, FILTER_YEAR_MESSAGE, type ReminderJob } from '@encuestas/core/api/missing';
import { PERIOD_NAME_MESSAGE } from '@encuestas/core/periods';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { audienceFromSlug, missingLinkForOverview, missingPath, missingPathForReport } from '../paths';
import { chartShares, EMPTY_FILTER_FORM, jobProgress, jobSummary, parseFilterForm, reminderPreview } from './missing';

const job = (change: Partial<ReminderJob>): ReminderJob => ({
  id: 'j',
  status: 'running',
  total: 40,
  processed: 10,
  sent: 9,
  alreadyReminded: 1,
  failed: 0,
  createdAt: '2026-03-02T16:00:00.000Z',
  finishedAt: null,
  ...change,
});

describe('missing list filters', () => {
  it('sends only the filled fields, upper-cases the period, and drops student fields for teachers and staff', () => {
    const form = { ...EMPTY_FILTER_FORM, plan: ' ING ', grupo: '1A', periodo: '2026a', year: '2025' };
    expect(parseFilterForm('students', form)).toEqual({ ok: true, filter: { plan: 'ING', grupo: '1A', periodo: '2026A', year: 2025 } });
    expect(parseFilterForm('academic', { ...form, pc_id: '123456789' })).toEqual({ ok: true, filter: { pc_id: '123456789' } });
  });

  it('shows the server’s Spanish message on each bad field', () => {
    const result = parseFilterForm('students', { ...EMPTY_FILTER_FORM, year: '20', periodo: '26A', pc_id: '12' });
    expect(result).toEqual({ ok: false, errors: { year: FILTER_YEAR_MESSAGE, periodo: PERIOD_NAME_MESSAGE, pc_id: FILTER_PC_ID_MESSAGE } });
  });
});

describe('chart and progress', () => {
  it('splits answered and missing into whole percentages that add up to 100', () => {
    expect(chartShares(1, 2)).toEqual({ answered: 33, missing: 67 });
    expect(chartShares(2, 1)).toEqual({ answered: 67, missing: 33 });
    expect(chartShares(0, 0)).toEqual({ answered: 0, missing: 0 });
  });

  it('reports a sending’s progress and its outcome in Spanish', () => {
    expect(jobProgress(job({}))).toBe(25);
    expect(jobSummary(job({}))).toBe('Enviando… 10 de 40');
    expect(jobProgress(job({ status: 'done', processed: 38 }))).toBe(100);
    expect(jobSummary(job({ status: 'done', sent: 38, alreadyReminded: 1, failed: 1 }))).toBe(
      'Se enviaron 38 recordatorios; 1 persona ya lo había recibido hoy; 1 no se pudieron enviar.',
    );
    expect(jobSummary(job({ status: 'interrupted', sent: 1, alreadyReminded: 0 }))).toContain('El envío se interrumpió');
  });
});

describe('reminder preview', () => {
  const example = { fullName: 'Ana López', subjects: null };
  it('speaks tú to students and usted to teachers and staff by default', () => {
    const context = { title: 'Ambiente laboral', deadline: '2026-03-20', institutionName: 'Universidad', origin: 'https://encuestas.mx', example };
    const students = reminderPreview(DEFAULT_REMINDERS.students, { ...context, audience: 'students' });
    const academic = reminderPreview(DEFAULT_REMINDERS.academic, { ...context, audience: 'academic' });
    expect(students.text).toContain('Aún no terminas «Ambiente laboral».\nTienes hasta el 20/03/2026.');
    expect(academic.subject).toBe('Recordatorio: responda «Ambiente laboral» antes del 20/03/2026');
    expect(academic.text).toContain('Aún no termina');
    expect(academic.text).not.toMatch(/\b(tu|tus|has|entra|tienes)\b/i);
  });

  it('fills the default text with the title, the deadline, what is left, the link and the institution', () => {
    const preview = reminderPreview(DEFAULT_REMINDERS.students, {
      title: 'Evaluación docente',
      deadline: '2026-11-30',
      audience: 'students',
      institutionName: 'Universidad',
      origin: 'https://encuestas.mx',
      example: { fullName: 'Ana López', subjects: { done: 1, total: 4 } },
      perClass: true,
    });
    expect(preview.subject).toBe('Recordatorio: responde «Evaluación docente» antes del 30/11/2026');
    expect(preview.text).toContain('Hola, Ana López:');
    expect(preview.text).toContain('Aún no terminas «Evaluación docente». Te faltan 3 materias por evaluar.');
    expect(preview.text).toContain('https://encuestas.mx/encuestas/login');
    expect(preview.text).not.toContain('{');
  });

  it('adds the link when the edited text lost it', () => {
    const preview = reminderPreview(
      { subject: 'Hola', text: 'Responde, por favor.' },
      { title: 'X', deadline: null, audience: 'students', institutionName: 'U', origin: 'https://e.mx' },
    );
    expect(preview.text).toBe('Responde, por favor.\n\nhttps://e.mx/encuestas/login');
  });
});

describe('paths', () => {
  it('builds the path a report links to, by its respondent type', () => {
    expect(missingPath({ audience: 'students', cicleId: 3, periodoId: 7, campusId: 2 })).toBe('/admin/pendientes/alumnos/3?periodoId=7&campusId=2');
    expect(missingPathForReport({ respondent: 'staff', cicleId: 8, periodoId: 7, campusId: null })).toBe('/admin/pendientes/academicos/8?periodoId=7');
    expect(missingPathForReport({ respondent: 'any', cicleId: 9, periodoId: 7 })).toBeNull();
    expect(audienceFromSlug('academicos')).toBe('academic');
    expect(audienceFromSlug('otros')).toBeNull();
  });
});

describe('the report’s link to its missing list', () => {
  const overview = (respondent: ReportOverview['kind']['respondent'], campusId: number | null) =>
    ({
      kind: { id: 'alumnos/serviciosA', title: 'Servicios', respondent },
      scope: { cycle: { id: 4, name: 'Servicios', surveyKind: 'alumnos/serviciosA' }, periodo: { id: 7, nombre: '2026A' }, campusId },
    }) as Pick<ReportOverview, 'kind' | 'scope'>;

  it('links a report of people expected to its audience’s list, with its period and campus', () => {
    expect(missingLinkForOverview(overview('student', 2), [PERMISSIONS.viewCampusReports])).toBe('/admin/pendientes/alumnos/4?periodoId=7&campusId=2');
    expect(missingLinkForOverview(overview('teacher', null), [PERMISSIONS.viewCycleReports])).toBe('/admin/pendientes/academicos/4?periodoId=7');
  });

  it('shows no link for the suggestion box, which expects nobody, nor to someone without a report permission', () => {
    expect(missingLinkForOverview(overview('any', 2), [PERMISSIONS.viewCycleReports])).toBeNull();
    expect(missingLinkForOverview(overview('student', 2), [PERMISSIONS.viewMissingRespondents])).toBeNull();
  });
});
