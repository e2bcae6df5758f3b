/**
 * Report files off the event loop (docs/reports.md, "Files"): a file's data
 * is read on the main thread (asynchronous queries), then a pool of worker
 * threads (piscina; worker.ts) lays out the PDF or writes the XLSX or CSV, so
 * a heavy file never holds up other requests. Files are bounded per user and
 * overall, counting those in progress and those waiting their turn: one over
 * a bound is refused at once with a Spanish 429 and Retry-After.
 */
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { FILES_BUSY_MESSAGE, tooManyFilesMessage, type ExportFormat } from '@encuestas/core/api/report-files';
import { TooManyRequestsError } from '../../http/errors';
import type { PdfSource } from './pdf/data';
import type { Branding } from './pdf/document';
import type { ExportTableData } from './spreadsheet';
import { streamTable } from './table-channel';
import type { FileTask } from './worker';

/** The worker threads' module: the one place that names it. */
export const FILE_WORKER_ENTRY = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));

export interface FileWorkerOptions {
  /** Worker threads: the CPUs but the one the event loop needs, at least 1. */
  threads: number;
  /** Files a thread works on at once: a table's writer mostly waits for its rows. */
  filesPerThread: number;
  /** Files of one user in progress or waiting. */
  perUser: number;
  /** Files of everyone in progress or waiting. */
  total: number;
  /** The worker module (tests wrap it to make a file fail) and what it gets as workerData. */
  entry: string;
  workerData?: unknown;
}

export const DEFAULT_FILE_WORKER_OPTIONS: FileWorkerOptions = {
  threads: Math.max(1, availableParallelism() - 1),
  filesPerThread: 4,
  perUser: 3,
  total: 32,
  entry: FILE_WORKER_ENTRY,
};

/** Retry-After of a refused file: most files take a second or two. */
export const FILES_RETRY_AFTER_SECONDS = 5;
/** A worker idle this long ends; the next file starts one again (a second or two). */
const IDLE_MS = 10 * 60_000;
/** A worker's heap: a runaway file fails alone instead of exhausting the server. */
const WORKER_HEAP_MIB = 256;
/** Workers run at a lower CPU priority (Linux nice) than the event loop: when CPUs are short, requests go first. */
const WORKER_NICE = 10;

export class FileWorkers {
  readonly #options: FileWorkerOptions;
  readonly #pool: Piscina<FileTask, Uint8Array | null>;
  /** Files reading their data or being written, at most threads × filesPerThread. */
  #active = 0;
  /** Files waiting for their turn, first come first served. */
  readonly #waiting: (() => void)[] = [];
  /** Files in progress or waiting, by user. */
  readonly #byUser = new Map<number, number>();
  #count = 0;

  constructor(options: Partial<FileWorkerOptions> = {}) {
    this.#options = { ...DEFAULT_FILE_WORKER_OPTIONS, ...options };
    this.#pool = new Piscina({
      filename: this.#options.entry,
      minThreads: 0,
      maxThreads: this.#options.threads,
      concurrentTasksPerWorker: this.#options.filesPerThread,
      idleTimeout: IDLE_MS,
      // Tables exchange messages with the main thread while they run: the worker's event loop must keep turning.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MIB },
      niceIncrement: WORKER_NICE,
      workerData: this.#options.workerData,
    });
  }

  /** A place for one more file of this user, once its turn comes (a 429 over a bound); the function gives it back. */
  async #enter(userId: number): Promise<() => void> {
    const mine = this.#byUser.get(userId) ?? 0;
    if (mine >= this.#options.perUser) throw new TooManyRequestsError(FILES_RETRY_AFTER_SECONDS, tooManyFilesMessage(this.#options.perUser));
    if (this.#count >= this.#options.total) throw new TooManyRequestsError(FILES_RETRY_AFTER_SECONDS, FILES_BUSY_MESSAGE);
    this.#byUser.set(userId, mine + 1);
    this.#count++;
    if (this.#active < this.#options.threads * this.#options.filesPerThread) this.#active++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#count--;
      const remaining = (this.#byUser.get(userId) ?? 1) - 1;
      if (remaining > 0) this.#byUser.set(userId, remaining);
      else this.#byUser.delete(userId);
      // The place goes to the first file waiting, if any.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    };
  }

  /** A PDF: its data read by `read` (which runs the report's checks), drawn in a worker. */
  async pdf(userId: number, branding: Branding, read: () => Promise<PdfSource>): Promise<{ bytes: Buffer; fileName: string }> {
    const leave = await this.#enter(userId);
    try {
      const { content, fileName } = await read();
      const bytes = (await this.#pool.run({ ...content, branding }))!;
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName };
    } finally {
      leave();
    }
  }

  /**
   * A table as XLSX or CSV: `read` checks it and gives its rows, which go to a
   * worker as it wants them; the download starts with the first bytes, and the
   * place is given back when the download ends (or is abandoned) or the worker fails.
   */
  async table(userId: number, format: ExportFormat, read: () => Promise<ExportTableData>): Promise<{ table: ExportTableData; download: Readable }> {
    const leave = await this.#enter(userId);
    try {
      const table = await read();
      const { port1, port2 } = new MessageChannel();
      const task = this.#pool.run({ format, sheetName: table.sheetName, columns: table.columns, port: port2 }, { transferList: [port2] });
      task.then(leave, leave);
      const download = await streamTable(port1, table.rows(), task);
      // The download's end comes before the worker's answer: the user may ask for the next file at once.
      download.once('close', leave);
      return { table, download };
    } catch (error) {
      leave();
      throw error;
    }
  }

  /** Ends the worker threads (the app's onClose), so tests and commands exit. */
  close(): Promise<void> {
    return this.#pool.destroy();
  }
}
