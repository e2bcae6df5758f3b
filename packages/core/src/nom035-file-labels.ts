/**
 * The Spanish labels of the NOM-035 evidence file (issue 22), apart from its zod contract (api/nom035-file.ts)
 * so the audit log's words (audit-log.ts) bring no schema code into the pages that show them.
 */
/** Numeral 5.7: what the employer must make known to workers, a) to f). */
export const NOTICE_ITEMS = {
  policy: 'a) La política de prevención de riesgos psicosociales',
  violenceMeasures: 'b) Las medidas contra prácticas opuestas al entorno organizacional favorable y contra la violencia laboral',
  controlMeasures: 'c) Las medidas y acciones de prevención y, en su caso, de control',
  complaintChannel: 'd) Los mecanismos para presentar quejas y denunciar actos de violencia laboral',
  results: 'e) Los resultados de la identificación y análisis de los factores de riesgo psicosocial',
  healthEffects: 'f) Las posibles alteraciones a la salud por la exposición a los factores de riesgo psicosocial',
} as const;
export type NoticeItem = keyof typeof NOTICE_ITEMS;

/** Numeral 8.5: the three levels of action. */
export const ACTION_LEVELS = {
  organizational: 'Primer nivel: organizacional',
  group: 'Segundo nivel: grupal',
  individual: 'Tercer nivel: individual',
} as const;
export type ActionLevel = keyof typeof ACTION_LEVELS;

/** An action's progress (8.4 d). */
export const ACTION_STATES = { pending: 'Pendiente', inProgress: 'En curso', done: 'Hecha' } as const;
export type ActionState = keyof typeof ACTION_STATES;

/** An obligation's state; 'noAplica' when numeral 2 leaves it out for the campus's headcount. */
export const OBLIGATION_STATES = { cumplido: 'Cumplido', pendiente: 'Pendiente', vencido: 'Vencido', noAplica: 'No aplica' } as const;
export type ObligationState = keyof typeof OBLIGATION_STATES;

/** Numeral 7.7's fields the campus writes (d and e come from the application and its scores). */
export const REPORT_FIELDS = {
  workplaceName: 'a) Nombre o razón social del centro de trabajo',
  workplaceAddress: 'a) Domicilio',
  workplaceActivity: 'a) Actividad principal',
  objective: 'b) Objetivo',
  mainActivities: 'c) Principales actividades realizadas en el centro de trabajo',
  conclusions: 'f) Conclusiones',
  recommendations: 'g) Recomendaciones y acciones de intervención',
  evaluatorName: 'h) Nombre completo de quien realizó la evaluación',
  evaluatorCedula: 'h) Cédula profesional (si aplica)',
} as const;
export type ReportField = keyof typeof REPORT_FIELDS;
/** The cédula is asked «where applicable»: a report without it is still complete. */
export const OPTIONAL_REPORT_FIELDS: readonly ReportField[] = ['evaluatorCedula'];
