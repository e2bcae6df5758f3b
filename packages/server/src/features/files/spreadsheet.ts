/**
 * A report table as a streamed XLSX (exceljs's WorkbookWriter) or CSV
 * (UTF-8 with a BOM), written in a worker thread (worker.ts): rows are
 * written as they arrive, so a file of 100,000 comments never sits whole in
 * memory. Every text cell goes through escapeSpreadsheetText
 * (core/api/report-files.ts) against formula injection.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, escapeSpreadsheetText, UTF8_BOM, type CellValue, type ExportFormat } from '@encuestas/core/api/report-files';
import { formatPercent } from '@encuestas/core/format';

/** How a numeric column reads in XLSX, as core/format.ts writes it on screen (the cell stays a number). */
export type ColumnFormat = 'count' | 'percent' | 'average';
const NUMBER_FORMATS: Record<ColumnFormat, string> = { count: '#,##0', percent: '0.0%', average: '0.00' };

export interface TableColumn {
  header: string;
  /** Width in characters (XLSX only). */
  width?: number;
  /** The cells' number format in XLSX; CSV writes the plain number, but a percentage as the screens write it (74.5%), not as a ratio. */
  format?: ColumnFormat;
}

/** A table ready to write: its size is known before the first byte, so a file too big is refused whole. */
export interface ExportTableData {
  /** Without extension. */
  fileName: string;
  sheetName: string;
  columns: TableColumn[];
  rowCount: number;
  rows(): AsyncIterable<CellValue[]>;
}

/** What the worker writes: the sheet and its rows as they arrive. */
export interface SheetContent {
  sheetName: string;
  columns: TableColumn[];
  rows: AsyncIterable<CellValue[]>;
}

const cell = (value: CellValue) => (typeof value === 'string' ? escapeSpreadsheetText(value) : value);

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Reporte';

function csvStream(table: SheetContent): Readable {
  return Readable.from(
    (async function* () {
      yield UTF8_BOM + csvLine(table.columns.map((column) => column.header));
      const percent = table.columns.map((column) => column.format === 'percent');
      for await (const row of table.rows) yield csvLine(row.map((value, index) => (percent[index] && typeof value === 'number' ? formatPercent(value) : value)));
    })(),
  );
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

function xlsxStream(table: SheetContent): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(table.sheetName));
  sheet.columns = table.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? 16,
    ...(column.format ? { style: { numFmt: NUMBER_FORMATS[column.format] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const row of table.rows) {
      if (out.destroyed) return; // The client went away: stop reading rows.
      sheet.addRow(row.map(cell)).commit();
      // Let a slow client drain what the zip already wrote before reading more rows.
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The table as a stream of the format's bytes; a failure mid-way breaks the download rather than end a half file. */
export function spreadsheetStream(format: ExportFormat, table: SheetContent): Readable {
  return format === 'csv' ? csvStream(table) : xlsxStream(table);
}
