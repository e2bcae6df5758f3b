/**
 * One NOM-035 application (a campus and a period) as a PDF, in the report
 * screen's order: the final score and its level, workers per risk level for
 * the final score, each category and each domain, in the levels' colours,
 * then the DOF's action criteria: the evidence an employer keeps
 * (NOM-035-STPS-2018, 8.4 and 8.5). The figures of
 * GET /reports/nom035/applications/{id}, read with its checks (data.ts),
 * drawn here.
 */
import { RISK_SCOPE_LABELS } from '@encuestas/core/api/report-files';
import type { Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { displayDay } from '@encuestas/core/dates';
import { formatAverage, formatCount } from '@encuestas/core/format';
import { HEADLINE_FIGURES } from '@encuestas/core/report-figures';
import { figures, finish, heading, paragraph, reportPdf, stackedBar, swatchLine, type Branding, type Pdf } from './document';

/** Draws a NOM-035 application's PDF (in a worker thread: pure layout, no database). */
export function drawNom035Pdf(branding: Branding, report: Nom035Report): Pdf {
  const { application } = report;
  const levels = new Map(report.levels.map((level) => [level.key, level]));
  const doc = reportPdf(branding, 'NOM-035-STPS-2018: factores de riesgo psicosocial', [
    `Campus ${application.campus.nombre} · periodo ${application.periodo.nombre}`,
    `Aplicación del ${displayDay(application.startActive)} al ${displayDay(application.endActive)}`,
  ]);
  figures(doc, [[HEADLINE_FIGURES.workers.label, formatCount(application.respondents)]]);
  paragraph(doc, HEADLINE_FIGURES.workers.explanation, { muted: true, size: 8.5 });

  for (const guide of report.guides) {
    heading(doc, guide.title);
    figures(doc, [[HEADLINE_FIGURES.workers.label, formatCount(guide.respondents)]]);
    if (guide.withheld) {
      paragraph(doc, report.withheldExplanation, { muted: true });
      continue;
    }
    const final = guide.groups.find((group) => group.scope === 'final');
    // What the screen opens with: «Calificación final 81.90 · Alto».
    if (final) heading(doc, `${RISK_SCOPE_LABELS.final} ${formatAverage(final.averageScore)} · ${levels.get(final.averageLevel)?.label ?? final.averageLevel}`, 15);
    let scope: string | null = null;
    for (const group of guide.groups) {
      if (group.scope !== scope) {
        scope = group.scope;
        heading(doc, group.scope === 'final' ? RISK_SCOPE_LABELS.final : group.scope === 'category' ? 'Por categoría' : 'Por dominio', 11);
      }
      const average = levels.get(group.averageLevel)?.label ?? group.averageLevel;
      stackedBar(
        doc,
        group.scope === 'final' ? 'Calificación final del cuestionario' : group.name,
        group.levels.map((level) => ({ label: levels.get(level.level)?.label ?? level.level, value: level.n, color: levels.get(level.level)?.color ?? 'gray' })),
        `${group.levels.map((level) => `${levels.get(level.level)?.label ?? level.level}: ${formatCount(level.n)}`).join(' · ')} — puntaje promedio ${formatAverage(group.averageScore)} (${average})`,
      );
    }
  }
  heading(doc, 'Criterios para la toma de acciones (DOF)');
  for (const level of report.levels) swatchLine(doc, level.color, level.label, level.criteria);
  paragraph(doc, report.commentsNote, { muted: true, size: 8.5 });
  return finish(doc);
}
