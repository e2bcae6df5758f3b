import type { DirectoryEntity, ImportReport } from '@encuestas/core/api/directory';
import { apiRequest } from '../../../api/client';

/**
 * POST /directory/import/{entity} with the file's text. All or nothing: with
 * any bad row the server answers 422 and the error carries the report
 * (read it with importReportFromError).
 */
export async function importDirectory(entity: DirectoryEntity, csv: string): Promise<ImportReport> {
  const { report } = await apiRequest<{ report: ImportReport }>(`/directory/import/${entity}`, {
    method: 'POST',
    body: { csv },
  });
  return report;
}
