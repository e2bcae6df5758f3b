/**
 * The mover's thread (mover-thread.ts): a run of publishDue on a connection
 * of its own, opened with the thread's first task.
 */
import type { KeyObject } from 'node:crypto';
import { workerData } from 'node:worker_threads';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { serializeError } from '../../http/log-serializers';
import { publishDue, serverPublishOptions, type MoverRunOutcome } from './mover';

export interface MoverTask {
  minBatch: number;
}

const { url, heldKey, stopFlag } = workerData as { url: string; heldKey: KeyObject; stopFlag: Int32Array };
const stopRequested = () => Atomics.load(stopFlag, 0) === 1;
/** Two connections: a run's transaction and the recording of it. */
let database: Promise<DatabaseHandle> | undefined;

export default async function runMover({ minBatch }: MoverTask): Promise<MoverRunOutcome> {
  try {
    database ??= openDatabase({ url, poolSize: 2 });
    const { db } = await database;
    return await publishDue(db, serverPublishOptions(db, { minBatch, heldKey, stopRequested }));
  } catch (error) {
    throw withoutBoundValues(error);
  }
}

/**
 * The error as the server logs it: crossing to the server's thread keeps an
 * error's message and stack but not its other properties, and without
 * `params` the log's serializer could no longer tell the values bound to a
 * failed statement (the answers being published) from the message. So they
 * are taken out here (http/log-serializers.ts), causes included.
 */
function withoutBoundValues(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const safe = serializeError(error);
  const forwarded = new Error(safe.message);
  forwarded.stack = safe.stack;
  return forwarded;
}
