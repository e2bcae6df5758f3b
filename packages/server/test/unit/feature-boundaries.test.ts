/**
 * The lint holds the feature boundaries (eslint.config.js, featureZones):
 * one feature reaches another only through its public entries (server:
 * index.ts or service.ts), however the relative path is spelled. Runs the
 * repository's own ESLint configuration on source strings placed in a
 * feature's folder (the files need not exist; the imported ones do).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives `source` as if it were the file `file` (relative to the repository). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('feature boundaries (server)', () => {
  const file = 'packages/server/src/features/missing/boundary-fixture.ts';

  it("fails an import of another feature's internal module, however the path is spelled", async () => {
    const errors = await boundaryErrors(
      file,
      [
        "export { textsPage } from '../aggregates/queries';",
        "export { isReportable } from './../aggregates/small-groups.ts';",
        "export { recordRun } from '../../features/maintenance/background-runs';",
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('Another feature is reached only through its index.ts or service.ts');
  });

  it("passes imports through another feature's index or service, and the feature's own modules", async () => {
    const errors = await boundaryErrors(
      file,
      [
        "export { textsPage } from '../aggregates';",
        "export { audit } from '../audit/service';",
        "export { pruneReminderSends } from './reminders';",
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
