import type { DirectoryEntity, ImportAnswer, ImportProgress, ImportProgressAnswer, ImportReport } from '@encuestas/core/api/directory';
import { apiRequest } from '../../../api/client';

/**
 * POST /directory/import/{entity} with the file's text. All or nothing: with
 * any bad row the server answers 422 and the error carries the report
 * (read it with importReportFromError). `progressId` names the import so
 * fetchImportProgress can follow it while it runs.
 */
export async function importDirectory(entity: DirectoryEntity, csv: string, progressId?: string): Promise<ImportReport> {
  const { report } = await apiRequest<ImportAnswer>(`/directory/import/${entity}`, {
    method: 'POST',
    body: { csv, progressId },
  });
  return report;
}

/** How far the named import got; null while the server has no progress for it (not started, done, another server). */
export async function fetchImportProgress(progressId: string): Promise<ImportProgress | null> {
  const { progress } = await apiRequest<ImportProgressAnswer>(`/directory/import/progress/${progressId}`);
  return progress;
}
