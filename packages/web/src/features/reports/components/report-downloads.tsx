import Stack from '@mui/material/Stack';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { studentsPdfRequest } from '../logic/report-files';
import type { ReportFilters } from '../logic/report-filters';
import { DownloadButton, TableDownloads } from './download-button';

/** The report's own files: the students report as PDF (student surveys) and the questions table. */
export function ReportDownloads({ filters, overview }: { filters: ReportFilters; overview: ReportOverview }) {
  const student = overview.kind.respondent === 'student';
  const hasItems = overview.questionnaires.length > 0;
  if (!student && !hasItems) return null;
  return (
    <Stack component="section" aria-label="Descargas" direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {student ? <DownloadButton label="Reporte en PDF" accessibleLabel="Descargar el reporte en PDF" request={studentsPdfRequest(filters)} /> : null}
      {hasItems ? <TableDownloads filters={filters} table="items" name="las respuestas por pregunta" /> : null}
    </Stack>
  );
}
