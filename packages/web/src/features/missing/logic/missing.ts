/** The missing-respondents screen's logic, apart from React so it is tested alone. */
import {
  academicFilterSchema,
  directoryFilterSchema,
  owedReminderValues,
  pendingSentence,
  reminderDeadline,
  renderReminder,
  respondentLoginUrl,
  type DirectoryFilter,
  type MissingAudience,
  type MissingPerson,
  type MissingReport,
  type PeriodMissingPerson,
  type PeriodMissingReport,
  type ReminderJob,
} from '@encuestas/core/api/missing';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { formatCount, formatPercent } from '@encuestas/core/format';

export const MISSING_TITLES: Record<MissingAudience, string> = {
  students: 'Alumnos pendientes de responder',
  academic: 'Docentes y administrativos pendientes de responder',
};

/** The filter fields as typed (text inputs), before validation. */
export interface FilterForm {
  year: string;
  periodo: string;
  sesion: string;
  plan: string;
  grupo: string;
  pc_id: string;
}

export const EMPTY_FILTER_FORM: FilterForm = { year: '', periodo: '', sesion: '', plan: '', grupo: '', pc_id: '' };

export const FILTER_LABELS: Record<keyof FilterForm, string> = {
  year: 'Año de ingreso',
  periodo: 'Periodo del alumno',
  sesion: 'Sesión',
  plan: 'Plan',
  grupo: 'Grupo',
  // The directory's name for the field stays in brackets: it is what the spreadsheets call it.
  pc_id: 'Matrícula o número de empleado (pc_id)',
};

/** The fields each audience filters by: the directory holds no plan or group for teachers and staff. */
export const FILTER_FIELDS: Record<MissingAudience, readonly (keyof FilterForm)[]> = {
  students: ['plan', 'grupo', 'sesion', 'year', 'periodo', 'pc_id'],
  academic: ['pc_id'],
};

const SCHEMAS = { students: directoryFilterSchema, academic: academicFilterSchema };

/**
 * The typed filter checked with the server's own rules (core), so a bad value
 * shows its Spanish message on its field before any request.
 */
export function parseFilterForm(
  audience: MissingAudience,
  form: FilterForm,
): { ok: true; filter: DirectoryFilter } | { ok: false; errors: Partial<Record<keyof FilterForm, string>> } {
  const input = Object.fromEntries(FILTER_FIELDS[audience].map((field) => [field, form[field]]));
  const result = SCHEMAS[audience].safeParse(input);
  if (result.success) {
    const filter = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined)) as DirectoryFilter;
    return { ok: true, filter };
  }
  const errors: Partial<Record<keyof FilterForm, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof FilterForm;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whole percentages of answered and missing that add up to 100 (0 and 0 when nobody is expected). */
export function chartShares(answered: number, missing: number): { answered: number; missing: number } {
  const total = answered + missing;
  if (total === 0) return { answered: 0, missing: 0 };
  const answeredShare = Math.round((answered / total) * 100);
  return { answered: answeredShare, missing: 100 - answeredShare };
}

export { formatCount };

/**
 * What a person on the list has done of a kind that asks for several
 * questionnaires: classes evaluated (students, teacher evaluation) or guides
 * answered (staff, NOM-035); null when the kind asks for one.
 */
export function subjectsProgress(person: Pick<MissingPerson, 'subjects'>, audience: MissingAudience): string | null {
  if (!person.subjects) return null;
  const { done, total } = person.subjects;
  return audience === 'students'
    ? `Evaluó ${formatCount(done)} de ${total === 1 ? '1 materia' : `${formatCount(total)} materias`}`
    : `Respondió ${formatCount(done)} de ${total === 1 ? '1 guía' : `${formatCount(total)} guías`}`;
}

/** «Evaluaciones hechas: 1 de 4 (25%)», for a per-class kind's list. */
export function evaluationsLine(evaluations: NonNullable<MissingReport['evaluations']>): string {
  return doneOfExpected(evaluations.done, evaluations.expected);
}

/** «3 de 4 (75%)». */
function doneOfExpected(done: number, expected: number): string {
  const share = expected ? formatPercent(done / expected) : formatPercent(null);
  return `${formatCount(done)} de ${formatCount(expected)} (${share})`;
}

/** 'N personas' in Spanish. */
export function peopleLabel(n: number): string {
  return n === 1 ? '1 persona' : `${formatCount(n)} personas`;
}

/** How far a sending is, 0–100. */
export function jobProgress(job: ReminderJob): number {
  if (job.status === 'done' || job.total === 0) return 100;
  return Math.min(100, Math.round((job.processed / job.total) * 100));
}

/** What the dialog says about a sending. */
export function jobSummary(job: ReminderJob): string {
  const sent = job.sent === 1 ? 'Se envió 1 recordatorio' : `Se enviaron ${formatCount(job.sent)} recordatorios`;
  const extras = [
    job.alreadyReminded ? `${peopleLabel(job.alreadyReminded)} ya lo había recibido hoy` : null,
    job.failed ? `${formatCount(job.failed)} no se pudieron enviar` : null,
  ].filter(Boolean);
  const tail = extras.length ? `; ${extras.join('; ')}` : '';
  if (job.status === 'running') return `Enviando… ${formatCount(job.processed)} de ${formatCount(job.total)}`;
  if (job.status === 'interrupted') return `El envío se interrumpió (el servidor se reinició). ${sent}${tail}. Puedes enviarlo de nuevo: nadie recibe dos el mismo día.`;
  return `${sent}${tail}.`;
}

/** The mail as one person would receive it, with an example person (the first listed) and the login page for their own link. */
export function reminderPreview(
  template: { subject: string; text: string },
  context: {
    /** The kind's title, as respondents see it. */
    title: string;
    /** The application's last day, YYYY-MM-DD. */
    deadline: string | null;
    audience: MissingAudience;
    institutionName: string;
    origin: string;
    example?: Pick<MissingPerson, 'fullName' | 'subjects'> | undefined;
    perClass?: boolean;
  },
): { subject: string; text: string } {
  return renderReminder(template, {
    nombre: context.example?.fullName ?? 'Nombre Apellido',
    encuesta: context.title,
    fecha_limite: reminderDeadline(context.deadline),
    pendientes: pendingSentence(context.audience, context.example?.subjects ?? null, context.perClass ?? false),
    enlace: respondentLoginUrl(context.origin),
    institucion: context.institutionName,
  });
}

const perClass = (kind: string) => surveyKindInfo(kind as SurveyKindId).subjects === 'perClass';

/**
 * The reminder over every type as the example person (the first listed)
 * would receive it; with nobody listed, as someone owing every type would.
 */
export function allTypesReminderPreview(
  template: { subject: string; text: string },
  context: {
    audience: MissingAudience;
    institutionName: string;
    origin: string;
    types: PeriodMissingReport['types'];
    example?: Pick<PeriodMissingPerson, 'fullName' | 'owed'> | undefined;
  },
): { subject: string; text: string } {
  const owed =
    context.example?.owed ?? context.types.map((type) => ({ title: type.title, surveyKind: type.surveyKind, subjects: null, deadline: type.deadline }));
  return renderReminder(template, {
    ...owedReminderValues(context.audience, owed, perClass),
    nombre: context.example?.fullName ?? 'Nombre Apellido',
    enlace: respondentLoginUrl(context.origin),
    institucion: context.institutionName,
  });
}

/** «3 de 4 (75%)»: people of a survey type who answered it of those expected. */
export function typeAnsweredLine(type: Pick<PeriodMissingReport['types'][number], 'expected' | 'answered'>): string {
  return doneOfExpected(type.answered, type.expected);
}
