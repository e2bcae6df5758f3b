/**
 * One teacher's results as a PDF (GET /reports/teachers/{id}/pdf): the
 * figures of GET /reports/teachers/{id}, read with the same permission, grant
 * and small-group checks (teacher-evaluation.ts; data.ts), drawn here.
 */
import { sameWordsLabel, type OwnTeacherReport, type TeacherOwnResults } from '@encuestas/core/api/teacher-results';
import type { TeacherReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { TEACHER_RESULT_GROUPS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import { countOf, formatAverage, formatCount, formatCountShare, shareOf } from '@encuestas/core/format';
import { barChart, ensureSpace, figures, finish, heading, paragraph, reportPdf, type Branding, type Pdf } from './document';

const groupLabel = (key: string | null) => TEACHER_RESULT_GROUPS.find((group) => group.key === key)?.label ?? '—';

/** Draws one teacher's PDF (in a worker thread: pure layout, no database). */
export function drawTeacherPdf(branding: Branding, report: TeacherReport): Pdf {
  const doc = teacherResultsPdf(branding, report);
  heading(doc, 'Comentarios');
  const comments = countOf(report.comments, 'comentario', 'comentarios');
  paragraph(
    doc,
    report.commentsWithheld
      ? `${comments}. ${report.withheldExplanation}`
      : `${comments}: se leen en la plataforma o se descargan en XLSX o CSV.`,
  );
  return finish(doc);
}

/** A teacher's own results (GET /respondents/teachers/{id}/results/{activeId}/pdf): the same pages, the trend, and the published comments. */
export function drawOwnTeacherPdf(branding: Branding, results: TeacherOwnResults): Pdf {
  const doc = teacherResultsPdf(branding, results.report);
  heading(doc, 'Tendencia por periodo');
  for (const point of results.trend) {
    figures(doc, [
      [
        `Periodo ${point.periodo.nombre}`,
        point.withheld
          ? results.report.withheldExplanation
          : `${countOf(point.n ?? 0, 'evaluación', 'evaluaciones')} · promedio ${formatAverage(point.mean)} · ${groupLabel(point.group)}`,
      ],
    ]);
  }
  heading(doc, 'Comentarios');
  for (const comment of results.comments) {
    ensureSpace(doc, 30);
    paragraph(doc, `• ${comment.text}${comment.copies > 1 ? ` (${sameWordsLabel(comment.copies)})` : ''}`);
    doc.moveDown(0.2);
  }
  if (results.commentsNote) paragraph(doc, results.commentsNote, { muted: true });
  return finish(doc);
}

/** Everything but the comments: the general result, the norms, the items and the classes. */
function teacherResultsPdf(branding: Branding, report: OwnTeacherReport): Pdf {
  const campus = report.scope.campuses.find((c) => c.id === report.teacher.campusId)?.nombre;
  const doc = reportPdf(branding, `Resultados de ${report.teacher.name}`, [
    `${report.scope.cycle.name} · periodo ${report.scope.periodo.nombre}${campus ? ` · campus ${campus}` : ''}`,
  ]);
  heading(doc, 'Resultado general');
  if (report.withheld) {
    paragraph(doc, report.withheldExplanation, { muted: true });
  } else {
    figures(doc, [
      ['Evaluaciones', formatCount(report.n ?? 0)],
      ['Promedio', formatAverage(report.mean)],
      ['Desviación estándar', formatAverage(report.sd)],
      ['Resultado', groupLabel(report.group)],
      ['Aprobado', report.approved ? 'Sí' : 'No'],
    ]);
  }
  figures(doc, [
    ['Promedio del campus', formatAverage(report.campusMean)],
    ['Promedio de la institución', formatAverage(report.institutionMean)],
  ]);
  paragraph(doc, report.setting.rule, { muted: true, size: 8.5 });

  if (!report.withheld) {
    heading(doc, 'Promedios comparados');
    barChart(
      doc,
      [
        { label: 'Docente', value: report.mean ?? 0, caption: formatAverage(report.mean) },
        { label: 'Campus', value: report.campusMean ?? 0, caption: formatAverage(report.campusMean), color: '#78909c' },
        { label: 'Institución', value: report.institutionMean ?? 0, caption: formatAverage(report.institutionMean), color: '#78909c' },
      ],
      { max: 5 },
    );
    heading(doc, 'Preguntas');
    for (const item of report.items) {
      ensureSpace(doc, 40 + item.distribution.length * 15);
      doc.moveDown(0.2);
      paragraph(doc, item.text, { size: 9.5 });
      paragraph(
        doc,
        `Promedio ${formatAverage(item.average)} · campus ${formatAverage(item.campusAverage)} · institución ${formatAverage(item.institutionAverage)}`,
        { muted: true, size: 8.5 },
      );
      const answered = item.distribution.reduce((sum, value) => sum + value.n, 0);
      barChart(
        doc,
        item.distribution.map((value) => ({
          label: value.label,
          value: value.n,
          caption: formatCountShare(value.n, shareOf(value.n, answered)),
        })),
      );
    }
    heading(doc, 'Por clase');
    for (const row of report.classes) {
      figures(doc, [
        [
          `${row.name} (${row.plan} ${row.grupo})`,
          row.withheld ? report.withheldExplanation : `${countOf(row.n ?? 0, 'evaluación', 'evaluaciones')} · promedio ${formatAverage(row.mean)} · ${groupLabel(row.group)}`,
        ],
      ]);
    }
  }
  return doc;
}
