/**
 * A campus's NOM-035 evidence file (issue 22, docs/nom035.md): the norm's
 * obligations numeral by numeral with a state and their evidence, and what
 * the campus records for them (the 5.1 policy, what was made known under
 * 5.7, the 7.7 report's fields and the 8.4 action program with its
 * progress). Shared by the server's routes (features/nom035-file) and the
 * web's client. Never one worker's answers; referral names only for
 * 'Ver Canalizaciones NOM-035'.
 */
import { z } from 'zod';
import { idFromTextSchema, textSchema } from '../validation';
import { isoDaySchema } from './common';
import { displayDay } from '../dates';
import { RISK_LEVELS, type RiskLevel } from '../survey-kinds/nom035/risk-levels';
import { ACTION_LEVELS, ACTION_STATES, NOTICE_ITEMS, OBLIGATION_STATES, type ActionLevel, type ActionState, type NoticeItem, type ObligationState } from '../nom035-file-labels';

export const NOM035_CAMPUS_NOT_FOUND = 'No se encontró el campus.';
export const NOM035_APPLICATION_NOT_FOUND = 'No se encontró la aplicación de la NOM-035 en ese campus.';
export const NOM035_ACTION_NOT_FOUND = 'No se encontró la acción del programa.';
export const NOM035_NOTICE_NOT_FOUND = 'No se encontró el registro de difusión.';
export const NOM035_GROUP_UNKNOWN = 'Elige una categoría o un dominio de la guía aplicada.';
/** 7.8: results are published to staff once the application has closed, and only above the small-group rule. */
export const nom035PublishOpenMessage = (endDay: string) =>
  `La aplicación sigue abierta hasta el ${displayDay(endDay)}: publica sus resultados al personal cuando cierre.`;
export const nom035PublishWithheldMessage = (minGroupSize: number) =>
  `No se pueden publicar: respondieron menos de ${minGroupSize} trabajadores y la regla de grupos pequeños oculta los resultados.`;

export {
  ACTION_LEVELS,
  ACTION_STATES,
  NOTICE_ITEMS,
  OBLIGATION_STATES,
  OPTIONAL_REPORT_FIELDS,
  REPORT_FIELDS,
  type ActionLevel,
  type ActionState,
  type NoticeItem,
  type ObligationState,
  type ReportField,
} from '../nom035-file-labels';
const NOTICE_ITEM_KEYS = Object.keys(NOTICE_ITEMS) as [NoticeItem, ...NoticeItem[]];
const ACTION_LEVEL_KEYS = Object.keys(ACTION_LEVELS) as [ActionLevel, ...ActionLevel[]];
const ACTION_STATE_KEYS = Object.keys(ACTION_STATES) as [ActionState, ...ActionState[]];

const shortText = (label: string, max = 300) =>
  textSchema({ error: `Escribe ${label}` })
    .trim()
    .max(max, `Máximo ${max} caracteres`);
const longText = (label: string) => shortText(label, 5000);
const optionalDay = (message: string) => isoDaySchema(message).nullable().default(null);

export const campusFileParamsSchema = z.object({ campusId: idFromTextSchema(NOM035_CAMPUS_NOT_FOUND) });
export const noticeParamsSchema = campusFileParamsSchema.extend({ id: idFromTextSchema(NOM035_NOTICE_NOT_FOUND) });
export const applicationParamsSchema = campusFileParamsSchema.extend({ activeId: idFromTextSchema(NOM035_APPLICATION_NOT_FOUND) });
export const actionParamsSchema = campusFileParamsSchema.extend({ id: idFromTextSchema(NOM035_ACTION_NOT_FOUND) });

/** PUT /nom035/campus/{campusId}/policy (5.1): the text or where the signed document is, and its dates. */
export const policyBodySchema = z.object({
  text: longText('el texto de la política').default(''),
  documentRef: shortText('dónde está el documento firmado').default(''),
  adoptedOn: optionalDay('Escribe la fecha en que se adoptó'),
  madeKnownOn: optionalDay('Escribe la fecha en que se difundió'),
});
export type PolicyBody = z.input<typeof policyBodySchema>;
export type PolicyFields = z.output<typeof policyBodySchema>;

/** POST /nom035/campus/{campusId}/notices, PUT …/notices/{id} (5.7): what was made known, how and when. */
export const noticeBodySchema = z.object({
  item: z.enum(NOTICE_ITEM_KEYS, { error: 'Elige qué se informó (inciso a a f del numeral 5.7)' }),
  how: shortText('cómo se informó (por ejemplo, correo a todo el personal o carteles)').min(3, 'Describe cómo se informó (al menos 3 caracteres)'),
  givenOn: isoDaySchema('Escribe la fecha en que se informó'),
});
export type NoticeBody = z.input<typeof noticeBodySchema>;
export type NoticeFields = z.output<typeof noticeBodySchema>;

/** PUT /nom035/campus/{campusId}/applications/{activeId}/report (7.7 a, b, c, f, g, h). */
export const reportBodySchema = z.object({
  workplaceName: shortText('el nombre del centro de trabajo').default(''),
  workplaceAddress: shortText('el domicilio').default(''),
  workplaceActivity: shortText('la actividad principal').default(''),
  objective: longText('el objetivo').default(''),
  mainActivities: longText('las principales actividades').default(''),
  conclusions: longText('las conclusiones').default(''),
  recommendations: longText('las recomendaciones').default(''),
  evaluatorName: shortText('el nombre de quien evaluó').default(''),
  evaluatorCedula: shortText('la cédula profesional', 30).default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;
export type ReportFields = z.output<typeof reportBodySchema>;

const groupShape = {
  guide: z.enum(['II', 'III'], { error: 'Elige la guía (II o III)' }),
  scope: z.enum(['final', 'category', 'domain'], { error: NOM035_GROUP_UNKNOWN }),
  /** A category or domain id of the guide; '' for the final score. */
  key: textSchema({ error: NOM035_GROUP_UNKNOWN }).max(60, NOM035_GROUP_UNKNOWN).default(''),
};

/** POST /nom035/campus/{campusId}/applications/{activeId}/actions, PUT …/actions/{id} (8.4). */
export const actionBodySchema = z.object({
  ...groupShape,
  area: shortText('el área o grupo de trabajadores (nunca el nombre de una persona)').min(2, 'Escribe el área o grupo de trabajadores'),
  measure: longText('la medida').min(3, 'Describe la medida (al menos 3 caracteres)'),
  level: z.enum(ACTION_LEVEL_KEYS, { error: 'Elige el nivel de la acción (numeral 8.5)' }),
  dueOn: isoDaySchema('Escribe la fecha programada'),
  responsible: shortText('quién es responsable de la acción').min(2, 'Escribe quién es responsable de la acción'),
  state: z.enum(ACTION_STATE_KEYS, { error: 'Elige el estado: pendiente, en curso o hecha' }).default('pending'),
  followUp: longText('la evaluación posterior').default(''),
});
export type ActionBody = z.input<typeof actionBodySchema>;
export type ActionFields = z.output<typeof actionBodySchema>;

/** POST /nom035/campus/{campusId}/actions/{id}/notes: a dated progress note (8.4 d). */
export const actionNoteBodySchema = z.object({
  note: longText('el avance').min(3, 'Describe el avance (al menos 3 caracteres)'),
  notedOn: isoDaySchema('Escribe la fecha del avance'),
});
export type ActionNoteBody = z.input<typeof actionNoteBodySchema>;
export type ActionNoteFields = z.output<typeof actionNoteBodySchema>;

// ---------------------------------------------------------------- the file

const riskLevelSchema = z.enum(RISK_LEVELS.map((level) => level.key) as [RiskLevel, ...RiskLevel[]]);

export const evidenceSchema = z.object({
  label: z.string(),
  value: z.string(),
  /** A back-office page (SPA path) with more. */
  link: z.string().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const obligationSchema = z.object({
  /** '5.1', '5.8 a)', '8.3–8.5'… */
  numeral: z.string(),
  title: z.string(),
  /** Whether numeral 2 asks it of a campus of this headcount. */
  applies: z.boolean(),
  state: z.enum(Object.keys(OBLIGATION_STATES) as [ObligationState, ...ObligationState[]]),
  /** One sentence: why this state, what is missing. */
  detail: z.string(),
  evidence: z.array(evidenceSchema),
});
export type Obligation = z.infer<typeof obligationSchema>;

export const policySchema = z.object({
  text: z.string(),
  documentRef: z.string(),
  adoptedOn: z.string().nullable(),
  madeKnownOn: z.string().nullable(),
  updatedAt: z.string(),
});
export type Nom035Policy = z.infer<typeof policySchema>;

export const noticeSchema = z.object({ id: z.number(), item: z.enum(NOTICE_ITEM_KEYS), how: z.string(), givenOn: z.string() });
export type Nom035Notice = z.infer<typeof noticeSchema>;

export const actionSchema = z.object({
  id: z.number(),
  guide: z.enum(['II', 'III']),
  scope: z.enum(['final', 'category', 'domain']),
  key: z.string(),
  /** The category's or domain's name (the DOF's). */
  groupName: z.string(),
  area: z.string(),
  measure: z.string(),
  level: z.enum(ACTION_LEVEL_KEYS),
  dueOn: z.string(),
  responsible: z.string(),
  state: z.enum(ACTION_STATE_KEYS),
  followUp: z.string(),
  /** Not done and its date passed. */
  overdue: z.boolean(),
  notes: z.array(z.object({ id: z.number(), note: z.string(), notedOn: z.string() })),
});
export type Nom035Action = z.infer<typeof actionSchema>;

/** A category or domain of an application's guide with the level of its workers' mean score. */
export const riskGroupSchema = z.object({
  guide: z.enum(['II', 'III']),
  scope: z.enum(['final', 'category', 'domain']),
  key: z.string(),
  name: z.string(),
  /** The workers' mean score (the DOF's scale for the group) and its level. */
  score: z.number(),
  level: riskLevelSchema,
  /** Medio or above: the program must answer it (8.3). */
  needsAction: z.boolean(),
  /** At least one action of the program answers it. */
  covered: z.boolean(),
});
export type Nom035RiskGroup = z.infer<typeof riskGroupSchema>;

export const fileApplicationSchema = z.object({
  id: z.number(),
  periodo: z.string(),
  startActive: z.string(),
  endActive: z.string(),
  /**
   * The campus's headcount when the application ran (7.1): counted at its first NOM-035 answer, `takenOn` null;
   * applications before migration 0028 were counted the day it ran, `takenOn` that day. Null before any answer.
   */
  headcount: z.object({ workers: z.number(), takenOn: z.string().nullable() }).nullable(),
  /** Guides answered, with their respondents; results withheld below the small-group rule. */
  guides: z.array(z.object({ guide: z.enum(['II', 'III']), respondents: z.number(), withheld: z.boolean() })),
  groups: z.array(riskGroupSchema),
  report: reportBodySchema.extend({ updatedAt: z.string() }).nullable(),
  /** Labels of the 7.7 fields still empty. */
  missingReportFields: z.array(z.string()),
  actions: z.array(actionSchema),
  /** 7.8: its results as published to the campus's staff now: the Mexico City day and who; null when not published. */
  publication: z.object({ publishedOn: z.string(), publishedBy: z.string().nullable() }).nullable(),
});
export type Nom035FileApplication = z.infer<typeof fileApplicationSchema>;

/** GET /nom035/campus/{campusId}/file and the answer of every change to it. */
export const campusFileSchema = z.object({
  campus: z.object({ id: z.number(), nombre: z.string() }),
  /** Mexico City day the states are computed for. */
  today: z.string(),
  /** Active workers (staff and teachers) in the directory now. */
  headcount: z.number(),
  /** Numeral 2's band for the headcount. */
  band: z.enum(['upTo15', 'from16To50', 'over50']),
  obligations: z.array(obligationSchema),
  policy: policySchema.nullable(),
  notices: z.array(noticeSchema),
  /** NOM-035 applications at the campus, newest first. */
  applications: z.array(fileApplicationSchema),
  /** Guía I referrals (5.8 c): names only for 'Ver Canalizaciones NOM-035', null otherwise. */
  referrals: z.object({
    total: z.number(),
    attended: z.number(),
    names: z.array(z.object({ fullName: z.string(), periodo: z.string(), attended: z.boolean() })).nullable(),
  }),
});
export type Nom035CampusFile = z.infer<typeof campusFileSchema>;

/** Guía III, numeral III.1: the least sample of a workplace of `workers` (95 % confidence, 5 % error). */
export function guideIIISampleSize(workers: number): number {
  if (workers <= 0) return 0;
  return Math.ceil((0.9604 * workers) / (0.0025 * (workers - 1) + 0.9604));
}

/** Numeral 2's band of a campus of `workers`. */
export function headcountBand(workers: number): Nom035CampusFile['band'] {
  if (workers <= 15) return 'upTo15';
  return workers <= 50 ? 'from16To50' : 'over50';
}
