/**
 * The report files' real worker (workerData.entry) behind a switchboard the
 * test holds (file-workers.ts): the next tasks can be held until the test
 * opens the gate (waiting, or blocking the whole thread), fail with an
 * exception, or end their worker thread, as a crash would.
 */
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';

const { slots: SLOT } = workerData;
const control = new Int32Array(workerData.control);
const { default: generate } = await import(pathToFileURL(workerData.entry).href);

/** Takes one from a counter of tasks still to treat so; false when none is left. */
function takeOne(slot) {
  for (;;) {
    const left = Atomics.load(control, slot);
    if (left <= 0) return false;
    if (Atomics.compareExchange(control, slot, left, left - 1) === left) return true;
  }
}

export default async function faultyGenerate(task) {
  Atomics.add(control, SLOT.started, 1);
  if (takeOne(SLOT.crash)) process.exit(1); // In a worker thread: ends the thread, as a crash would.
  if (takeOne(SLOT.fail)) throw new Error('a file that fails on purpose (test)');
  if (takeOne(SLOT.holdBlocking)) Atomics.wait(control, SLOT.open, 0);
  else if (takeOne(SLOT.hold)) {
    const waiting = Atomics.waitAsync(control, SLOT.open, 0);
    if (waiting.async) await waiting.value;
  }
  return generate(task);
}
