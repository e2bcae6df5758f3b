import type { ReportOverview } from '@encuestas/core/api/reports';

/** Room left above a section reached from the index, under the fixed app bar. */
export const ANCHOR_OFFSET = 80;

/**
 * A report part's style while it is off screen: the browser skips its layout
 * and paint (content-visibility), keeping its last size once drawn. Drawing a
 * chart or the breakdown's tabs measures the page, and each measurement laid
 * out the whole report again, parts far below included (Lighthouse: the tabs
 * 90 ms, the charts' labels 120 ms of one task). Its text stays findable and
 * in the accessibility tree.
 */
export const SKIP_WHILE_OFF_SCREEN = { contentVisibility: 'auto', containIntrinsicSize: 'auto 40rem' } as const;

export interface IndexEntry {
  /** The id of the section's element on the page. */
  id: string;
  label: string;
}

/** The element id of a questionnaire section's results (a report may hold two versions of a questionnaire, with the same sections). */
export function sectionAnchor(questionnaire: { id: string; version: number }, sectionId: string): string {
  return `seccion-${questionnaire.id}-v${questionnaire.version}-${sectionId}`;
}

export const REPORT_ANCHORS = {
  summary: 'resumen',
  campuses: 'campus',
  kind: 'reporte-del-tipo',
  time: 'por-dia-y-mes',
  trend: 'tendencia',
  breakdown: 'por-plan-y-grupo',
  comments: 'comentarios',
} as const;

/**
 * The index of a report, in the page's order (a kind's panel that leads
 * first): only the parts the report has
 * (campuses when several, the trend with an earlier period, comments when
 * there are lists), and every questionnaire section by its title.
 */
export function reportIndexEntries(overview: ReportOverview, kind: { indexLabel: string; leads?: boolean } | null): IndexEntry[] {
  const hasGeneric = overview.questionnaires.length > 0;
  const kindEntry = kind ? { id: REPORT_ANCHORS.kind, label: kind.indexLabel } : null;
  const entries: (IndexEntry | null)[] = [
    kind?.leads ? kindEntry : null,
    { id: REPORT_ANCHORS.summary, label: 'Resumen' },
    overview.campuses && overview.campuses.length > 1 ? { id: REPORT_ANCHORS.campuses, label: 'Por campus' } : null,
    kind?.leads ? null : kindEntry,
    { id: REPORT_ANCHORS.time, label: 'Respuestas por día y por mes' },
    overview.trend.length > 1 ? { id: REPORT_ANCHORS.trend, label: 'Tendencia' } : null,
    ...overview.questionnaires.flatMap((q) => q.sections.map((s) => ({ id: sectionAnchor(q, s.id), label: s.title }))),
    hasGeneric ? { id: REPORT_ANCHORS.breakdown, label: 'Por plan y grupo' } : null,
    overview.texts.length > 0 ? { id: REPORT_ANCHORS.comments, label: 'Comentarios' } : null,
  ];
  return entries.filter((entry): entry is IndexEntry => entry != null);
}
