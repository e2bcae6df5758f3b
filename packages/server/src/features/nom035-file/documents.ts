/**
 * The campus's file as downloads for an inspector (issue 22, docs/nom035.md):
 * the whole file as a PDF and the action program as an XLSX, read with the
 * file's own checks ('Gestionar NOM-035', the campus granted) before the
 * first byte, then laid out by the report files' worker threads
 * (features/files). Referral names never go into a file, whoever asks: the
 * file counts them.
 */
import { ACTION_LEVELS, ACTION_STATES, type Nom035CampusFile } from '@encuestas/core/api/nom035-file';
import { withheldExplanation } from '@encuestas/core/api/report-constants';
import { fileNamePart, type CellValue } from '@encuestas/core/api/report-files';
import { displayDay } from '@encuestas/core/dates';
import type { Database } from '../../db/client';
import type { ExportTableData, PdfSource } from '../files';
import type { AdminPrincipal } from '../users/service';
import { lastApplied } from './obligations';
import { campusFile, type FileSettings } from './service';

const fileName = (kind: string, file: Nom035CampusFile) => `${kind}_${fileNamePart(file.campus.nombre)}_${file.today}`;

/** GET /nom035/campus/{campusId}/file/pdf: the file, the 7.7 report of the last application and every program. */
export async function campusFilePdfSource(db: Database, principal: AdminPrincipal, settings: FileSettings, campusId: number): Promise<PdfSource> {
  const file = await campusFile(db, principal, settings, campusId, { referralNames: false });
  return {
    content: {
      pdf: 'nom035File',
      data: { file, reported: lastApplied(file.applications, file.today) ?? null, withheldExplanation: withheldExplanation(settings.minGroupSize) },
    },
    fileName: `${fileName('expediente-nom035', file)}.pdf`,
  };
}

const PROGRAM_COLUMNS = [
  { header: 'Aplicación', width: 30 },
  { header: 'Área o grupo', width: 28 },
  { header: 'Categoría o dominio', width: 36 },
  { header: 'Medida', width: 60 },
  { header: 'Nivel (8.5)', width: 26 },
  { header: 'Fecha programada', width: 16 },
  { header: 'Responsable', width: 28 },
  { header: 'Estado', width: 18 },
  { header: 'Último avance', width: 50 },
  { header: 'Evaluación posterior', width: 40 },
];

/** GET /nom035/campus/{campusId}/program/xlsx: one row per action of every application, newest application first. */
export async function programTable(db: Database, principal: AdminPrincipal, settings: FileSettings, campusId: number): Promise<ExportTableData> {
  const file = await campusFile(db, principal, settings, campusId, { referralNames: false });
  const rows: CellValue[][] = file.applications.flatMap((application) =>
    application.actions.map((action) => {
      const last = action.notes.at(-1);
      return [
        `${application.periodo} (${displayDay(application.startActive)} a ${displayDay(application.endActive)})`,
        action.area,
        `${action.groupName} (Guía ${action.guide})`,
        action.measure,
        ACTION_LEVELS[action.level],
        displayDay(action.dueOn),
        action.responsible,
        `${ACTION_STATES[action.state]}${action.overdue ? ' (vencida)' : ''}`,
        last ? `${displayDay(last.notedOn)}: ${last.note}` : null,
        action.followUp || null,
      ];
    }),
  );
  return {
    fileName: fileName('programa-nom035', file),
    sheetName: 'Programa de intervención',
    columns: PROGRAM_COLUMNS,
    rowCount: rows.length,
    async *rows() {
      yield* rows;
    },
  };
}
