import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** While true the button is disabled and shows a spinner. */
  pending: boolean;
}

/** The form's submit button: full width, disabled with a spinner while the request runs. */
export function SubmitButton({ pending, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-label="Enviando" /> : undefined}
      {...props}
    >
      {children}
    </Button>
  );
}
