import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FieldFrameProps } from './light-text-field';

interface LightNativeSelectProps extends FieldFrameProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  inputRef?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** TextField `select` with `native: true` (the phone's own picker), without TextField (which brings Select, Menu and Modal along): see LightTextField. */
export function LightNativeSelect({ label, id: idOverride, error, helperText, inputRef, children, ...select }: LightNativeSelectProps) {
  const id = useId();
  const controlId = idOverride ?? id;
  const helperTextId = helperText ? `${controlId}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error}>
      <InputLabel htmlFor={controlId} id={`${controlId}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        {...select}
        input={<OutlinedInput label={label} notched />}
        inputRef={inputRef}
        inputProps={{ id: controlId, 'aria-describedby': helperTextId }}
      >
        {children}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
