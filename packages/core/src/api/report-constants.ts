/**
 * The report contract's constants and texts, without zod (./reports.ts
 * re-exports them with its schemas): the report screens import them from here
 * and so load no schema library.
 */
import { formatCount } from '../format';

export const REPORT_CYCLE_MESSAGE = 'Elige el tipo de encuesta';
export const REPORT_PERIOD_MESSAGE = 'Elige el periodo';
export const REPORT_RANGE_MESSAGE = 'La fecha final no puede ser anterior a la inicial';

export const BREAKDOWN_SEGMENTS = ['plan', 'group'] as const;
export type BreakdownSegment = (typeof BREAKDOWN_SEGMENTS)[number];
export const BREAKDOWN_SEGMENT_MESSAGE = 'Elige un desglose: por plan o por grupo';

export const BREAKDOWN_VALUE_MESSAGE = 'Elige el plan o grupo que quieres ver';
export const TEXT_ITEM_MESSAGE = 'Elige una lista de comentarios de esta encuesta';
export const TEXT_CURSOR_MESSAGE = 'La posición de la página no es válida';
/** Comments per page unless asked otherwise (the page size of 12, spec §9). */
export const TEXTS_PAGE_SIZE = 12;

// ------------------------------------------------------------------ texts both the web and the PDF show

/** Why a figure is missing: the small-group rule (docs/reports.md, "Small groups"). */
export function withheldExplanation(minGroupSize: number): string {
  return `Se oculta porque reúne menos de ${minGroupSize} respuestas: con tan pocas se podría saber qué respondió cada persona.`;
}

/** Beside a comment list some of whose texts are never shown (TextsReport.unlisted); null when none. */
export function unlistedTextsNote(unlisted: number, minGroupSize: number): string | null {
  if (unlisted <= 0) return null;
  const texts = unlisted === 1 ? '1 comentario más no se muestra' : `${formatCount(unlisted)} comentarios más no se muestran`;
  return `${texts}: pertenecen a grupos de menos de ${minGroupSize} comentarios (una aplicación o un docente), y verlos aquí permitiría saber de qué grupo son.`;
}

/** Shown beside breakdowns and comments when the overview is filtered by dates. */
export const WHOLE_PERIOD_NOTE =
  'Los desgloses por plan y grupo y los comentarios cubren todo el periodo: no se filtran por fechas para no poder ligar una respuesta a un día.';

export const NO_APPLICATION_MESSAGE = 'No hubo aplicación de esta encuesta en el campus y periodo seleccionados.';

/** 'N respuestas en proceso': defined with the other headline figures (report-figures.ts). */
export { heldResponsesMessage } from '../report-figures';
