/**
 * The embedded PGlite in a worker thread of its own (db/embedded.ts starts
 * it), so its queries, its writes and its disk's slow syncs hold this thread
 * and not the one that answers HTTP.
 *
 * It speaks PostgreSQL's wire protocol on a Unix socket in a folder only this
 * user can enter (PGlite asks no password), and the server reaches it with
 * node-postgres as it reaches a PostgreSQL server: one connection, since
 * PGlite is one session. Messages are handed to PGlite whole, up to the end
 * of each client round (Sync, Query or Flush), one round at a time.
 *
 * Plain JavaScript: worker threads get no TypeScript transform from vitest or
 * tsx (the report files' workers load theirs the same way). The build
 * (scripts/server-build.mjs) bundles it to dist/embedded-worker.mjs.
 *
 * While it runs a round it says so in `progress` (shared with the server: [0] 1 while a round runs,
 * [1] when it began, ms), so a ping need not wait for a round the thread is busy with (db/embedded.ts).
 *
 * workerData: { dataDir?: string, loadDataDir?: Uint8Array, wasmModule?: WebAssembly.Module, socketDir: string,
 *   progress: BigInt64Array over a SharedArrayBuffer }
 * Messages from the server: { id, type: 'ping' | 'dump' | 'close' }; answers { id, ok, result?, error? }.
 */
import net from 'node:net';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir, wasmModule, socketDir, progress } = workerData;

/** Message types that end a client's round: PGlite answers each round whole. */
const ROUND_ENDS = new Set(['S', 'Q', 'H'].map((c) => c.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

const db = new PGlite({
  dataDir,
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
});
await db.waitReady;

/** One connection at a time (PGlite has one session); the others wait their turn in arrival order. */
let active = null;
const waiting = [];
/** Rounds run one after another, each while PGlite's own queue is held (a dump waits for it). */
let rounds = Promise.resolve();

const server = net.createServer((socket) => {
  if (active) waiting.push(socket);
  else serve(socket);
});

function serve(socket) {
  active = socket;
  // What arrived and is not yet handed on, kept as the reads came: a message split over many reads is
  // joined once, when the bytes it needs are there (joining at every read was quadratic in its size).
  let chunks = [];
  let length = 0;
  let needed = 0;
  let started = false;
  socket.on('data', (chunk) => {
    chunks.push(chunk);
    length += chunk.length;
    if (length < needed) return;
    const buffer = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
    chunks = [buffer];
    let end = 0;
    let cut = 0;
    // The startup message has no type byte: its length comes first.
    if (!started) {
      needed = buffer.length < 4 ? 4 : buffer.readInt32BE(0);
      if (buffer.length < needed) return;
      cut = needed;
      started = true;
    } else {
      needed = 0;
      while (end + 5 <= buffer.length) {
        const type = buffer[end];
        const next = end + 1 + buffer.readInt32BE(end + 1);
        if (next > buffer.length) {
          needed = next;
          break;
        }
        if (type === TERMINATE) {
          cut = end;
          socket.end();
          break;
        }
        end = next;
        if (ROUND_ENDS.has(type)) cut = end;
      }
      if (needed === 0) needed = end + 5;
    }
    if (cut === 0) return;
    needed -= cut;
    const rest = buffer.subarray(cut);
    chunks = rest.length ? [rest] : [];
    length = rest.length;
    const round = buffer.subarray(0, cut);
    rounds = rounds.then(async () => {
      try {
        const answer = await db.runExclusive(async () => {
          Atomics.store(progress, 1, BigInt(Date.now()));
          Atomics.store(progress, 0, 1n);
          try {
            return await db.execProtocolRaw(new Uint8Array(round));
          } finally {
            Atomics.store(progress, 0, 0n);
          }
        });
        if (answer.length && !socket.destroyed) socket.write(answer);
      } catch {
        socket.destroy(); // the client sees its connection end, as when a server process dies
      }
    });
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    // What the connection left behind is not the next one's: an open transaction, prepared statements, settings.
    rounds = rounds.then(async () => {
      if (db.closed) return;
      try {
        if (db.isInTransaction()) await db.exec('rollback');
        await db.exec('discard all');
      } catch {
        // A database that cannot reset a session is closing or broken: the next connection meets that.
      }
    });
    rounds.finally(() => {
      active = null;
      const next = waiting.shift();
      if (next) serve(next);
    });
  });
}

await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(path.join(socketDir, '.s.PGSQL.5432'), resolve);
});

parentPort.on('message', async ({ id, type }) => {
  try {
    if (type === 'ping') {
      if (db.closed) throw new Error('PGlite is closed');
      parentPort.postMessage({ id, ok: true });
    } else if (type === 'dump') {
      const tarball = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
      parentPort.postMessage({ id, ok: true, result: tarball }, [tarball.buffer]);
    } else if (type === 'close') {
      server.close();
      for (const socket of [active, ...waiting]) socket?.destroy();
      await rounds.catch(() => undefined);
      await db.close();
      parentPort.postMessage({ id, ok: true });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
