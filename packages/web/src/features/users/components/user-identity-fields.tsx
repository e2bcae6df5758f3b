import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type UserIdentityField = 'name' | 'last_name' | 'maternal_sur_name' | 'email';

interface UserIdentityFieldsProps {
  /** The registered props of each field (value, handlers, error and helper text). */
  field: (name: UserIdentityField) => TextFieldProps;
}

/** Name, surnames and e-mail of a back-office user, as the new-user dialog and the user's page ask for them. */
export function UserIdentityFields({ field }: UserIdentityFieldsProps) {
  return (
    <>
      <TextField {...field('name')} label="Nombre" required autoComplete="off" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('last_name')} label="Apellido paterno" autoComplete="off" />
        <TextField {...field('maternal_sur_name')} label="Apellido materno" autoComplete="off" />
      </Stack>
      <TextField
        {...field('email')}
        label="Correo electrónico"
        type="email"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
      />
    </>
  );
}
