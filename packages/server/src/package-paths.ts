/**
 * Folders the server reads at run time, found from this module's place. It
 * sits at the top of src/, the same depth as the bundles in dist/
 * (scripts/server-build.mjs), so the paths hold whether the server runs from
 * TypeScript (tsx, vitest) or from the build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** packages/server/drizzle: the SQL migrations and their journal. */
export const MIGRATIONS_FOLDER = path.join(packageRoot, 'drizzle');
/** packages/web/dist: the built web app (WEB_DIST overrides it). */
export const DEFAULT_WEB_DIST = path.resolve(packageRoot, '../web/dist');
