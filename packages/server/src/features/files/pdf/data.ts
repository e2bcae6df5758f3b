/**
 * What each report PDF shows, read on the main thread (asynchronous queries)
 * after its report's own permission, grant, filter and small-group checks, as
 * plain data and the file's name. A worker thread then draws it
 * (students.ts, teacher.ts, nom035.ts; worker.ts), so laying out a PDF never
 * holds up other requests.
 */
import { fileNamePart, NOT_A_STUDENT_SURVEY_MESSAGE } from '@encuestas/core/api/report-files';
import type { ReadDatabase } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { GROUP_SEPARATOR } from '../../aggregates';
import {
  buildBreakdownItems,
  buildOverview,
  nom035Report,
  resolveReportScope,
  teacherReport,
  type ReportScopeFilter,
  type TeacherReportSettings,
} from '../../reports';
import type { AdminPrincipal } from '../../users/service';
import type { PdfContent } from '../worker';

export interface StudentsPdfRequest {
  cicleId: number;
  periodoId: number;
  campusId?: number | undefined;
  plan?: string | undefined;
  grupo?: string | undefined;
}

export interface PdfSource {
  content: PdfContent;
  fileName: string;
}

/** The students PDF's figures (GET /ciclo/{id}/pdf/students), after the students report's own checks (scope.ts). */
export async function studentsPdfSource(db: ReadDatabase, principal: AdminPrincipal, minGroupSize: number, request: StudentsPdfRequest): Promise<PdfSource> {
  const resolved = await resolveReportScope(db, principal, request);
  if (resolved.kind.respondent !== 'student') throw fieldError('id', NOT_A_STUDENT_SURVEY_MESSAGE);
  const overview = await buildOverview(db, resolved, minGroupSize);
  const segment = request.plan === undefined ? null : request.grupo === undefined ? ('plan' as const) : ('group' as const);
  const narrowed = segment
    ? await buildBreakdownItems(db, resolved, segment, segment === 'plan' ? request.plan! : `${request.plan}${GROUP_SEPARATOR}${request.grupo}`, minGroupSize)
    : null;
  const { info } = resolved;
  const fileName = [
    'reporte-alumnos',
    fileNamePart(info.cycle.name),
    fileNamePart(info.periodo.nombre),
    info.campusId === null ? 'todos-los-campus' : fileNamePart(info.campuses[0]?.nombre ?? `campus-${info.campusId}`),
    ...(request.plan ? [`plan-${fileNamePart(request.plan)}`] : []),
    ...(request.grupo ? [`grupo-${fileNamePart(request.grupo)}`] : []),
  ].join('_');
  return { content: { pdf: 'students', data: { overview, narrowed } }, fileName: `${fileName}.pdf` };
}

/** One teacher's figures (GET /reports/teachers/{id}/pdf), with GET /reports/teachers/{id}'s checks. */
export async function teacherPdfSource(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  request: ReportScopeFilter & { teacherId: number },
): Promise<PdfSource> {
  const report = await teacherReport(db, principal, settings, request);
  return { content: { pdf: 'teacher', data: report }, fileName: `docente_${fileNamePart(report.teacher.name)}_${fileNamePart(report.scope.periodo.nombre)}.pdf` };
}

/** A NOM-035 application's figures (GET /reports/nom035/applications/{id}/pdf), with its report's checks. */
export async function nom035PdfSource(db: ReadDatabase, principal: AdminPrincipal, minGroupSize: number, applicationId: number): Promise<PdfSource> {
  const report = await nom035Report(db, principal, minGroupSize, applicationId);
  const { application } = report;
  return { content: { pdf: 'nom035', data: report }, fileName: `nom035_${fileNamePart(application.campus.nombre)}_${fileNamePart(application.periodo.nombre)}.pdf` };
}
