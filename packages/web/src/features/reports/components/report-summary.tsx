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
import { HEADLINE_FIGURES, heldResponsesNote, publishedExplanation, respondentsOfExpectedText } from '@encuestas/core/report-figures';
import { formatCount, formatPercent } from '../logic/chart-data';

function Figure({ label, value, detail, explanation, children }: { label: string; value: string; detail?: string; explanation: string; children?: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
      {detail ? (
        <Typography variant="body2" color="textSecondary">
          {detail}
        </Typography>
      ) : null}
      {children}
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
        {explanation}
      </Typography>
    </Paper>
  );
}

/**
 * What a coordinator reads first: the headline figures (core's
 * report-figures.ts): responses published, the response rate against the
 * people expected, and the responses still in process (held until they can
 * be published in an anonymous batch), each with its one-line definition.
 */
export function ReportSummary({ overview }: { overview: ReportOverview }) {
  const { totals } = overview;
  const rangeNote = overview.scope.from || overview.scope.to ? 'En el rango de fechas elegido' : 'En todo el periodo';
  const { permissions } = useAdminUser();
  const missingLink = missingLinkForOverview(overview, permissions);
  return (
    <Box component="section" aria-label="Resumen">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        <Figure
          label={HEADLINE_FIGURES.published.label}
          value={formatCount(totals.published)}
          detail={rangeNote}
          explanation={publishedExplanation(overview.kind.id)}
        />
        <Figure
          label={HEADLINE_FIGURES.responseRate.label}
          value={formatPercent(totals.responseRate)}
          detail={respondentsOfExpectedText(totals) ?? 'Esta encuesta no tiene una lista de personas esperadas'}
          explanation={HEADLINE_FIGURES.responseRate.explanation}
        >
          {totals.responseRate == null ? null : (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, totals.responseRate * 100)}
              aria-label={HEADLINE_FIGURES.responseRate.label}
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
          label={HEADLINE_FIGURES.held.label}
          value={formatCount(totals.held)}
          detail={totals.heldMessage ?? 'Ninguna respuesta en proceso'}
          explanation={HEADLINE_FIGURES.held.explanation}
        />
      </Box>
      {totals.held > 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {heldResponsesNote(totals.held)}
        </Alert>
      ) : null}
    </Box>
  );
}
