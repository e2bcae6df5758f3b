import { useState, type Ref } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PasswordStrengthMeter, type PasswordStrengthMeterProps } from './password-strength-meter';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  ref?: Ref<HTMLDivElement>;
  /** For a new password: shows the strength meter under the field. */
  strength?: PasswordStrengthMeterProps;
};

/**
 * A password TextField with a show/hide toggle. The toggle's name avoids the
 * word "contraseña" so a label lookup for the field finds only the field.
 */
export function PasswordField({ slotProps, strength, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const field = (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Ocultar caracteres' : 'Mostrar caracteres'}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
  if (!strength) return field;
  return (
    <>
      {field}
      <PasswordStrengthMeter {...strength} />
    </>
  );
}
