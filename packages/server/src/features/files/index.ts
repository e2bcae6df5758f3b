/** What other features use of the report files: the download header and content types, and as types the file workers, a PDF's data and a table to write (pdfkit and exceljs stay in the worker threads). */
export { attachment, CONTENT_TYPES, PDF_CONTENT_TYPE } from './routes';
export type { PdfSource } from './pdf/data';
export type { Branding } from './pdf/document';
export type { Nom035FilePdfData } from './pdf/nom035-file';
export type { ExportTableData } from './spreadsheet';
export type { FileWorkers } from './workers';
