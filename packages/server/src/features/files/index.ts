/** What other features use of the report files: the download header, and as types the file workers and a PDF's data (pdfkit stays in the worker threads). */
export { attachment } from './routes';
export type { PdfSource } from './pdf/data';
export type { Branding } from './pdf/document';
export type { FileWorkers } from './workers';
