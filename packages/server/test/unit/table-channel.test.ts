/**
 * The table channel (features/files/table-channel.ts) over a real
 * MessageChannel, both ends in this thread: the CSV comes out whole, also
 * when it is read slower than it is written; a
 * download abandoned mid-way stops the writer and the reading of rows; a
 * failure reading rows before the first byte is the request's error.
 */
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { CellValue } from '@encuestas/core/api/report-files';
import { spreadsheetStream } from '../../src/features/files/spreadsheet';
import { streamTable, writeTable } from '../../src/features/files/table-channel';

const columns = [{ header: 'Comentario' }];
const writeCsv = (rows: AsyncIterable<CellValue[]>) => spreadsheetStream('csv', { sheetName: 'Comentarios', columns, rows });

function channel(rows: AsyncIterable<CellValue[]>) {
  const { port1, port2 } = new MessageChannel();
  const writer = writeTable(port2, writeCsv);
  return { writer, download: streamTable(port1, rows, writer) };
}

async function text(download: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of download) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the table channel', () => {
  it('writes every row, in order, across several batches', async () => {
    const count = 2_500;
    const { writer, download } = channel(
      (async function* () {
        for (let i = 0; i < count; i++) yield [`fila ${i}`];
      })(),
    );
    const lines = (await text(await download)).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    await writer;
    expect(lines).toEqual(['"Comentario"', ...Array.from({ length: count }, (_, i) => `"fila ${i}"`)]);
  });

  it('keeps going when the download is read slower than it is written (backpressure)', async () => {
    // Several times the download's buffer (256 kB), read a chunk per turn of the event loop.
    const count = 20_000;
    const line = (i: number) => `Comentario ${i}: la biblioteca necesita más libros y el wifi falla en la cafetería.`;
    const { writer, download } = channel(
      (async function* () {
        for (let i = 0; i < count; i++) yield [line(i)];
      })(),
    );
    const slow = new PassThrough();
    const piped = pipeline(await download, slow);
    const chunks: Buffer[] = [];
    for await (const chunk of slow) {
      chunks.push(chunk as Buffer);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await piped;
    await writer;
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(count + 1);
    expect(lines.at(-1)).toBe(`"${line(count - 1)}"`);
  });

  it('keeps asking for rows while the writer holds its bytes back (an XLSX compresses batches into nothing yet)', async () => {
    // The XLSX writer's zip buffers what it deflates: after its first bytes, batches of rows went in and no byte came
    // out, so the download asked for nothing more and the worker waited for rows forever (PGlite, 100,000 comments).
    const count = 5_000;
    const { port1, port2 } = new MessageChannel();
    const writer = writeTable(port2, (rows) => spreadsheetStream('xlsx', { sheetName: 'Comentarios', columns, rows }));
    const download = streamTable(
      port1,
      (async function* () {
        for (let i = 0; i < count; i++) yield ['Comentario: la biblioteca necesita más libros.'];
      })(),
      writer,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await download) chunks.push(chunk as Buffer);
    await writer;
    const file = Buffer.concat(chunks);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.subarray(-22, -18).readUInt32LE(0)).toBe(0x06054b50); // the zip's end record: the file is whole
  });

  it('stops the writer and the reading of rows when the download is abandoned', async () => {
    let read = 0;
    let finished!: () => void;
    const rowsClosed = new Promise<void>((resolve) => (finished = resolve));
    const { writer, download } = channel(
      (async function* () {
        try {
          for (;;) yield [`fila ${read++}`];
        } finally {
          finished();
        }
      })(),
    );
    const stream = await download;
    for await (const _chunk of stream) break; // One chunk, then the client goes away.
    await expect(writer).rejects.toThrow();
    await rowsClosed;
    const readWhenClosed = read;
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toBe(readWhenClosed);
  });

  it('rejects with the reading’s own error when rows fail before the first byte', async () => {
    const failure = new Error('la base de datos no responde');
    const { writer, download } = channel(
      // eslint-disable-next-line require-yield
      (async function* () {
        throw failure;
      })(),
    );
    await expect(download).rejects.toBe(failure);
    await expect(writer).rejects.toThrow();
  });
});
