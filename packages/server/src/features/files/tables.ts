/**
 * Every report table as rows for a file (docs/reports.md, "Files"): built by
 * the same services as the report endpoints, so a file shows exactly what the
 * screen shows, after the same permission, grant and small-group checks.
 * The comments and the missing list are read page by page: the other tables
 * are a few hundred rows of aggregates.
 */
import type { DirectoryFilter } from '@encuestas/core/api/missing';
import { exportTooBigMessage, fileNamePart, RISK_SCOPE_LABELS, type CellValue, type ExportTable } from '@encuestas/core/api/report-files';
import type { BreakdownSegment, ReportScopeInfo } from '@encuestas/core/api/reports';
import type { SortOrder, TeacherListFilter, TeacherSortKey } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { shareOf } from '@encuestas/core/format';
import { choiceBaseText, HEADLINE_FIGURES } from '@encuestas/core/report-figures';
import { TEACHER_RESULT_GROUPS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/scoring';
import type { ReadDatabase } from '../../db/client';
import { AppError } from '../../http/errors';
import { textsPage } from '../aggregates';
import { missingPeopleForFile, resolveMissing } from '../missing/service';
import {
  allTeacherRows,
  buildBreakdown,
  buildOverview,
  buildTexts,
  instituteOpinionReport,
  nom035Index,
  nom035Report,
  resolveReportScope,
  type ReportScopeFilter,
  type TeacherReportSettings,
} from '../reports';
import type { AdminPrincipal } from '../users/service';
// Types only: the spreadsheet writer (exceljs) runs in the worker threads.
import type { ExportTableData, TableColumn } from './spreadsheet';

/** Comments read per query while a file is written. */
const TEXT_PAGE = 1000;
export const WITHHELD_CELL = 'Oculto';

export interface ExportSettings extends TeacherReportSettings {
  /** More rows than this are refused before a byte is sent (EXPORT_MAX_ROWS). */
  maxRows: number;
}

export interface ExportRequest extends ReportScopeFilter, DirectoryFilter {
  table: ExportTable;
  segment?: BreakdownSegment | undefined;
  item?: string | undefined;
  group: TeacherListFilter;
  search?: string | undefined;
  sort: TeacherSortKey;
  order?: SortOrder | undefined;
}

const round = (value: number | null, digits = 4) => (value === null ? null : Number(value.toFixed(digits)));
const columns = (...headers: (string | [string, number] | TableColumn)[]): TableColumn[] =>
  headers.map((header) => (typeof header === 'string' ? { header } : Array.isArray(header) ? { header: header[0], width: header[1] } : header));
/** Numeric columns, shown in XLSX as the screens write them (core/format.ts): 1,050 · 74.5% · 3.61. */
const countColumn = (header: string): TableColumn => ({ header, format: 'count' });
const averageColumn = (header: string, width?: number): TableColumn => ({ header, format: 'average', ...(width ? { width } : {}) });

/** The file name's words: the table, the survey type, the period and the campus. */
function nameOf(table: string, info: ReportScopeInfo): string {
  const campus = info.campusId === null ? 'todos-los-campus' : fileNamePart(info.campuses[0]?.nombre ?? `campus-${info.campusId}`);
  return [table, fileNamePart(info.cycle.name), fileNamePart(info.periodo.nombre), campus].filter(Boolean).join('_');
}

function fromRows(fileName: string, sheetName: string, cols: TableColumn[], rows: CellValue[][]): ExportTableData {
  return {
    fileName,
    sheetName,
    columns: cols,
    rowCount: rows.length,
    async *rows() {
      yield* rows;
    },
  };
}

async function itemsTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const overview = await buildOverview(db, await resolveReportScope(db, principal, request), settings.minGroupSize);
  const rows: CellValue[][] = [];
  for (const questionnaire of overview.questionnaires) {
    for (const section of questionnaire.sections) {
      for (const item of section.items) {
        if (item.withheld) {
          rows.push([section.title, item.text, WITHHELD_CELL, null, null, null, section.average, overview.withheldExplanation]);
          continue;
        }
        // The screen's percentages (ReportItem.shareBase): a multiple choice's are of everyone who answered the survey, and its note says why they need not add up to 100 %.
        const note = item.type === 'multiple' ? choiceBaseText(item) : null;
        for (const value of item.distribution) {
          rows.push([section.title, item.text, value.label, value.n, round(shareOf(value.n, item.shareBase)), round(item.average), round(section.average), note]);
        }
      }
    }
  }
  const cols = columns(
    ['Sección', 30],
    ['Pregunta', 60],
    ['Respuesta', 24],
    countColumn('Respuestas'),
    { header: 'Porcentaje', format: 'percent' },
    averageColumn('Promedio de la pregunta'),
    averageColumn('Promedio de la sección'),
    ['Nota', 40],
  );
  return fromRows(nameOf('preguntas', overview.scope), 'Preguntas', cols, rows);
}

async function breakdownTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const segment = request.segment ?? 'plan';
  const report = await buildBreakdown(db, await resolveReportScope(db, principal, request), segment, settings.minGroupSize);
  const rows = report.rows.map((row): CellValue[] => [
    row.plan,
    row.grupo,
    row.responses,
    row.withheld ? WITHHELD_CELL : round(row.average),
    row.withheld ? report.withheldExplanation : null,
  ]);
  const cols = columns(['Plan', 20], ['Grupo', 14], countColumn(HEADLINE_FIGURES.published.label), averageColumn('Promedio'), ['Nota', 40]);
  return fromRows(nameOf(segment === 'plan' ? 'por-plan' : 'por-grupo', report.scope), segment === 'plan' ? 'Por plan' : 'Por grupo', cols, rows);
}

async function textsTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const resolved = await resolveReportScope(db, principal, request);
  // The same checks as the comments screen: the kind's own item, the small-group rule on the whole list.
  const first = await buildTexts(db, resolved, { item: request.item ?? '', limit: 1 }, settings.minGroupSize);
  const cols = columns(['Pregunta', 40], ['Comentario', 100]);
  const fileName = nameOf(`comentarios-${fileNamePart(first.item.id)}`, resolved.info);
  if (first.withheld) return fromRows(fileName, 'Comentarios', cols, [[first.item.text, first.withheldExplanation]]);
  const filter = { scope: resolved.scope, itemIds: [first.item.id], minGroupSize: settings.minGroupSize };
  return {
    fileName,
    sheetName: 'Comentarios',
    columns: cols,
    rowCount: first.total,
    async *rows() {
      let after: { itemId: string; id: string } | null = null;
      do {
        const page = await textsPage(db, { ...filter, after, limit: TEXT_PAGE });
        for (const text of page.texts) yield [first.item.text, text.text];
        after = page.next;
      } while (after);
    },
  };
}

async function teachersTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const resolved = await resolveReportScope(db, principal, request);
  // The screen's list: its group, search and order.
  const { rows: teachers, previousPeriodo, search } = await allTeacherRows(db, principal, settings, request);
  const labels = new Map<string, string>(TEACHER_RESULT_GROUPS.map((group) => [group.key, group.label]));
  const rows = teachers.map((row): CellValue[] => [
    row.rank,
    row.teacher.name,
    row.campus.nombre,
    row.n,
    round(row.mean),
    round(row.sd),
    labels.get(row.group) ?? row.group,
    row.approved ? 'Sí' : 'No',
    round(row.previousMean),
    round(row.change, 2),
  ]);
  const previous = previousPeriodo ? `Promedio ${previousPeriodo.nombre}` : 'Promedio del periodo anterior';
  const cols = columns(
    'Lugar',
    ['Docente', 40],
    ['Campus', 24],
    countColumn('Evaluaciones'),
    averageColumn('Promedio'),
    averageColumn('Desviación estándar'),
    ['Resultado', 16],
    'Aprobado',
    averageColumn(previous, 18),
    averageColumn('Cambio'),
  );
  const name = ['docentes', request.group, search ? `busqueda-${fileNamePart(search)}` : ''].filter(Boolean).join('-');
  return fromRows(nameOf(name, resolved.info), 'Docentes', cols, rows);
}

async function nom035Table(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const index = await nom035Index(db, principal, settings.minGroupSize, request);
  const levels = new Map<string, string>(RISK_LEVELS.map((level) => [level.key, level.label]));
  const rows: CellValue[][] = [];
  for (const application of index.applications) {
    const report = await nom035Report(db, principal, settings.minGroupSize, application.id);
    for (const guide of report.guides) {
      if (guide.withheld) {
        rows.push([application.campus.nombre, `Guía ${guide.guide}`, null, null, WITHHELD_CELL, guide.respondents, null, report.withheldExplanation]);
        continue;
      }
      for (const group of guide.groups) {
        for (const level of group.levels) {
          rows.push([application.campus.nombre, `Guía ${guide.guide}`, RISK_SCOPE_LABELS[group.scope], group.name, levels.get(level.level) ?? level.level, level.n, round(group.averageScore, 2), levels.get(group.averageLevel) ?? null]);
        }
      }
    }
  }
  const cols = columns(
    ['Campus', 24],
    'Guía',
    ['Ámbito', 18],
    ['Categoría o dominio', 50],
    ['Nivel de riesgo', 20],
    countColumn('Trabajadores'),
    averageColumn('Puntaje promedio'),
    ['Nivel del promedio', 20],
  );
  return fromRows(nameOf('nom035-niveles', index.scope), 'Niveles de riesgo', cols, rows);
}

async function institutesTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const report = await instituteOpinionReport(db, principal, settings.minGroupSize, request);
  const rows = report.rows.map((row): CellValue[] => [
    row.name,
    row.responses,
    row.withheldResponses,
    row.withheld ? WITHHELD_CELL : round(row.average),
    ...row.sections.map((section) => round(section.average)),
  ]);
  const cols = columns(
    ['Institución de procedencia', 50],
    countColumn('Respuestas'),
    countColumn('Respuestas fuera de los promedios'),
    averageColumn('Promedio'),
    ...report.sections.map((s) => averageColumn(s.title, 18)),
  );
  return fromRows(nameOf('nuevo-ingreso-por-institucion', report.scope), 'Por institución', cols, rows);
}

/** Who of the expected people has not answered (docs/reports.md, "Missing respondents"), under the student filter. */
async function missingTable(db: ReadDatabase, principal: AdminPrincipal, _settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const { year, periodo, sesion, plan, grupo, pc_id } = request;
  const filter: DirectoryFilter = { year, periodo, sesion, plan, grupo, pc_id };
  const resolved = await resolveMissing(db, principal, request.cicleId, undefined, { periodoId: request.periodoId, campusId: request.campusId, filter });
  const list = await missingPeopleForFile(db, principal, resolved);
  const students = resolved.audience === 'students';
  const cols = students
    ? columns(['Nombre', 40], 'pc_id', 'Plan', 'Grupo', ['Correo', 36], ['Campus', 24])
    : columns(['Nombre', 40], 'pc_id', ['Puesto', 24], ['Correo', 36], ['Campus', 24]);
  return {
    fileName: nameOf(students ? 'pendientes-alumnos' : 'pendientes-academicos', resolved.report.info),
    sheetName: 'Pendientes',
    columns: cols,
    rowCount: list.total,
    async *rows() {
      for await (const person of list.people()) {
        yield students
          ? [person.fullName, person.pcId, person.plan, person.grupo, person.email, person.campus]
          : [person.fullName, person.pcId, person.puesto || 'Docente', person.email, person.campus];
      }
    },
  };
}

const TABLES: Record<ExportTable, typeof itemsTable> = {
  items: itemsTable,
  breakdown: breakdownTable,
  texts: textsTable,
  teachers: teachersTable,
  nom035: nom035Table,
  institutes: institutesTable,
  missing: missingTable,
};

/** The table asked for, refused whole (422) when it holds more rows than the settings allow. */
export async function exportTable(db: ReadDatabase, principal: AdminPrincipal, settings: ExportSettings, request: ExportRequest): Promise<ExportTableData> {
  const table = await TABLES[request.table](db, principal, settings, request);
  if (table.rowCount > settings.maxRows) throw new AppError('VALIDATION_FAILED', exportTooBigMessage(table.rowCount, settings.maxRows));
  return table;
}
