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
  ids: (itemId: string) => MatrixIds;
  answers: Answers;
  errors: ItemErrors;
  onChange: (itemId: string, value: AnswerValue) => void;
}

/**
 * On a wide screen, questions on the same scale as one matrix: the scale's
 * labels once at the top, a question per row, each row its own radiogroup
 * named by its question (the header is for the eye only).
 */
export function ScaleMatrix({ items, firstNumber, ids, answers, errors, onChange }: ScaleMatrixProps) {
  const { options, notApplicable } = scaleOptions(items[0]!);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <Box aria-hidden sx={{ display: 'flex', gap: 0.75, px: 2, py: 1, bgcolor: 'grey.100' }}>
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
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              bgcolor: invalid ? 'rgba(211, 47, 47, 0.06)' : undefined,
              scrollMarginTop: 64,
              scrollMarginBottom: 96,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', gap: 1 }}>
              <Typography component="span" aria-hidden sx={{ fontWeight: 700, color: 'text.secondary', minWidth: '1.6em' }}>
                {firstNumber + position}.
              </Typography>
              <Box>
                <Typography id={labelId} sx={{ fontWeight: 600, lineHeight: 1.35 }}>
                  {item.text}
                </Typography>
                {item.help ? (
                  <Typography id={helpId} variant="body2" color="text.secondary">
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
              inMatrix
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
