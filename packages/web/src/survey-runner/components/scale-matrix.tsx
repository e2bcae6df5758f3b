import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AnswerValue, Answers } from '@encuestas/core/survey-engine/types';
import { scaleOptions, type ScaleItem } from './item-inputs';
import { MATRIX_CELL_WIDTH, ScaleGroup } from './scale-group';
import type { ItemErrors } from '../step-navigation';

export interface MatrixIds {
  labelId: string;
  helpId: string;
  errorId: string;
}

interface ScaleMatrixProps {
  items: readonly ScaleItem[];
  firstNumber: number;
  /** A desktop: the scale's labels once as column headers, a question per row; a phone: a compact list, each question over its own labelled scale row. */
  wide: boolean;
  ids: (itemId: string) => MatrixIds;
  answers: Answers;
  errors: ItemErrors;
  onChange: (itemId: string, value: AnswerValue) => void;
}

/**
 * Questions on the same scale as one matrix, each question its own
 * radiogroup named by its question. On a wide screen: the scale's labels once
 * at the top (for the eye only), a question per row. On a phone: one card
 * for the run, a question per compact entry with its scale row under it
 * (the labels in the cells), dividers instead of a card per question, so a
 * section of frequency items reads in a few swipes.
 */
export function ScaleMatrix({ items, firstNumber, wide, ids, answers, errors, onChange }: ScaleMatrixProps) {
  const { options, notApplicable } = scaleOptions(items[0]!);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <Box aria-hidden sx={{ display: wide ? 'flex' : 'none', gap: 0.75, px: 2, py: 1, bgcolor: 'grey.100' }}>
        <Box sx={{ flex: 1 }} />
        {[...options, ...(notApplicable ? [notApplicable] : [])].map((option) => (
          <Typography
            key={option.value}
            variant="body2"
            sx={{ width: MATRIX_CELL_WIDTH, textAlign: 'center', fontWeight: 600, ml: option === notApplicable ? 1.5 : 0 }}
          >
            {option.label}
          </Typography>
        ))}
      </Box>
      {items.map((item, position) => {
        const { labelId, helpId, errorId } = ids(item.id);
        const itemErrors = errors[item.id] ?? [];
        const invalid = itemErrors.length > 0;
        const describedBy = [item.help ? helpId : null, invalid ? errorId : null].filter(Boolean).join(' ');
        return (
          <Box
            key={item.id}
            data-item-id={item.id}
            sx={{
              display: wide ? 'flex' : 'block',
              alignItems: 'center',
              gap: 2,
              px: wide ? 2 : 1.5,
              py: wide ? 1 : 1.25,
              // On a phone the card has no header: the first question needs no line above it.
              borderTop: wide || position > 0 ? 1 : 0,
              borderColor: 'divider',
              bgcolor: invalid ? 'rgba(211, 47, 47, 0.06)' : undefined,
              scrollMarginTop: 64,
              scrollMarginBottom: 96,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', gap: 1, mb: wide ? 0 : 0.75 }}>
              <Typography component="span" aria-hidden sx={{ fontWeight: 700, color: 'text.secondary', minWidth: '1.6em' }}>
                {firstNumber + position}.
              </Typography>
              <Box>
                <Typography id={labelId} sx={{ fontWeight: 600, lineHeight: 1.35 }}>
                  {item.text}
                </Typography>
                {item.help ? (
                  <Typography id={helpId} variant="body2" color="textSecondary">
                    {item.help}
                  </Typography>
                ) : null}
                {invalid ? (
                  <Typography id={errorId} color="error" variant="body2" sx={{ fontWeight: 600 }}>
                    {itemErrors.join('. ')}
                  </Typography>
                ) : null}
              </Box>
            </Box>
            <ScaleGroup
              inMatrix={wide}
              options={options}
              notApplicable={notApplicable}
              value={typeof answers[item.id] === 'string' ? (answers[item.id] as string) : undefined}
              onChange={(value) => onChange(item.id, value)}
              labelledBy={labelId}
              describedBy={describedBy}
              invalid={invalid}
              required={item.required !== false}
            />
          </Box>
        );
      })}
    </Paper>
  );
}
