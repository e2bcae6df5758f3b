import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

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

/**
 * The outlined TextField's markup (label for the control, helper text as its
 * description) without TextField itself, which brings Select, Menu, Popover
 * and Modal along (about 10 kB gz) to the respondent pages.
 */
export function LightTextField({ label, id: idOverride, error, helperText, helperTextComponent, htmlInput, ...input }: LightTextFieldProps) {
  const id = useId();
  const controlId = idOverride ?? id;
  const helperTextId = helperText ? `${controlId}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error}>
      <InputLabel htmlFor={controlId} id={`${controlId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={controlId} label={label} aria-describedby={helperTextId} inputProps={htmlInput} />
      {helperText ? (
        <FormHelperText id={helperTextId} component={helperTextComponent ?? 'p'}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
