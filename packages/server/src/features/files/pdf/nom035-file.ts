/**
 * A campus's NOM-035 evidence file as one PDF for an inspector (issue 22,
 * docs/nom035.md): every numeral with its state and evidence as the file
 * screen shows it, the 7.7 report of the last application (the campus's
 * fields a–h, d and e completed from the application), and the 8.4 program
 * of every application with each action's state and progress notes. Read by
 * features/nom035-file (documents.ts) with the file's checks and referral
 * names left out; drawn here, in a worker thread.
 */
import {
  ACTION_LEVELS,
  ACTION_STATES,
  OBLIGATION_STATES,
  REPORT_FIELDS,
  type Nom035CampusFile,
  type Nom035FileApplication,
  type ReportField,
} from '@encuestas/core/api/nom035-file';
import { displayDay } from '@encuestas/core/dates';
import { countOf, formatAverage, formatCount } from '@encuestas/core/format';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/risk-levels';
import { figures, finish, heading, paragraph, reportPdf, type Branding, type Pdf } from './document';

export interface Nom035FilePdfData {
  /** The file as the screen reads it, referral names left out (counts only). */
  file: Nom035CampusFile;
  /** The application the 7.7 report is of: the last one that has started; null before any. */
  reported: Nom035FileApplication | null;
  /** Why results under the small-group rule are not shown. */
  withheldExplanation: string;
}

const BAND_TEXT: Record<Nom035CampusFile['band'], string> = {
  upTo15: 'hasta 15 trabajadores',
  from16To50: 'de 16 a 50 trabajadores',
  over50: 'más de 50 trabajadores',
};
const LEVEL_LABELS = new Map<string, string>(RISK_LEVELS.map((level) => [level.key, level.label]));
const NOT_RECORDED = 'Sin registrar';

const period = (a: Nom035FileApplication) => `${a.periodo}, del ${displayDay(a.startActive)} al ${displayDay(a.endActive)}`;

/** A report field: its label in bold, then its text, or «Sin registrar» when the campus left it empty. */
function field(doc: Pdf, label: string, text: string): void {
  figures(doc, [[label, text || NOT_RECORDED]]);
}

function obligations(doc: Pdf, file: Nom035CampusFile): void {
  heading(doc, '1. Obligaciones y su evidencia');
  for (const o of file.obligations) {
    heading(doc, `${o.numeral} · ${o.title}: ${OBLIGATION_STATES[o.state]}`, 10.5);
    paragraph(doc, o.detail);
    figures(
      doc,
      o.evidence.map((e) => [e.label, e.value]),
    );
  }
}

function results(doc: Pdf, application: Nom035FileApplication, withheld: string): void {
  if (application.guides.length === 0) {
    paragraph(doc, 'Aún no hay respuestas de la Guía II o III.');
    return;
  }
  for (const guide of application.guides) {
    paragraph(doc, `Guía ${guide.guide}: ${countOf(guide.respondents, 'respuesta', 'respuestas')}.`);
    if (guide.withheld) {
      paragraph(doc, withheld, { muted: true });
      continue;
    }
    const groups = application.groups.filter((g) => g.guide === guide.guide);
    const line = (g: (typeof groups)[number]): [string, string] => [g.name, `${formatAverage(g.score)} (${LEVEL_LABELS.get(g.level) ?? g.level})`];
    figures(doc, groups.filter((g) => g.scope === 'final').map((g) => line({ ...g, name: 'Calificación final del cuestionario' })));
    for (const [scope, title] of [
      ['category', 'Por categoría'],
      ['domain', 'Por dominio'],
    ] as const) {
      const rows = groups.filter((g) => g.scope === scope);
      if (!rows.length) continue;
      paragraph(doc, title, { muted: true });
      figures(doc, rows.map(line));
    }
  }
}

function report(doc: Pdf, data: Nom035FilePdfData): void {
  heading(doc, '2. Informe de resultados (numeral 7.7)');
  const application = data.reported;
  if (!application) {
    paragraph(doc, 'Aún no hay una aplicación de la NOM-035 en este campus.');
    return;
  }
  paragraph(doc, `Aplicación ${period(application)}.`);
  const fields = application.report;
  const value = (key: ReportField) => fields?.[key] ?? '';
  for (const key of ['workplaceName', 'workplaceAddress', 'workplaceActivity', 'objective', 'mainActivities'] as const) field(doc, REPORT_FIELDS[key], value(key));
  const counted = application.headcount;
  const headcount = !counted
    ? `${countOf(data.file.headcount, 'trabajador', 'trabajadores')} en la plantilla actual`
    : `${countOf(counted.workers, 'trabajador', 'trabajadores')} en la plantilla ${counted.takenOn ? `contada el ${displayDay(counted.takenOn)}` : 'al aplicar'}`;
  const guides = application.guides.map((g) => `Guía de referencia ${g.guide} del DOF (${countOf(g.respondents, 'respuesta', 'respuestas')})`).join(' y ');
  field(doc, 'd) Método', `${guides || 'Guías de referencia del DOF, sin respuestas aún'}; ${headcount}. Calificación según los criterios de la NOM-035-STPS-2018.`);
  heading(doc, 'e) Resultados', 10.5);
  results(doc, application, data.withheldExplanation);
  for (const key of ['conclusions', 'recommendations', 'evaluatorName', 'evaluatorCedula'] as const) field(doc, REPORT_FIELDS[key], value(key));
}

function program(doc: Pdf, file: Nom035CampusFile): void {
  heading(doc, '3. Programa de intervención (numerales 8.3 a 8.5)');
  const withActions = file.applications.filter((a) => a.actions.length > 0);
  if (!withActions.length) {
    paragraph(doc, 'Aún no hay acciones en el programa.');
    return;
  }
  for (const application of withActions) {
    heading(doc, `Aplicación ${period(application)}`, 11);
    for (const action of application.actions) {
      heading(doc, action.measure, 10);
      figures(doc, [
        ['Categoría o dominio', `${action.groupName} (Guía ${action.guide})`],
        ['Área o grupo', action.area],
        ['Nivel (8.5)', ACTION_LEVELS[action.level]],
        ['Fecha programada', displayDay(action.dueOn)],
        ['Responsable', action.responsible],
        ['Estado', `${ACTION_STATES[action.state]}${action.overdue ? ' (vencida)' : ''}`],
        ['Evaluación posterior', action.followUp || NOT_RECORDED],
      ]);
      if (action.notes.length) figures(doc, action.notes.map((n) => [`Avance del ${displayDay(n.notedOn)}`, n.note]));
    }
  }
}

/** Draws the campus's file (in a worker thread: pure layout, no database). */
export function drawNom035FilePdf(branding: Branding, data: Nom035FilePdfData): Pdf {
  const { file } = data;
  const doc = reportPdf(branding, `Expediente NOM-035-STPS-2018: ${file.campus.nombre}`, [
    `Centro de trabajo: campus ${file.campus.nombre}`,
    `Estado al ${displayDay(file.today)}; plantilla actual: ${formatCount(file.headcount)} trabajadores (${BAND_TEXT[file.band]}, numeral 2)`,
  ]);
  obligations(doc, file);
  report(doc, data);
  program(doc, file);
  return finish(doc);
}
