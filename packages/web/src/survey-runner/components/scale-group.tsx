import { useId, type ChangeEvent } from 'react';
import { optionCardSx, type OptionCard } from '../../components/option-card-group';
import { useStaticClass } from '../../components/static-style';
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

/** A cell's native radio, transparent over the whole cell: a tap anywhere on it lands on the input. */
const CELL_INPUT_SX = { position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, opacity: 0, cursor: 'inherit', zIndex: 1 } as const;

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
  '& > input': CELL_INPUT_SX,
} as const;

/**
 * The scale's look in one style rule, its cells plain labels under it: a
 * step draws a scale per question, five or six cells each, and as three
 * Boxes a cell they were most of the form's first render on a phone
 * (Lighthouse traces, docs/benchmarks.md).
 */
const SCALE_SX = {
  containerType: 'inline-size',
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  '& label': cellSx,
  '& > .scale-row': {
    display: 'flex',
    gap: 0.5,
    // Five cells need about 56 px each; below that the scale reads top to bottom.
    '@container (max-width: 289px)': { flexDirection: 'column' },
  },
  '& > .scale-row > label': { flex: '1 1 0', minWidth: 0 },
  '& > label.not-applicable': { alignSelf: 'flex-end', minWidth: 120, borderStyle: 'dashed' },
} as const;
/** A row of a matrix: fixed-width cells under the matrix's header, whose labels they keep for screen readers only. */
const MATRIX_ROW_SX = {
  display: 'flex',
  gap: 0.75,
  flexShrink: 0,
  '& label': { ...cellSx, width: MATRIX_CELL_WIDTH },
  '& label > span': visuallyHidden,
  '& > .scale-row': { display: 'contents' },
  '& > label.not-applicable': { ml: 1.5, borderStyle: 'dashed' },
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
  const cell = (option: OptionCard, className?: string) => {
    const checked = value === option.value;
    return (
      <label key={option.value} data-checked={checked} className={className}>
        <input
          type="radio"
          name={name}
          value={option.value}
          checked={checked}
          aria-invalid={invalid || undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => event.target.checked && onChange(option.value)}
        />
        <span>{option.label}</span>
      </label>
    );
  };
  return (
    <div
      className={useStaticClass(inMatrix ? MATRIX_ROW_SX : SCALE_SX)}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
    >
      <div className="scale-row">{options.map((option) => cell(option))}</div>
      {notApplicable ? cell(notApplicable, 'not-applicable') : null}
    </div>
  );
}
