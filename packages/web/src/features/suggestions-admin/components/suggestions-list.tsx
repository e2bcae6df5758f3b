import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { formatIsoDay } from '../../../components/dates/day-format';
import { commentExcerpt } from '../logic/suggestion-filters';
import { CommentTypeChip, ContactIcon, ResolutionChip, SuggestionStateChips } from './suggestion-chips';

interface SuggestionsListProps {
  suggestions: readonly Suggestion[];
  onOpen: (suggestion: Suggestion) => void;
}

export const SUGGESTIONS_TABLE_LABEL = 'Comentarios del buzón';

/**
 * The comments as a table: a row opens its detail (click anywhere; the
 * comment is a button for the keyboard and screen readers).
 */
export function SuggestionsTable({ suggestions, onOpen }: SuggestionsListProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 760 }} aria-label={SUGGESTIONS_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Fecha</TableCell>
            <TableCell>Campus</TableCell>
            <TableCell>Comentario</TableCell>
            <TableCell>Tipo</TableCell>
            <TableCell>Resolución</TableCell>
            <TableCell>Contacto</TableCell>
            <TableCell>Estado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {suggestions.map((suggestion) => (
            <TableRow
              key={suggestion.id}
              hover
              data-suggestion-id={suggestion.id}
              onClick={() => onOpen(suggestion)}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDay(suggestion.created_on)}</TableCell>
              <TableCell>{suggestion.campus.nombre}</TableCell>
              <TableCell sx={{ minWidth: 240 }}>
                <Link
                  component="button"
                  type="button"
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(suggestion);
                  }}
                  sx={{ textAlign: 'left', color: 'text.primary', font: 'inherit', overflowWrap: 'anywhere' }}
                >
                  {commentExcerpt(suggestion.comment)}
                </Link>
                {suggestion.suggestionCategory ? (
                  <Typography variant="body2" color="textSecondary" sx={{ mt: 0.25 }}>
                    Categoría: {suggestion.suggestionCategory.name}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <CommentTypeChip suggestion={suggestion} />
              </TableCell>
              <TableCell>
                <ResolutionChip suggestion={suggestion} />
              </TableCell>
              <TableCell align="center">
                <ContactIcon suggestion={suggestion} />
              </TableCell>
              <TableCell>
                <SuggestionStateChips suggestion={suggestion} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same comments as cards, for a phone. */
export function SuggestionCards({ suggestions, onOpen }: SuggestionsListProps) {
  return (
    <Box
      component="ul"
      aria-label={SUGGESTIONS_TABLE_LABEL}
      sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}
    >
      {suggestions.map((suggestion) => (
        <li key={suggestion.id} data-suggestion-id={suggestion.id}>
          <Card variant="outlined">
            <CardActionArea onClick={() => onOpen(suggestion)} aria-haspopup="dialog">
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography variant="body2" color="textSecondary">
                    {formatIsoDay(suggestion.created_on)} · {suggestion.campus.nombre}
                  </Typography>
                  <ContactIcon suggestion={suggestion} />
                </Stack>
                <Typography sx={{ overflowWrap: 'anywhere', mb: 1 }}>{commentExcerpt(suggestion.comment, 140)}</Typography>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <CommentTypeChip suggestion={suggestion} />
                  <ResolutionChip suggestion={suggestion} />
                  <SuggestionStateChips suggestion={suggestion} />
                </Stack>
                {suggestion.suggestionCategory ? (
                  <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                    Categoría: {suggestion.suggestionCategory.name}
                  </Typography>
                ) : null}
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
