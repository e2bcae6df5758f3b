import type { ReactNode } from 'react';
import { LightButton } from '../light-button';

interface SubmitButtonProps {
  /** While true the button is disabled and shows a spinner. */
  pending: boolean;
  disabled?: boolean;
  endIcon?: ReactNode;
  /** A parent's rule placing it, or `cta` (components/light-button.tsx). */
  className?: string;
  children: ReactNode;
}

/** The form's submit button: full width, large, disabled with a spinner while the request runs. */
export function SubmitButton({ pending, disabled, endIcon, className, children }: SubmitButtonProps) {
  return (
    <LightButton
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <span className="button-spinner" role="progressbar" aria-label="Enviando" /> : undefined}
      endIcon={pending ? undefined : endIcon}
      className={className}
    >
      {children}
    </LightButton>
  );
}
