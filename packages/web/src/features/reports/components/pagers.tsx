/**
 * The two pagers of the report screens, in one place: keyset pages of texts
 * (comments, 'other' lists) walked both ways, and numbered pages of teachers.
 */
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount } from '../logic/chart-data';
import { nextKeysetPage, pageNumber, previousKeysetPage, type KeysetPages } from '../logic/keyset-pages';
import { pageCount } from '../kinds/teacher-evaluation/teacher-results';

/** 'Página N' (or 'Página N de M' when the page count is known), 'Anterior' and 'Siguiente'. */
export function KeysetPager({
  pages,
  setPages,
  next,
  pageCount,
}: {
  pages: KeysetPages;
  setPages: (update: (current: KeysetPages) => KeysetPages) => void;
  /** The next page's cursor; null on the last page. */
  next: string | null | undefined;
  pageCount?: number;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <Typography variant="body2" color="textSecondary">
        Página {pageNumber(pages)}
        {pageCount === undefined ? null : ` de ${pageCount}`}
      </Typography>
      <Button disabled={pageNumber(pages) === 1} onClick={() => setPages(previousKeysetPage)}>
        Anterior
      </Button>
      <Button disabled={next == null} onClick={() => setPages((p) => nextKeysetPage(p, next ?? null))}>
        Siguiente
      </Button>
    </Stack>
  );
}

const pageItemLabel = (type: string, item: number | null) =>
  type === 'page' ? `Página ${item}` : type === 'next' ? 'Página siguiente' : type === 'previous' ? 'Página anterior' : type;

/** 'N docentes · P por página' and numbered pages with Spanish names for screen readers. */
export function TeachersPager({
  total,
  perPage,
  page,
  onPage,
  label,
}: {
  total: number;
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography variant="body2" color="textSecondary">
        {total === 1 ? '1 docente' : `${formatCount(total)} docentes`} · {perPage} por página
      </Typography>
      <Pagination
        count={pageCount(total, perPage)}
        page={page}
        onChange={(_event, next) => onPage(next)}
        {...(label ? { 'aria-label': label } : {})}
        getItemAriaLabel={pageItemLabel}
      />
    </Stack>
  );
}
