import { useEffect, useId, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useForkRef } from '@mui/material/utils';

export interface FieldFrameProps {
  label: string;
  /** The control's id (a generated one when absent). */
  id?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** 'div' when the helper text holds block content. */
  helperTextComponent?: 'p' | 'div';
}

interface LightTextFieldProps extends FieldFrameProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  /** Attributes of the <input> itself (inputMode, maxLength, enterKeyHint…). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/** InputBase's line height (1.4375em): `rows` lines of it. */
const lines = (rows: number) => `${(rows * 1.4375).toFixed(4)}em`;
const growingRules = new Map<string, object>();
/**
 * A text area that grows with its text from `minRows` up to `maxRows` lines by
 * CSS (field-sizing), where MUI's TextareaAutosize measured a hidden copy of
 * it in script on every render: a fifth of the suggestion box's first render
 * on a phone (Lighthouse traces, docs/benchmarks.md). A plain <textarea> as the
 * input component keeps InputBase's multiline look without TextareaAutosize.
 * Browsers without field-sizing keep `minRows` lines and scroll.
 */
function growingTextareaSx(minRows: number, maxRows: number | undefined): object {
  const key = `${minRows}:${maxRows ?? ''}`;
  let sx = growingRules.get(key);
  if (!sx) {
    sx = { '& textarea': { 'field-sizing': 'content', minHeight: lines(minRows), ...(maxRows ? { maxHeight: lines(maxRows) } : {}) } };
    growingRules.set(key, sx);
  }
  return sx;
}

/**
 * The outlined TextField's markup (label for the control, helper text as its
 * description) without TextField itself, which brings Select, Menu, Popover
 * and Modal along (about 10 kB gz) to the respondent pages.
 */
export function LightTextField({ label, id: idOverride, error, helperText, helperTextComponent, htmlInput, autoFocus, inputRef, multiline, minRows, maxRows, ...input }: LightTextFieldProps) {
  const id = useId();
  const ownRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const ref = useForkRef(ownRef, inputRef);
  // Focused in the next frame, not while the page renders as `autoFocus`
  // does: focusing forces a layout, which inside the first render added ~35 ms
  // to a phone's longest task (Lighthouse, 4× slower CPU); in the frame it is
  // the layout the browser does anyway. (An effect alone is not enough: Preact
  // runs it at once when the page renders again in the same task.)
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => ownRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  const controlId = idOverride ?? id;
  const helperTextId = helperText ? `${controlId}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error}>
      <InputLabel htmlFor={controlId} id={`${controlId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        {...(multiline ? { multiline: true, inputComponent: 'textarea', rows: minRows ?? 1, sx: growingTextareaSx(minRows ?? 1, maxRows) } : {})}
        inputRef={ref}
        id={controlId}
        label={label}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
      />
      {helperText ? (
        <FormHelperText id={helperTextId} component={helperTextComponent ?? 'p'}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
