/**
 * The lint holds the feature boundaries (eslint.config.js, featureZones):
 * one feature reaches another only through its public entries (server:
 * index.ts or service.ts; web: index.ts), however the relative path is
 * spelled; the web's shared code too, and its app shell also through the
 * page modules it loads lazily. Runs the
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

describe('feature boundaries (web)', () => {
  const src = 'packages/web/src';

  it("fails a feature's import of another feature's internals, and passes its index", async () => {
    const errors = await boundaryErrors(
      `${src}/features/missing/boundary-fixture.ts`,
      ["export { reportLinkFor } from '../reports/logic/report-paths';", "export { canSeeAnyReport } from '../reports';", ''].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('"../reports/logic/report-paths"');
    expect(errors[0]).toContain('Another feature is reached only through its index.ts');
  });

  it('fails shared code that reaches into a feature', async () => {
    const errors = await boundaryErrors(
      `${src}/hooks/boundary-fixture.ts`,
      ["export { fetchPeriodos } from '../features/periods-cycles/api/periods-cycles-api';", "export { fetchPeriodos as f } from '../features/periods-cycles';", ''].join('\n'),
    );
    expect(errors).toEqual([expect.stringContaining('Shared code reaches a feature only through its index.ts')]);
  });

  it('lets the app load a page lazily but not reach other internals', async () => {
    const errors = await boundaryErrors(
      `${src}/app/boundary-fixture.ts`,
      [
        "export const page = () => import('../features/missing/components/missing-page');",
        "export { missingPath } from '../features/missing/paths';",
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringContaining('"../features/missing/paths"')]);
  });
});
