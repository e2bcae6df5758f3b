import type { ReactNode } from 'react';
import { useStaticClass } from '../static-style';

interface LightCheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The input's id (where a check sends the cursor). */
  id?: string;
  /** ids of the texts that describe it (a hint, an error). */
  describedBy?: string;
}

/**
 * A native checkbox and its label in one style rule: MUI's Checkbox in a
 * FormControlLabel is a ripple button, an icon and four styled parts, drawn on
 * the respondent pages' first render (Lighthouse traces, docs/benchmarks.md).
 * Same place as FormControlLabel's: the box at the start of the line, the
 * label 32 px in, a row as tall as a finger (44 px).
 */
const CHECKBOX_SX = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '11px',
  minHeight: 44,
  typography: 'body1',
  cursor: 'pointer',
  verticalAlign: 'middle',
  '& > input': { width: 18, height: 18, m: 0, ml: '3px', flexShrink: 0, accentColor: (t: { palette: { primary: { main: string } } }) => t.palette.primary.main, cursor: 'inherit' },
  '&[data-disabled="true"]': { color: 'text.disabled', cursor: 'default' },
} as const;

export function LightCheckbox({ label, checked, onChange, disabled, id, describedBy }: LightCheckboxProps) {
  return (
    <label className={useStaticClass(CHECKBOX_SX)} data-disabled={disabled || undefined}>
      <input type="checkbox" id={id} checked={checked} disabled={disabled} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
