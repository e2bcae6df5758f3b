/**
 * Entry of the report files' worker threads (workers.ts) when the server
 * runs from TypeScript: plain JavaScript, so a worker starts however the
 * server runs (`npm run cli` through tsx, vitest, whose TypeScript transform
 * does not reach worker threads), then loads the TypeScript module through
 * tsx's API. The build (scripts/server-build.mjs) compiles worker.ts itself
 * to dist/worker-entry.mjs, beside dist/main.mjs, so the same relative name
 * finds the compiled worker there.
 */
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);
export default worker.default;
