/**
 * Entry of the mover's thread (mover-thread.ts) when the server runs from
 * TypeScript: plain JavaScript, so the thread starts however the server runs
 * (tsx, vitest, whose TypeScript transform does not reach worker threads),
 * then loads the TypeScript module through tsx's API, as the report files'
 * workers do (files/worker-entry.mjs). The build (scripts/server-build.mjs)
 * compiles mover-worker.ts itself to dist/mover-worker-entry.mjs, beside
 * dist/main.mjs, so the same relative name finds the compiled one there.
 */
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./mover-worker.ts', import.meta.url);
export default worker.default;
