/**
 * The server's mover in a thread of its own, on PostgreSQL (issue 23): its
 * work between statements (opening sealed answers, the fold's arithmetic and
 * comment triage, building the INSERTs: about an eighth of the server's
 * thread under a full submission load) no longer runs on the thread that
 * answers HTTP, and at a lower CPU priority, so requests go first when CPUs
 * are short and the mover catches up after. The thread has its own
 * connection to the database and the held answers' key; startResponseMover
 * (mover.ts) still decides when to run, and logs and records each run.
 *
 * The embedded database keeps the mover in the server's thread: PGlite is
 * one session (db/embedded.ts), already in a thread of its own.
 */
import type { KeyObject } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { isEmbedded, urlOf, type Database } from '../../db/client';
import type { MoverRunOutcome } from './mover';
import type { MoverTask } from './mover-worker';

/** The thread's module: beside this one in src (through tsx), beside main.mjs in the build's dist/ (scripts/server-build.mjs). */
export const MOVER_WORKER_ENTRY = fileURLToPath(new URL('./mover-worker-entry.mjs', import.meta.url));

/** Below the event loop's priority (Linux nice), as the report files' workers (files/workers.ts). */
const MOVER_NICE = 10;
/** The thread's heap: a runaway batch fails alone instead of exhausting the server. */
const HEAP_MIB = 256;

export interface MoverThread {
  /** One run of the mover (publishDue) in the thread. */
  run(task: MoverTask): Promise<MoverRunOutcome>;
  /** Ends a run in progress after its transaction (PublishOptions.stopRequested), and every later one at once. */
  requestStop(): void;
  close(): Promise<void>;
}

/** The mover's thread for a database on a PostgreSQL server; null for the embedded one (or a pool without a URL). */
export function startMoverThread(db: Database, heldKey: KeyObject): MoverThread | null {
  const url = urlOf(db);
  if (isEmbedded(db) || !url) return null;
  // Read by the thread between transactions (mover-worker.ts): set once the server shuts down.
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const pool = new Piscina<MoverTask, MoverRunOutcome>({
    filename: MOVER_WORKER_ENTRY,
    // Started with the server, so the first run after a start does not wait for the thread to load its code.
    minThreads: 1,
    maxThreads: 1,
    niceIncrement: MOVER_NICE,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MIB },
    workerData: { url, heldKey, stopFlag },
  });
  return {
    run: (task) => pool.run(task),
    requestStop: () => void Atomics.store(stopFlag, 0, 1),
    close: () => pool.destroy(),
  };
}
