/**
 * Entry of the report files' worker threads (workers.ts): plain JavaScript,
 * so a worker starts however the server runs (`node --import tsx` for
 * `npm start` and the e2e server, the tsx CLI, vitest, whose TypeScript
 * transform does not reach worker threads), then loads the TypeScript module
 * through tsx's API. Were the server compiled to JavaScript, this import is
 * the one line to change.
 */
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);
export default worker.default;
