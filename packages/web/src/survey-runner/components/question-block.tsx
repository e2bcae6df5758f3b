import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Item } from '@encuestas/core/survey-engine/types';

interface QuestionBlockProps {
  item: Item;
  /** Position among the questions shown, for orientation (not part of the accessible name). */
  number: number;
  labelId: string;
  helpId: string;
  errorId: string;
  /** The question is the label of a text field (true) or names a group of option cards (false). */
  inputId?: string;
  errors: readonly string[];
  required: boolean;
  children: ReactNode;
}

/** One question: its text (the accessible name of its answer), help, the input and its messages. */
export function QuestionBlock({ item, number, labelId, helpId, errorId, inputId, errors, required, children }: QuestionBlockProps) {
  const invalid = errors.length > 0;
  return (
    <Paper
      variant="outlined"
      data-item-id={item.id}
      sx={{
        p: 2,
        borderRadius: 2,
        borderWidth: invalid ? 2 : 1,
        borderColor: invalid ? 'error.main' : 'divider',
        scrollMarginTop: 16,
        scrollMarginBottom: 96,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, mb: item.help ? 0.5 : 1.5 }}>
        <Typography component="span" aria-hidden sx={{ fontWeight: 700, color: 'text.secondary', minWidth: '1.6em' }}>
          {number}.
        </Typography>
        <Box>
          <Typography
            id={labelId}
            component={inputId ? 'label' : 'p'}
            {...(inputId ? { htmlFor: inputId } : {})}
            sx={{ fontWeight: 600, fontSize: '1.05rem', lineHeight: 1.35, display: 'block' }}
          >
            {item.text}
          </Typography>
          {required ? null : (
            <Typography component="span" variant="body2" color="text.secondary">
              Opcional
            </Typography>
          )}
        </Box>
      </Box>
      {item.help ? (
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {item.help}
        </Typography>
      ) : null}
      {children}
      {invalid ? (
        <Typography id={errorId} color="error" variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {errors.join('. ')}
        </Typography>
      ) : null}
    </Paper>
  );
}
