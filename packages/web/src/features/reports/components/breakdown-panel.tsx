import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { WHOLE_PERIOD_NOTE, type BreakdownSegment } from '@encuestas/core/api/report-constants';
import type { BreakdownRow } from '@encuestas/core/api/reports';
import { HEADLINE_FIGURES } from '@encuestas/core/report-figures';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PageSection } from '../../../components/page-section';
import { useBreakdown, useBreakdownItems } from '../hooks/use-reports';
import { formatAverage, formatCount } from '../logic/chart-data';
import type { ReportFilters } from '../logic/report-filters';
import { TableDownloads } from './download-button';
import { ReportTable, type ReportColumn } from './report-table';
import { SectionResults } from './section-results';
import { WithheldCell } from './withheld-note';

const rowName = (row: BreakdownRow) => (row.grupo == null ? row.plan : `${row.plan} · ${row.grupo}`);

function columnsFor(segment: BreakdownSegment, explanation: string): ReportColumn<BreakdownRow>[] {
  return [
    { key: 'plan', label: 'Plan', value: (row) => row.plan },
    ...(segment === 'group' ? [{ key: 'grupo', label: 'Grupo', value: (row: BreakdownRow) => row.grupo }] : []),
    { key: 'responses', label: HEADLINE_FIGURES.published.label, numeric: true, value: (row) => row.responses, render: (row) => formatCount(row.responses) },
    {
      key: 'average',
      label: 'Promedio',
      numeric: true,
      value: (row) => (row.withheld ? null : row.average),
      render: (row) =>
        row.withheld ? <WithheldCell explanation={explanation} /> : row.average == null ? '—' : formatAverage(row.average),
    },
  ];
}

/** One plan's or group's items, read only when the user opens it. */
function BreakdownItemsDialog({ filters, segment, row, onClose }: { filters: ReportFilters; segment: BreakdownSegment; row: BreakdownRow | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const items = useBreakdownItems(filters, segment, row?.value ?? null);
  return (
    <Dialog open={row != null} onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="desglose-titulo">
      <DialogTitle id="desglose-titulo">{row ? rowName(row) : ''}</DialogTitle>
      <DialogContent dividers>
        <QueryListBody query={items} isEmpty={false} loadingText="Cargando resultados…" emptyTitle="">
          {items.data?.withheld ? (
            <Alert severity="info">{items.data.withheldExplanation}</Alert>
          ) : items.data ? (
            <SectionResults questionnaires={items.data.questionnaires} withheldExplanation={items.data.withheldExplanation} />
          ) : null}
        </QueryListBody>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Results by plan and by plan and group: a table of rows (whole period); opening one loads its items. */
export function BreakdownPanel({ filters }: { filters: ReportFilters }) {
  const [segment, setSegment] = useState<BreakdownSegment>('plan');
  const [opened, setOpened] = useState<BreakdownRow | null>(null);
  const breakdown = useBreakdown(filters, segment);
  const data = breakdown.data;
  return (
    <PageSection title="Resultados por plan y grupo">
      <Stack spacing={2}>
        {/* Two pressed-or-not buttons rather than MUI's Tabs, whose indicator measured the page as the report opened (issue 20). */}
        <ToggleButtonGroup
          exclusive
          value={segment}
          onChange={(_event, next: BreakdownSegment | null) => {
            if (next) setSegment(next);
          }}
          aria-label="Desglose"
          sx={{ alignSelf: 'flex-start' }}
        >
          <ToggleButton value="plan" sx={{ minHeight: 44, textTransform: 'none' }}>
            Por plan
          </ToggleButton>
          <ToggleButton value="group" sx={{ minHeight: 44, textTransform: 'none' }}>
            Por grupo
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="textSecondary">
          {WHOLE_PERIOD_NOTE} Abre un {segment === 'plan' ? 'plan' : 'grupo'} para ver sus respuestas por pregunta.
        </Typography>
        <TableDownloads filters={filters} table="breakdown" name={segment === 'plan' ? 'los resultados por plan' : 'los resultados por grupo'} extra={{ segment }} />
        <QueryListBody
          query={breakdown}
          isEmpty={(data?.rows.length ?? 0) === 0}
          loadingText="Cargando desglose…"
          emptyTitle="Sin respuestas por plan o grupo"
        >
          {data ? (
            <Stack spacing={1}>
              {data.withheldRows > 0 ? (
                <Alert severity="info">
                  {formatCount(data.withheldRows)} {data.withheldRows === 1 ? 'fila oculta' : 'filas ocultas'}. {data.withheldExplanation}
                </Alert>
              ) : null}
              <ReportTable
                caption={segment === 'plan' ? 'Resultados por plan' : 'Resultados por grupo'}
                columns={columnsFor(segment, data.withheldExplanation)}
                rows={data.rows}
                rowKey={(row) => row.value}
                onRowOpen={(row) => setOpened(row)}
                openLabel={(row) => `Ver respuestas de ${rowName(row)}`}
              />
            </Stack>
          ) : null}
        </QueryListBody>
      </Stack>
      <BreakdownItemsDialog filters={filters} segment={segment} row={opened} onClose={() => setOpened(null)} />
    </PageSection>
  );
}
