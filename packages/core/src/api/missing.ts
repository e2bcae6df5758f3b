/**
 * Missing respondents and reminders (docs/reports.md, "Missing respondents
 * and reminders"): who of the expected people has not answered an
 * application yet, from completions and the directory only, and the reminder
 * e-mail sent to them. Shared by the server and the web.
 */
import { z } from 'zod';
import { displayDay } from '../dates';
import { countOf } from '../format';
import { BASE_PATH } from '../paths';
import { PERIOD_NAME_MESSAGE, PERIOD_NAME_PATTERN } from '../periods';
import { textSchema } from '../validation';
import { pageQuerySchema } from './common';
import { namedCampusSchema, namedPeriodSchema, reportScopeInfoSchema, reportScopeShape } from './reports';
import { PC_ID_PATTERN, respondentTypeSchema } from './respondents';

/** `students`: the student kinds; `academic`: teachers and administrative staff (their kinds' respondents). */
export const MISSING_AUDIENCES = ['students', 'academic'] as const;
export type MissingAudience = (typeof MISSING_AUDIENCES)[number];

export const MISSING_AUDIENCE_MISMATCH: Record<MissingAudience, string> = {
  students: 'Esta encuesta no la responden alumnos: consulta los pendientes de docentes y administrativos.',
  academic: 'Esta encuesta la responden alumnos: consulta los alumnos pendientes.',
};
export const MISSING_NO_EXPECTED_LIST = 'El buzón de sugerencias no tiene una lista de personas esperadas.';

export const FILTER_YEAR_MESSAGE = 'El año debe ser un número entre 1990 y 2100';
export const FILTER_PC_ID_MESSAGE = 'El pc_id debe tener exactamente 9 dígitos';

/** An empty query value ('plan=') is no filter. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (label: string, max: number) =>
  z.preprocess(blankAsAbsent, textSchema().trim().max(max, `${label}: máximo ${max} caracteres`).optional());

/** What identifies anyone in the directory: their 9-digit PowerCampus id. */
const pcIdFilter = z.preprocess(blankAsAbsent, z.string({ error: FILTER_PC_ID_MESSAGE }).trim().regex(PC_ID_PATTERN, FILTER_PC_ID_MESSAGE).optional());

/**
 * The student filter of spec §3, matched against the directory: `year` (the
 * year of admission, `anio`), `periodo` (the student's PowerCampus period,
 * by name: 2026A), `sesion`, `plan`, `grupo` (exact values) and `pc_id`.
 */
export const studentFilterShape = {
  year: z.preprocess(
    blankAsAbsent,
    z.coerce.number({ error: FILTER_YEAR_MESSAGE }).int(FILTER_YEAR_MESSAGE).min(1990, FILTER_YEAR_MESSAGE).max(2100, FILTER_YEAR_MESSAGE).optional(),
  ),
  periodo: z.preprocess(blankAsAbsent, z.string({ error: PERIOD_NAME_MESSAGE }).trim().toUpperCase().regex(PERIOD_NAME_PATTERN, PERIOD_NAME_MESSAGE).optional()),
  sesion: optionalText('La sesión', 30),
  plan: optionalText('El plan', 20),
  grupo: optionalText('El grupo', 20),
  pc_id: pcIdFilter,
};

/** Teachers and staff are filtered by pc_id only: the directory holds no plan or group for them. */
export const academicFilterShape = { pc_id: pcIdFilter };

/** The directory filter (every field optional): the student filter; teachers and staff use only `pc_id` (academicFilterSchema). */
export const directoryFilterSchema = z.object(studentFilterShape);
export const academicFilterSchema = z.object(academicFilterShape);
/** The directory filter as the server reads it and the web sends it. */
export type DirectoryFilter = z.output<typeof directoryFilterSchema>;
export const ACADEMIC_FILTER_MESSAGE = 'Los docentes y administrativos se filtran solo por pc_id.';

const scopeShape = { periodoId: reportScopeShape.periodoId, campusId: reportScopeShape.campusId };

/** GET /ciclo/{id}/missing/students (the cycle is the path's id). */
export const missingStudentsQuerySchema = z.object({ ...scopeShape, ...studentFilterShape, ...pageQuerySchema.shape });
/** GET /ciclo/{id}/missing/academic */
export const missingAcademicQuerySchema = z.object({ ...scopeShape, ...academicFilterShape, ...pageQuerySchema.shape });
export type MissingStudentsQuery = z.input<typeof missingStudentsQuerySchema>;
/** GET /ciclo/{id}/missing/{students|academic}/values: the scope only. */
export const missingFilterValuesQuerySchema = z.object(scopeShape);
/**
 * What the student filter's pickers offer, from the directory of the scope's
 * campuses (active students; none for teachers and staff): plans, groups and sessions; and the campuses
 * the user may narrow the list to (granted, with an application of the cycle
 * in the period).
 */
export const missingFilterValuesSchema = z.object({
  campuses: z.array(namedCampusSchema),
  plans: z.array(z.string()),
  groups: z.array(z.string()),
  sessions: z.array(z.string()),
});
export type MissingFilterValues = z.infer<typeof missingFilterValuesSchema>;
export type MissingAcademicQuery = z.input<typeof missingAcademicQuerySchema>;

export const missingPersonSchema = z.object({
  id: z.number(),
  pcId: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  campus: z.string(),
  /** Students only. */
  plan: z.string().nullable(),
  grupo: z.string().nullable(),
  /** Staff only (PUESTO); null for students and teachers. */
  puesto: z.string().nullable(),
  /**
   * What is left of a kind that asks for several questionnaires: the classes a
   * student takes and those evaluated (teacher evaluation), the guides
   * answered of 2 (NOM-035); null for the others.
   */
  subjects: z.object({ done: z.number(), total: z.number() }).nullable(),
});
export type MissingPerson = z.infer<typeof missingPersonSchema>;

export const MISSING_LIST_NOT_PERMITTED = 'Para ver quiénes faltan por responder necesitas el permiso «Ver Pendientes por Responder».';
export const NOT_LISTED_NOTE =
  'Personas que respondieron pero hoy no están en la lista esperada (dejaron el directorio, cambiaron de campus o salieron de la lista de nuevo ingreso). Solo se cuentan.';

/** GET /ciclo/{id}/missing/{students|academic} */
export const missingReportSchema = z.object({
  scope: reportScopeInfoSchema,
  audience: z.enum(MISSING_AUDIENCES),
  respondentType: respondentTypeSchema,
  /** Expected people under the filter: active in the directory of the scope's campuses (new intake: on the period's target list). */
  targetAmmount: z.number(),
  /** Expected people who are done: for teacher evaluation every class they take is evaluated; for NOM-035 both guides are answered. */
  answered: z.number(),
  missing: z.number(),
  /** Teacher evaluation: the evaluations the expected students owe (one a class) and those done; null for other kinds. */
  evaluations: z.object({ expected: z.number(), done: z.number() }).nullable(),
  /**
   * Participation per group under the filter, lowest rate first: students by plan and group at a
   * campus, teachers and staff by campus. Counts of people only (the list names them anyway).
   */
  breakdown: z.array(
    z.object({
      campus: namedCampusSchema,
      plan: z.string().nullable(),
      grupo: z.string().nullable(),
      expected: z.number(),
      answered: z.number(),
      rate: z.number().nullable(),
    }),
  ),
  /** Answered vs missing, for a chart (the figures above). */
  missingChartData: z.array(z.object({ key: z.enum(['answered', 'missing']), label: z.string(), value: z.number() })),
  /** Null without 'Ver Pendientes por Responder' (then `missingListMessage` says why). */
  missingList: z.object({ people: z.array(missingPersonSchema), total: z.number(), page: z.number(), perPage: z.number() }).nullable(),
  missingListMessage: z.string().nullable(),
  /** The last day to answer (YYYY-MM-DD): the latest end day of the scope's applications; null without one. Reminders name each person's own campus's. */
  deadline: z.string().nullable(),
  /** Completed while not on the expected list as it is now (whole scope, never filtered, never named). */
  notListed: z.number(),
  notListedNote: z.string(),
});
export type MissingReport = z.infer<typeof missingReportSchema>;

export const MISSING_CHART_LABELS = { answered: 'Respondieron', missing: 'Faltan por responder' } as const;

// ------------------------------------------------------- every survey type at once

/**
 * GET /periodos/{id}/missing/{students|academic} (the period is the path's
 * id): the missing list over every survey type open to the audience in the
 * period at the campus (or every granted campus), each person once with what
 * they still owe. The cycles are those the user is granted.
 */
const periodScopeShape = { campusId: reportScopeShape.campusId };
export const periodMissingStudentsQuerySchema = z.object({ ...periodScopeShape, ...studentFilterShape, ...pageQuerySchema.shape });
export const periodMissingAcademicQuerySchema = z.object({ ...periodScopeShape, ...academicFilterShape, ...pageQuerySchema.shape });
export type PeriodMissingStudentsQuery = z.input<typeof periodMissingStudentsQuerySchema>;
/** GET /periodos/{id}/missing/{audience}/values: the campus only. */
export const periodMissingValuesQuerySchema = z.object(periodScopeShape);

export const NO_OPEN_SURVEY_TYPES = 'No hay encuestas abiertas para este público en el periodo y campus seleccionados (o no tienes acceso a ellas).';

/** A survey type of the list: its cycle, the title respondents see, and the last day to answer (latest of the scope's applications). */
export const missingSurveyTypeSchema = z.object({
  cycle: z.object({ id: z.number(), name: z.string() }),
  surveyKind: z.string(),
  title: z.string(),
  respondentType: respondentTypeSchema,
  /** People expected for this type under the filter, and those done with it. */
  expected: z.number(),
  answered: z.number(),
  deadline: z.string().nullable(),
});
export type MissingSurveyType = z.infer<typeof missingSurveyTypeSchema>;

/** What the pickers offer (as a single type's list), plus the survey types open to the audience. */
export const periodMissingValuesSchema = missingFilterValuesSchema.extend({
  types: z.array(z.object({ cycleId: z.number(), title: z.string() })),
});
export type PeriodMissingValues = z.infer<typeof periodMissingValuesSchema>;

/** One survey type a person still owes. */
export const owedSurveySchema = z.object({
  cycleId: z.number(),
  surveyKind: z.string(),
  /** The kind's title as respondents see it. */
  title: z.string(),
  /** As a single type's list: classes evaluated of those taken, guides answered of 2; null for a kind asking for one. */
  subjects: z.object({ done: z.number(), total: z.number() }).nullable(),
  /** The last day to answer it at the person's campus (YYYY-MM-DD). */
  deadline: z.string().nullable(),
});
export type OwedSurvey = z.infer<typeof owedSurveySchema>;

export const periodMissingPersonSchema = missingPersonSchema.extend({
  /** Teachers and staff share the academic list: (respondentType, id) names a person. */
  respondentType: respondentTypeSchema,
  owed: z.array(owedSurveySchema),
});
export type PeriodMissingPerson = z.infer<typeof periodMissingPersonSchema>;

export const periodMissingReportSchema = z.object({
  periodo: namedPeriodSchema,
  campusId: z.number().nullable(),
  /** Campuses with an application of one of the types. */
  campuses: z.array(namedCampusSchema),
  audience: z.enum(MISSING_AUDIENCES),
  types: z.array(missingSurveyTypeSchema),
  /** People expected in any of the types under the filter. */
  targetAmmount: z.number(),
  /** Of them, people done with every type they are expected in. */
  answered: z.number(),
  /** People who still owe something. */
  missing: z.number(),
  /** Null without 'Ver Pendientes por Responder' (then `missingListMessage` says why). */
  missingList: z.object({ people: z.array(periodMissingPersonSchema), total: z.number(), page: z.number(), perPage: z.number() }).nullable(),
  missingListMessage: z.string().nullable(),
  /** No type open to the audience (or granted): `emptyMessage` says so. */
  empty: z.boolean(),
  emptyMessage: z.string().nullable(),
});
export type PeriodMissingReport = z.infer<typeof periodMissingReportSchema>;

// ------------------------------------------------------------------ reminders

export const REMINDER_PLACEHOLDERS = ['{nombre}', '{encuesta}', '{fecha_limite}', '{pendientes}', '{enlace}', '{institucion}'] as const;

/**
 * What every reminder of an audience says around its own lines, in the voice
 * the audience is addressed in (docs/spanish.md): tú to students, usted to
 * teachers and staff.
 */
const REMINDER_VOICE: Record<MissingAudience, { greeting: string; anonymous: string; link: string; thanks: string }> = {
  students: {
    greeting: 'Hola, {nombre}:',
    anonymous: 'Tus respuestas son anónimas y nos ayudan a mejorar.',
    link: 'Entra desde este enlace:',
    thanks: 'Gracias por tu tiempo.',
  },
  academic: {
    greeting: 'Buen día, {nombre}:',
    anonymous: 'Sus respuestas son anónimas y nos ayudan a mejorar.',
    link: 'Entre desde este enlace:',
    thanks: 'Gracias por su tiempo.',
  },
};

/** A reminder's text: the greeting, its own lines, the sign-in link and the thanks. */
function reminderText(audience: MissingAudience, lines: readonly string[]): string {
  const voice = REMINDER_VOICE[audience];
  return [voice.greeting, '', ...lines, '', voice.link, '{enlace}', '', voice.thanks, '{institucion}'].join('\n');
}

/**
 * The reminder's starting text for one survey type. {encuesta} is the title
 * respondents see, {fecha_limite} the application's last day, {pendientes}
 * what is left of a kind with several questionnaires (empty for the others)
 * and {enlace} the person's own sign-in link.
 */
export const DEFAULT_REMINDERS: Record<MissingAudience, { subject: string; text: string }> = {
  students: {
    subject: 'Recordatorio: responde «{encuesta}» antes del {fecha_limite}',
    text: reminderText('students', ['Aún no terminas «{encuesta}». {pendientes}', `Tienes hasta el {fecha_limite}. ${REMINDER_VOICE.students.anonymous}`]),
  },
  academic: {
    subject: 'Recordatorio: responda «{encuesta}» antes del {fecha_limite}',
    text: reminderText('academic', ['Aún no termina «{encuesta}». {pendientes}', `Tiene hasta el {fecha_limite}. ${REMINDER_VOICE.academic.anonymous}`]),
  },
};

/**
 * {pendientes}: what a kind asking for several questionnaires still lacks
 * («Te faltan 3 materias por evaluar.»), in the audience's voice; empty when
 * the kind asks for one.
 */
export function pendingSentence(audience: MissingAudience, subjects: { done: number; total: number } | null, perClass: boolean): string {
  if (!subjects) return '';
  const left = Math.max(0, subjects.total - subjects.done);
  if (left === 0) return '';
  const verb = audience === 'students' ? (left === 1 ? 'Te falta' : 'Te faltan') : left === 1 ? 'Le falta' : 'Le faltan';
  const what = perClass ? `${countOf(left, 'materia', 'materias')} por evaluar` : `${countOf(left, 'guía', 'guías')} por responder`;
  return `${verb} ${what}.`;
}

/**
 * The reminder over every survey type a person owes: {encuesta} names them
 * all, {pendientes} lists them one a line with each one's last day and what
 * is left, {fecha_limite} is the earliest last day.
 */
export const DEFAULT_ALL_TYPES_REMINDERS: Record<MissingAudience, { subject: string; text: string }> = {
  students: {
    subject: 'Recordatorio: tienes encuestas pendientes, la primera cierra el {fecha_limite}',
    text: reminderText('students', ['Aún te falta responder:', '{pendientes}', '', REMINDER_VOICE.students.anonymous]),
  },
  academic: {
    subject: 'Recordatorio: tiene encuestas pendientes, la primera cierra el {fecha_limite}',
    text: reminderText('academic', ['Aún le falta responder:', '{pendientes}', '', REMINDER_VOICE.academic.anonymous]),
  },
};

/** «A», «A y B», «A, B y C». */
function titlesList(titles: readonly string[]): string {
  const quoted = titles.map((title) => `«${title}»`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} y ${quoted.at(-1)}`;
}

/**
 * {encuesta}, {fecha_limite} and {pendientes} of a reminder over several
 * survey types: the titles, the earliest last day, and one line per type
 * («• «Evaluación docente», hasta el 30/11/2026. Te faltan 3 materias por evaluar.»).
 */
export function owedReminderValues(
  audience: MissingAudience,
  owed: readonly Pick<OwedSurvey, 'title' | 'subjects' | 'deadline' | 'surveyKind'>[],
  perClass: (surveyKind: string) => boolean,
): Pick<ReminderValues, 'encuesta' | 'fecha_limite' | 'pendientes'> {
  const deadlines = owed.map((survey) => survey.deadline).filter((day): day is string => Boolean(day));
  const lines = owed.map((survey) =>
    [`• «${survey.title}»${survey.deadline ? `, hasta el ${displayDay(survey.deadline)}` : ''}.`, pendingSentence(audience, survey.subjects, perClass(survey.surveyKind))]
      .filter(Boolean)
      .join(' '),
  );
  return { encuesta: titlesList(owed.map((survey) => survey.title)), fecha_limite: reminderDeadline(deadlines.sort()[0]), pendientes: lines.join('\n') };
}

export const REMINDER_SUBJECT_MESSAGE = 'Escribe el asunto del correo (hasta 150 caracteres, en una línea)';
export const REMINDER_TEXT_MESSAGE = 'Escribe el texto del correo (hasta 5,000 caracteres)';

const reminderTextShape = {
  subject: textSchema({ error: REMINDER_SUBJECT_MESSAGE })
    .trim()
    .min(1, REMINDER_SUBJECT_MESSAGE)
    .max(150, REMINDER_SUBJECT_MESSAGE)
    .refine((value) => !/[\r\n]/.test(value), REMINDER_SUBJECT_MESSAGE),
  text: textSchema({ error: REMINDER_TEXT_MESSAGE }).trim().min(1, REMINDER_TEXT_MESSAGE).max(5000, REMINDER_TEXT_MESSAGE),
};

/** POST /ciclo/{id}/missing/students/reminders: the list's filters and the text. */
export const studentRemindersBodySchema = z.object({ ...scopeShape, ...studentFilterShape, ...reminderTextShape });
/** POST /ciclo/{id}/missing/academic/reminders */
export const academicRemindersBodySchema = z.object({ ...scopeShape, ...academicFilterShape, ...reminderTextShape });
export type StudentRemindersBody = z.input<typeof studentRemindersBodySchema>;
export type AcademicRemindersBody = z.input<typeof academicRemindersBodySchema>;

/** POST /periodos/{id}/missing/students/reminders: one reminder per person naming every type they owe. */
export const periodStudentRemindersBodySchema = z.object({ ...periodScopeShape, ...studentFilterShape, ...reminderTextShape });
/** POST /periodos/{id}/missing/academic/reminders */
export const periodAcademicRemindersBodySchema = z.object({ ...periodScopeShape, ...academicFilterShape, ...reminderTextShape });

/** GET /ciclo/{id}/missing/{audience}/reminders/recipients: who a reminder would reach now. */
export const reminderRecipientsSchema = z.object({
  /** Missing, with an e-mail, not reminded today: the mails a send would write. */
  recipients: z.number(),
  /** Missing but already reminded today for this application. */
  alreadyReminded: z.number(),
  /** Missing with no e-mail in the directory. */
  withoutEmail: z.number(),
});
export type ReminderRecipients = z.infer<typeof reminderRecipientsSchema>;

export const REMINDER_JOB_STATUSES = ['running', 'done', 'interrupted'] as const;
export type ReminderJobStatus = (typeof REMINDER_JOB_STATUSES)[number];

export const reminderJobSchema = z.object({
  id: z.string(),
  status: z.enum(REMINDER_JOB_STATUSES),
  /** Recipients when the job started. */
  total: z.number(),
  /** People handled so far (sent, already reminded, failed, or answered meanwhile and left out). */
  processed: z.number(),
  sent: z.number(),
  alreadyReminded: z.number(),
  failed: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReminderJob = z.infer<typeof reminderJobSchema>;

/** POST …/reminders (202) and GET /reminders/{id}: one sending's progress. */
export const reminderJobAnswerSchema = z.object({ job: reminderJobSchema });
export type ReminderJobAnswer = z.infer<typeof reminderJobAnswerSchema>;

/**
 * A reminder's subject or text with links that lead outside the platform
 * (the server finds them: it knows the platform's public address).
 */
export function reminderOutsideLinksMessage(platformUrl: string, links: readonly string[]): string {
  const shown = links.slice(0, 3).map((link) => `«${link}»`);
  const more = links.length > 3 ? ` y ${links.length - 3} más` : '';
  return (
    `Solo puede haber enlaces a la plataforma (${platformUrl}). Quita ${shown.join(', ')}${more}: ` +
    'los programas de correo convierten en enlace cualquier dirección web, dominio o correo electrónico.'
  );
}

export const NO_REMINDER_RECIPIENTS = 'No hay a quién enviar: todas las personas pendientes con correo ya recibieron un recordatorio hoy.';
export const REMINDER_JOB_NOT_FOUND = 'No se encontró el envío de recordatorios.';

export interface ReminderValues {
  nombre: string;
  /** The kind's title as respondents see it (never the internal cycle name). */
  encuesta: string;
  /** The application's last day, DD/MM/YYYY (`reminderDeadline`). */
  fecha_limite: string;
  /** `pendingSentence`. */
  pendientes: string;
  enlace: string;
  institucion: string;
}

/** {fecha_limite} of a YYYY-MM-DD end day ('' when none is known). */
export const reminderDeadline = (endDay: string | null | undefined): string => (endDay ? displayDay(endDay) : '');

/**
 * The mail one person receives (and the preview shows): placeholders
 * replaced (a line left ending in a space by an empty {pendientes} is
 * trimmed); the sign-in link is added at the end when the text lacks
 * {enlace}, so every reminder leads in.
 */
export function renderReminder(template: { subject: string; text: string }, values: ReminderValues): { subject: string; text: string } {
  const fill = (input: string) =>
    input
      .replaceAll('{nombre}', values.nombre)
      .replaceAll('{encuesta}', values.encuesta)
      .replaceAll('{fecha_limite}', values.fecha_limite)
      .replaceAll('{pendientes}', values.pendientes)
      .replaceAll('{enlace}', values.enlace)
      .replaceAll('{institucion}', values.institucion)
      .replace(/[ \t]+$/gm, '');
  const text = template.text.includes('{enlace}') ? fill(template.text) : `${fill(template.text)}\n\n${values.enlace}`;
  return { subject: fill(template.subject), text };
}

/** The respondents' login page, under the platform's public address. */
export function respondentLoginUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${BASE_PATH}/login`;
}
