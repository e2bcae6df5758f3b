/**
 * Report-file worker threads a test can steer (file-worker-faults.mjs): the
 * real worker, whose next tasks can be held until the gate opens, fail with
 * an exception, or crash their thread. Pass `options` to createTestApp's
 * `files`.
 */
import { fileURLToPath } from 'node:url';
import { FILE_WORKER_ENTRY, type FileWorkerOptions } from '../../src/features/files/workers';

const SLOT = { started: 0, open: 1, hold: 2, holdBlocking: 3, fail: 4, crash: 5 } as const;

export interface FileWorkerFaults {
  options: Partial<FileWorkerOptions>;
  /** Holds the next `count` tasks in the worker until open(); `blocking` stops the whole thread meanwhile, as a long layout does. Counts started tasks from 0 again. */
  hold(count: number, options?: { blocking?: boolean }): void;
  open(): void;
  /** The next `count` tasks throw. */
  fail(count: number): void;
  /** The next `count` tasks end their worker thread. */
  crash(count: number): void;
  /** Resolves once this many tasks have reached the workers since hold(). */
  started(count: number): Promise<void>;
}

export function fileWorkerFaults(bounds: Partial<FileWorkerOptions>): FileWorkerFaults {
  const control = new Int32Array(new SharedArrayBuffer(Object.keys(SLOT).length * Int32Array.BYTES_PER_ELEMENT));
  return {
    options: {
      ...bounds,
      entry: fileURLToPath(new URL('./file-worker-faults.mjs', import.meta.url)),
      workerData: { control: control.buffer, slots: SLOT, entry: FILE_WORKER_ENTRY },
    },
    hold(count, { blocking = false } = {}) {
      Atomics.store(control, SLOT.open, 0);
      Atomics.store(control, SLOT.started, 0);
      Atomics.store(control, blocking ? SLOT.holdBlocking : SLOT.hold, count);
    },
    open() {
      Atomics.store(control, SLOT.open, 1);
      Atomics.notify(control, SLOT.open);
    },
    fail: (count) => void Atomics.store(control, SLOT.fail, count),
    crash: (count) => void Atomics.store(control, SLOT.crash, count),
    async started(count) {
      while (Atomics.load(control, SLOT.started) < count) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
