/**
 * What a report-file worker thread does (docs/reports.md, "Files"): draws a
 * PDF from the plain data the main thread read, or writes a table as XLSX or
 * CSV from rows the main thread sends as they are wanted (table-channel.ts).
 * The CPU-heavy part of a file, off the event loop that answers requests.
 * Loaded through worker-entry.mjs; imports no database code.
 */
import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import type { ExportFormat } from '@encuestas/core/api/report-files';
import type { TeacherOwnResults } from '@encuestas/core/api/teacher-results';
import type { TeacherReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import type { Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import type { Branding, Pdf } from './pdf/document';
import { drawNom035Pdf } from './pdf/nom035';
import { drawNom035FilePdf, type Nom035FilePdfData } from './pdf/nom035-file';
import { drawStudentsPdf, type StudentsPdfData } from './pdf/students';
import { drawOwnTeacherPdf, drawTeacherPdf } from './pdf/teacher';
import { spreadsheetStream, type TableColumn } from './spreadsheet';
import { writeTable } from './table-channel';

/** A PDF's figures, as read by pdf/data.ts. */
export type PdfContent =
  | { pdf: 'students'; data: StudentsPdfData }
  | { pdf: 'teacher'; data: TeacherReport }
  | { pdf: 'ownTeacher'; data: TeacherOwnResults }
  | { pdf: 'nom035'; data: Nom035Report }
  | { pdf: 'nom035File'; data: Nom035FilePdfData };
export type PdfTask = PdfContent & { branding: Branding };
export interface TableTask {
  format: ExportFormat;
  sheetName: string;
  columns: TableColumn[];
  /** The rows come in and the bytes go out here. */
  port: MessagePort;
}
export type FileTask = PdfTask | TableTask;

function draw(task: PdfTask): Pdf {
  switch (task.pdf) {
    case 'students':
      return drawStudentsPdf(task.branding, task.data);
    case 'teacher':
      return drawTeacherPdf(task.branding, task.data);
    case 'ownTeacher':
      return drawOwnTeacherPdf(task.branding, task.data);
    case 'nom035':
      return drawNom035Pdf(task.branding, task.data);
    case 'nom035File':
      return drawNom035FilePdf(task.branding, task.data);
  }
}

async function bytesOf(doc: Pdf): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  // A buffer of its own, handed over to the main thread rather than copied.
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A PDF's bytes, or (a table) nothing once every byte went through the task's port. */
export default async function generate(task: FileTask): Promise<Uint8Array | null> {
  if ('pdf' in task) return move(await bytesOf(draw(task))) as Uint8Array;
  await writeTable(task.port, (rows) => spreadsheetStream(task.format, { sheetName: task.sheetName, columns: task.columns, rows }));
  return null;
}
