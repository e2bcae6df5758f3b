import { useId, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import { optionCardSx, type OptionCard } from '../../components/option-card-group';
import { visuallyHidden } from '../../components/visually-hidden';

export interface ScaleGroupProps {
  /** The ordered points of the scale, best first. */
  options: readonly OptionCard[];
  /** 'No aplica': outside the scale, set apart from it. */
  notApplicable?: OptionCard;
  value: string | undefined;
  onChange: (value: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** A row of a matrix: the column headers show the labels, so the cells keep them for screen readers only. */
  inMatrix?: boolean;
}

/** Width of a matrix column, shared with the matrix's header. */
export const MATRIX_CELL_WIDTH = 88;

const cellSx = {
  ...optionCardSx,
  justifyContent: 'center',
  textAlign: 'center',
  // A finger's 44 px; two-line labels ('Algunas veces') fit in it with the thin padding.
  minHeight: 44,
  px: 0.5,
  py: 0.5,
  fontSize: '0.8rem',
  hyphens: 'auto',
} as const;

/**
 * A rating or frequency scale as one ordered row of native radio buttons
 * (one ordered column when the space is too narrow for five cells), with
 * 'No aplica' apart from the row: a tap anywhere on a cell chooses it, arrow
 * keys move along the scale, and screen readers hear a radiogroup named by
 * the question.
 */
export function ScaleGroup({ options, notApplicable, value, onChange, labelledBy, describedBy, invalid, required, inMatrix }: ScaleGroupProps) {
  const name = useId();
  const cell = (option: OptionCard, extraSx: object = {}) => {
    const checked = value === option.value;
    return (
      <Box component="label" key={option.value} data-checked={checked} sx={{ ...cellSx, ...extraSx }}>
        <Box
          component="input"
          type="radio"
          name={name}
          value={option.value}
          checked={checked}
          aria-invalid={invalid || undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => event.target.checked && onChange(option.value)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, opacity: 0, cursor: 'inherit', zIndex: 1 }}
        />
        <Box component="span" sx={inMatrix ? visuallyHidden : undefined}>
          {option.label}
        </Box>
      </Box>
    );
  };
  return (
    <Box
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      sx={
        inMatrix
          ? { display: 'flex', gap: 0.75, flexShrink: 0 }
          : { containerType: 'inline-size', display: 'flex', flexDirection: 'column', gap: 1 }
      }
    >
      <Box
        sx={
          inMatrix
            ? { display: 'contents' }
            : {
                display: 'flex',
                gap: 0.5,
                // Five cells need about 56 px each; below that the scale reads top to bottom.
                '@container (max-width: 289px)': { flexDirection: 'column' },
              }
        }
      >
        {options.map((option) => cell(option, inMatrix ? { width: MATRIX_CELL_WIDTH } : { flex: '1 1 0', minWidth: 0 }))}
      </Box>
      {notApplicable
        ? cell(
            notApplicable,
            inMatrix
              ? { width: MATRIX_CELL_WIDTH, ml: 1.5, borderStyle: 'dashed' }
              : { alignSelf: 'flex-end', minWidth: 120, borderStyle: 'dashed' },
          )
        : null}
    </Box>
  );
}
