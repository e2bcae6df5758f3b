import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { missingLinkForOverview } from '../../missing';
import { formatCount, formatPercent } from '../logic/chart-data';
import { responseRateText } from '../logic/overview-charts';

function Figure({ label, value, detail, children }: { label: string; value: string; detail?: string; children?: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * What a coordinator reads first: responses published, the response rate
 * against the people expected, and the responses still in process (held
 * until they can be published in an anonymous batch).
 */
export function ReportSummary({ overview }: { overview: ReportOverview }) {
  const { totals } = overview;
  const rangeNote = overview.scope.from || overview.scope.to ? 'En el rango de fechas elegido' : 'En todo el periodo';
  const { permissions } = useAdminUser();
  const missingLink = missingLinkForOverview(overview, permissions);
  return (
    <Box component="section" aria-label="Resumen">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        <Figure label="Respuestas" value={formatCount(totals.published)} detail={rangeNote} />
        <Figure
          label="Tasa de respuesta"
          value={totals.responseRate == null ? '—' : formatPercent(totals.responseRate)}
          detail={totals.expected == null ? 'Esta encuesta no tiene una lista de personas esperadas' : responseRateText(totals)}
        >
          {totals.responseRate == null ? null : (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, totals.responseRate * 100)}
              aria-label="Tasa de respuesta"
              color="secondary"
              sx={{ mt: 1, height: 8, borderRadius: 4 }}
            />
          )}
          {missingLink ? (
            <Link component={RouterLink} to={missingLink} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
              Ver quién falta por responder
            </Link>
          ) : null}
        </Figure>
        <Figure
          label="En proceso"
          value={formatCount(totals.held)}
          detail={totals.heldMessage ?? 'Ninguna respuesta en proceso'}
        />
      </Box>
      {totals.held > 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {totals.heldMessage}: se publican en grupos para que nadie pueda ligar una respuesta con quien la envió, y
          entonces se suman a las cifras.
        </Alert>
      ) : null}
    </Box>
  );
}
