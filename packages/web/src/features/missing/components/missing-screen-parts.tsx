import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Send from '@mui/icons-material/Send';
import type { MissingAudience } from '@encuestas/core/api/missing';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import type { PagingState } from '../../../hooks/use-paging';
import { MISSING_TITLES } from '../logic/missing';

/** The parts both missing lists (one survey type, every type of the period) show alike. */

/** What a list covers: its survey type (or every type), the period, and the campus (null: every campus the user holds). */
export interface CoveredScope {
  surveys: string;
  periodo: string;
  campusId: number | null;
  campusName: string | undefined;
}

/**
 * The list's title, and under it what it covers once the report is in; its
 * line is kept empty until then, so the filters under it do not move down when
 * it arrives (a layout shift of 0.27 in Lighthouse).
 */
export function MissingHeading({ audience, covers }: { audience: MissingAudience; covers: CoveredScope | null }) {
  return (
    <div>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
        {MISSING_TITLES[audience]}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
        {covers
          ? `${covers.surveys} · ${covers.periodo} · ${covers.campusId === null ? 'Todos tus campus' : (covers.campusName ?? 'Campus')}`
          : '\u00a0'}
      </Typography>
    </div>
  );
}

/** A section of figures under its title, with 'Enviar recordatorio' beside the title for who may send one. */
export function FiguresPanel({
  titleId,
  title,
  canRemind,
  onRemind,
  children,
}: {
  titleId: string;
  title: string;
  canRemind: boolean;
  onRemind: () => void;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {canRemind ? (
          <Button variant="contained" startIcon={<Send />} onClick={onRemind}>
            Enviar recordatorio
          </Button>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}

/** What both reports say of their list of people. */
interface ListedReport<P> {
  missing: number;
  missingList: { people: P[]; total: number } | null;
  missingListMessage: string | null;
}

interface PeopleListPanelProps<P> {
  query: { data?: ListedReport<P> | undefined; isFetching: boolean; isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  paging: PagingState;
  /** Above the list when someone is missing (the downloads, or how many). */
  header: ReactNode;
  /** Under 'Nadie falta por responder'. */
  emptyText: string;
  /** The page's people, as a table or (phone) as cards. */
  list: (people: P[], isPhone: boolean) => ReactNode;
}

/**
 * One page of the people missing: their loading, error and empty states and
 * the pager, or why the user may not see them (no 'Ver Pendientes por Responder').
 */
export function PeopleListPanel<P>({ query, paging, header, emptyText, list }: PeopleListPanelProps<P>) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const report = query.data;
  const people = report?.missingList?.people ?? [];
  return (
    <Paper variant="outlined" component="section" aria-label="Lista de pendientes" sx={{ overflow: 'hidden' }}>
      {report && !report.missingList ? (
        <Box sx={{ p: 2 }}>
          <Alert severity="info">{report.missingListMessage}</Alert>
        </Box>
      ) : (
        <>
          {report?.missingList && report.missing > 0 ? header : null}
          <QueryListBody
            query={query}
            isEmpty={people.length === 0}
            loadingText="Cargando pendientes…"
            emptyTitle="Nadie falta por responder"
            emptyText={emptyText}
          >
            <Box aria-busy={query.isFetching}>{list(people, isPhone)}</Box>
          </QueryListBody>
          <PagedTablePagination paging={paging} total={report?.missingList?.total ?? 0} wrapOnPhone />
        </>
      )}
    </Paper>
  );
}
