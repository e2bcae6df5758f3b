import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useReportOverview } from '../hooks/use-reports';
import { KIND_PANELS } from '../kinds/kind-panels';
import { useReportAddress } from '../hooks/use-report-address';
import { invalidRangeMessage, missingFilterMessage, reportSearchParams, type ReportFilters } from '../logic/report-filters';
import { FiguresFreshness } from './figures-freshness';
import { KindReport, ReportBody } from './report-body';
import { LoadingBlock } from './loading-block';
import { ReportFilterBar } from './report-filter-bar';

type ReportMode = 'cycle' | 'campus';

/** The report by cycle (/admin/report/students) or by campus (/admin/report/campus/{campusId}/students). */
export function ReportScreen({ mode }: { mode: ReportMode }) {
  const { filters, setSearch } = useReportAddress();
  // Stable while the address is, so the filter bar is not drawn again as the figures arrive.
  const changeFilters = useCallback((next: ReportFilters) => setSearch(reportSearchParams(next)), [setSearch]);
  const missing = missingFilterMessage(filters, mode === 'campus');
  const rangeError = invalidRangeMessage(filters);
  const overview = useReportOverview(filters, missing == null && rangeError == null, { withKindPanel: true });
  const title = mode === 'cycle' ? 'Reporte por ciclo' : 'Reporte por campus';
  usePageTitle(overview.data ? `${title}: ${overview.data.scope.cycle.name}` : title);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <div>
        <Typography variant="h1">{title}</Typography>
        {overview.data ? <ReportSubtitle overview={overview.data} /> : null}
        {overview.data ? <FiguresFreshness figuresReadAt={overview.dataUpdatedAt} /> : null}
      </div>
      <ReportFilterBar filters={filters} onChange={changeFilters} campusLocked={mode === 'campus'} allowAllCampuses={mode === 'cycle'} />
      {missing ? (
        <Alert severity="info">{missing}</Alert>
      ) : rangeError ? null : overview.isPending ? (
        <LoadingBlock text="Cargando reporte…" />
      ) : overview.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(overview.error)}
        </Alert>
      ) : KIND_PANELS[overview.data.kind.id]?.standalone ? (
        <KindReport filters={filters} overview={overview.data} />
      ) : overview.data.scope.empty ? (
        <Alert severity="info">{overview.data.scope.emptyMessage}</Alert>
      ) : (
        <ReportBody filters={filters} overview={overview.data} />
      )}
    </Stack>
  );
}

function ReportSubtitle({ overview }: { overview: ReportOverview }) {
  const { scope } = overview;
  const campus = KIND_PANELS[overview.kind.id]?.standalone
    ? ''
    : scope.campusId == null
      ? scope.campuses.length === 1
        ? scope.campuses[0]!.nombre
        : `${scope.campuses.length} campus`
      : (scope.campuses.find((c) => c.id === scope.campusId)?.nombre ?? '');
  return (
    <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
      {scope.cycle.name} · Periodo {scope.periodo.nombre}
      {campus ? ` · ${campus}` : ''}
    </Typography>
  );
}
