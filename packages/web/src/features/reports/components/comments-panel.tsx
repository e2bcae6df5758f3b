import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WHOLE_PERIOD_NOTE, TEXTS_PAGE_SIZE } from '@encuestas/core/api/report-constants';
import type { ReportTextList } from '@encuestas/core/api/reports';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PageSection } from '../../../components/page-section';
import { TableDownloads } from './download-button';
import { useTextsPage } from '../hooks/use-reports';
import { formatCount } from '../logic/chart-data';
import { FIRST_KEYSET_PAGE, currentCursor, type KeysetPages } from '../logic/keyset-pages';
import { KeysetPager } from './pagers';
import type { ReportFilters } from '../logic/report-filters';

/** Waits for the user to stop typing before searching. */
function useDebounced(value: string, ms = 350): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface CommentsPanelProps {
  filters: ReportFilters;
  lists: readonly ReportTextList[];
  /** The list shown (the first when null); the report's 'Otro' links choose it too. */
  itemId: string | null;
  onItemChange: (itemId: string) => void;
}

/** Comments and every 'other' list: pick a list, search it, page through it (keyset), with its total. */
export function CommentsPanel({ filters, lists, itemId, onItemChange }: CommentsPanelProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const list = lists.find((l) => l.id === itemId) ?? lists[0];
  // A new list, search or scope starts again at its first page.
  const pagingKey = `${list?.id}|${search}|${filters.cicleId}-${filters.periodoId}-${filters.campusId}`;
  const [paging, setPaging] = useState({ key: pagingKey, pages: FIRST_KEYSET_PAGE });
  const pages = paging.key === pagingKey ? paging.pages : FIRST_KEYSET_PAGE;
  const setPages = (update: (current: KeysetPages) => KeysetPages) => setPaging({ key: pagingKey, pages: update(pages) });
  const texts = useTextsPage(filters, list?.id ?? '', search, currentCursor(pages));
  if (!list) return null;
  const data = texts.data;
  return (
    <PageSection title="Comentarios">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {lists.length > 1 ? (
            <TextField select label="Lista" value={list.id} onChange={(event) => onItemChange(event.target.value)} sx={{ flex: 1, minWidth: 0 }}>
              {lists.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.text} ({formatCount(l.total)})
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            type="search"
            label="Buscar en los comentarios"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ flex: 1, minWidth: 0 }}
          />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {WHOLE_PERIOD_NOTE}
        </Typography>
        {list.withheld ? null : <TableDownloads filters={filters} table="texts" name={`los comentarios de «${list.text}»`} extra={{ item: list.id }} />}
        {list.withheld ? (
          <Alert severity="info">{data?.withheldExplanation ?? 'Esta lista reúne muy pocas respuestas para mostrarse.'}</Alert>
        ) : (
          <QueryListBody
            query={texts}
            isEmpty={(data?.texts.length ?? 0) === 0 && !data?.withheld}
            loadingText="Cargando comentarios…"
            emptyTitle={search ? 'Ningún comentario coincide con la búsqueda' : 'Aún no hay comentarios'}
          >
            {data ? (
              <Stack spacing={1}>
                <Typography role="status" sx={{ fontWeight: 600 }}>
                  {data.total === 1 ? '1 comentario' : `${formatCount(data.total)} comentarios`}
                  {search ? ` con «${search}»` : ''}
                </Typography>
                {data.unlistedNote ? (
                  <Typography variant="body2" color="textSecondary">
                    {data.unlistedNote}
                  </Typography>
                ) : null}
                {data.withheld ? (
                  <Alert severity="info">{data.withheldExplanation}</Alert>
                ) : (
                  <List aria-label={`Comentarios: ${data.item.text}`} sx={{ bgcolor: 'background.default', borderRadius: 1 }}>
                    {data.texts.map((text) => (
                      <ListItem key={text.id} divider sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                        {text.text}
                      </ListItem>
                    ))}
                  </List>
                )}
                <KeysetPager pages={pages} setPages={setPages} next={data.next} pageCount={Math.max(1, Math.ceil(data.total / TEXTS_PAGE_SIZE))} />
              </Stack>
            ) : null}
          </QueryListBody>
        )}
      </Stack>
    </PageSection>
  );
}
