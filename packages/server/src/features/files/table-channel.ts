/**
 * A table's rows to the worker thread that writes its XLSX or CSV, and the
 * file's bytes back, over a MessagePort. The worker asks for rows when it has
 * written the last ones; the main thread sends the next batch (the comments
 * and the missing list: page by page from the database) only once the
 * download has taken most of the bytes already sent, and reads one batch
 * ahead meanwhile, so reading and writing overlap. A slow client holds back
 * the reading rather than filling the memory, and a file of 100,000 rows is
 * never whole in either thread.
 */
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { CellValue } from '@encuestas/core/api/report-files';

/** Rows sent to the worker in one message. */
const ROW_BATCH = 1000;
/** The worker sends its bytes in messages of about this size. */
const BYTES_MESSAGE = 64 * 1024;
/** Bytes held for the download before the next batch of rows is read. */
const DOWNLOAD_BUFFER = 256 * 1024;

interface Batch {
  rows: CellValue[][];
  last: boolean;
}
type ToWorker = Batch | { cancel: true };
type ToMain = { want: 'rows' } | { bytes: Uint8Array } | { done: true };

/** The next ROW_BATCH rows, or what is left (the last batch). */
async function readBatch(iterator: AsyncIterator<CellValue[]>): Promise<Batch> {
  const batch: CellValue[][] = [];
  while (batch.length < ROW_BATCH) {
    const next = await iterator.next();
    if (next.done) return { rows: batch, last: true };
    batch.push(next.value);
  }
  return { rows: batch, last: false };
}

/**
 * Main thread: feeds `rows` to the worker at the other end of `port` and
 * streams what it writes. Resolves with the download once the first bytes
 * came (a failure before that rejects, so it is an ordinary error answer);
 * a failure later breaks the download rather than end a half file.
 */
export function streamTable(port: MessagePort, rows: AsyncIterable<CellValue[]>, task: Promise<unknown>): Promise<Readable> {
  const iterator = rows[Symbol.asyncIterator]();
  /** The worker asked for rows. */
  let wanted = false;
  /**
   * The download asked for bytes: Node calls read() when its buffer is below DOWNLOAD_BUFFER, once, until the
   * next push. A check of the buffer's length here instead stalls: read() comes before the consumer's chunk
   * leaves the buffer, so the length can still be over the mark, and no other read() follows. True at first:
   * the first rows go before anyone reads, since the download is handed over with its first bytes.
   */
  let demanded = true;
  /** Bytes came since the last batch went: without any, the download's buffer has not grown, so its demand stands. */
  let pushedSinceBatch = false;
  let sending = false;
  /** The next batch, read while the worker writes the last one. */
  let ahead: Promise<Batch> | undefined;
  let started: (() => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  const download = new Readable({
    highWaterMark: DOWNLOAD_BUFFER,
    read: () => {
      demanded = true;
      void feed();
    },
    destroy(error, callback) {
      port.postMessage({ cancel: true } satisfies ToWorker);
      port.close();
      void iterator.return?.();
      callback(error);
    },
  });

  async function feed(): Promise<void> {
    if (!wanted || !demanded || sending || download.destroyed) return;
    wanted = false;
    demanded = false;
    sending = true;
    try {
      const batch = await (ahead ?? readBatch(iterator));
      ahead = undefined;
      if (download.destroyed) return;
      port.postMessage(batch satisfies ToWorker);
      pushedSinceBatch = false;
      if (!batch.last) {
        ahead = readBatch(iterator);
        // Awaited when the worker asks; a failure meanwhile must not go unhandled.
        ahead.catch(() => undefined);
      }
    } catch (error) {
      failed?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      sending = false;
    }
  }

  port.on('message', (message: ToMain) => {
    if ('want' in message) {
      wanted = true;
      // A writer that compresses (the XLSX's zip) can take batches and give no byte back yet: no byte pushed
      // means no read() from the download either, so its last demand is still the one to answer.
      if (!pushedSinceBatch) demanded = true;
      void feed();
      return;
    }
    started?.();
    if ('bytes' in message) {
      pushedSinceBatch = true;
      download.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    } else {
      download.push(null);
      port.close();
    }
  });

  return new Promise<Readable>((resolve, reject) => {
    let answered = false;
    started = () => {
      answered = true;
      resolve(download);
    };
    // The first failure (reading rows, or the worker's) is the one reported: before the first bytes
    // as the request's error, after them by breaking the download.
    failed = (error) => {
      failed = undefined;
      reject(error);
      if (!download.destroyed) download.destroy(answered ? error : undefined);
    };
    task.catch((error: unknown) => failed?.(error instanceof Error ? error : new Error(String(error))));
  });
}

/** Thrown in the worker when the download was abandoned: nothing more to write. */
class TableCancelled extends Error {
  constructor() {
    super('the download was abandoned');
  }
}

/**
 * Worker thread: writes the table with `write` from the rows the main thread
 * sends over `port`, and sends the bytes back.
 */
export async function writeTable(port: MessagePort, write: (rows: AsyncIterable<CellValue[]>) => Readable): Promise<void> {
  const inbox: ToWorker[] = [];
  let arrived: (() => void) | undefined;
  const receive = (message: ToWorker) => {
    inbox.push(message);
    arrived?.();
  };
  port.on('message', receive);
  // The main thread closed its end (the download went away): as good as told to stop.
  port.once('close', () => receive({ cancel: true }));
  const received = async (): Promise<ToWorker> => {
    while (inbox.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
    return inbox.shift()!;
  };

  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const bytes = new Uint8Array(pendingBytes);
    let offset = 0;
    for (const chunk of pending) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    pending = [];
    pendingBytes = 0;
    port.postMessage({ bytes } satisfies ToMain, [bytes.buffer]);
  };

  async function* rows(): AsyncGenerator<CellValue[]> {
    for (;;) {
      // What was written from the last rows goes first, so the main thread sees the download's real backlog.
      flush();
      port.postMessage({ want: 'rows' } satisfies ToMain);
      const message = await received();
      if ('cancel' in message) throw new TableCancelled();
      yield* message.rows;
      if (message.last) return;
    }
  }

  try {
    for await (const chunk of write(rows())) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= BYTES_MESSAGE) flush();
    }
    flush();
    port.postMessage({ done: true } satisfies ToMain);
  } finally {
    port.close();
  }
}
