import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { fetchReportsFreshness } from '../api/reports-api';
import { reportsKeys } from '../api/reports-keys';
import { figuresFreshnessNote } from '../logic/figures-freshness';

/**
 * A small line saying how current a report's figures are, shown only when they
 * come from a read replica (REPORTS_DATABASE_URL). `figuresReadAt` is the
 * report query's dataUpdatedAt: the note is asked again each time the figures are.
 * Plain text in the page's flow, so a screen reader reads it with the title and
 * nothing is announced on its own.
 */
export function FiguresFreshness({ figuresReadAt }: { figuresReadAt: number }) {
  const freshness = useQuery({
    queryKey: reportsKeys.freshness(figuresReadAt),
    queryFn: ({ signal }) => fetchReportsFreshness(signal),
    enabled: figuresReadAt > 0,
    staleTime: Infinity,
    // A note, not the report: a failure shows nothing rather than an error.
    retry: false,
  });
  const note = figuresFreshnessNote(freshness.data);
  if (!note) return null;
  return (
    <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
      {note}
    </Typography>
  );
}
