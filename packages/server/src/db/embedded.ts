/**
 * Starts the embedded PGlite in a worker thread of its own
 * (db/embedded-worker.mjs) and gives what the server needs to reach it: the
 * folder of its Unix socket for node-postgres, a ping that asks the thread
 * whether it answers, its folder's dump for backups, and its close.
 */
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Beside this module in src/db, and beside main.mjs in the build's dist/ (scripts/server-build.mjs). */
export const EMBEDDED_WORKER_ENTRY = fileURLToPath(new URL('./embedded-worker.mjs', import.meta.url));

export interface EmbeddedDatabaseOptions {
  /** PGlite's folder; absent means in memory. */
  dataDir?: string;
  /** A tarball of a data folder to start from (tests' migrated snapshots). */
  loadDataDir?: Uint8Array;
  /** PGlite's WebAssembly, compiled once and shared by many databases (tests). */
  wasmModule?: unknown;
}

export interface EmbeddedDatabase {
  /** The folder holding the socket (node-postgres's `host`). */
  socketDir: string;
  /**
   * Resolves when the database's thread answers, or at once while it runs a
   * round of statements that began under ROUND_ALIVE_MS ago: a thread busy
   * with a query is up, as a PostgreSQL server busy with others' queries is.
   */
  ping(): Promise<void>;
  /** The gzip tarball of the data folder. */
  dump(): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Where the socket's folder goes: the service's runtime folder (systemd's
 * RuntimeDirectory=, or the user's XDG_RUNTIME_DIR), which no cleaner ages
 * out, else the system's temporary folder, which some clean of files unused
 * for days (the open connection would survive, a reconnection would not).
 * A socket's path must stay under 108 bytes, which rules out DATA_DIR; a
 * runtime folder this user cannot write to is passed over.
 */
export function socketParent(env: NodeJS.ProcessEnv = process.env): string {
  const runtime = env.RUNTIME_DIRECTORY?.split(':')[0] || env.XDG_RUNTIME_DIR;
  return runtime && path.isAbsolute(runtime) && runtime.length <= 60 && writable(runtime) ? runtime : os.tmpdir();
}

/** A folder this user can make files in (a runtime folder inherited from another user's session is not). */
function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A round of statements running longer than this counts as a thread that no
 * longer answers: pings then wait for it (and a health check's caller times
 * out). The longest statement the server sends (a report over a whole
 * cycle, a migration) takes seconds.
 */
export const ROUND_ALIVE_MS = 60_000;

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  // mkdtemp makes the folder 0700: only this user reaches the socket.
  const socketDir = mkdtempSync(path.join(socketParent(), 'encuestas-db-'));
  // [0] 1 while the thread runs a round of statements, [1] when that round began (embedded-worker.mjs).
  const progress = new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));
  const worker = new Worker(EMBEDDED_WORKER_ENTRY, { workerData: { ...options, socketDir, progress } });
  const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const call of calls.values()) call.reject(error);
    calls.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('PGlite is closed')));
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedded database's thread ended (${code}) before it was ready`)));
      worker.once('message', () => resolve());
    });
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  // Like PGlite in the server's own thread before, an open database does not keep the process alive by itself:
  // the thread counts only while the server waits for one of its answers (a query's socket counts on its own).
  worker.unref();
  worker.on('message', (message: { id: number; ok: boolean; result?: unknown; error?: string }) => {
    const call = calls.get(message.id);
    calls.delete(message.id);
    if (calls.size === 0) worker.unref();
    if (message.ok) call?.resolve(message.result);
    else call?.reject(new Error(message.error));
  });
  const ask = <T>(type: 'ping' | 'dump' | 'close') =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, type });
    });
  return {
    socketDir,
    ping: async () => {
      if (failure) throw failure;
      const busySince = Atomics.load(progress, 0) === 1n ? Number(Atomics.load(progress, 1)) : null;
      if (busySince !== null && Date.now() - busySince < ROUND_ALIVE_MS) return;
      await ask<void>('ping');
    },
    dump: async () => {
      const tarball = await ask<Uint8Array>('dump');
      return Buffer.from(tarball.buffer, tarball.byteOffset, tarball.byteLength);
    },
    close: async () => {
      try {
        if (!failure) await ask<void>('close');
      } finally {
        await worker.terminate();
        rmSync(socketDir, { recursive: true, force: true });
      }
    },
  };
}
