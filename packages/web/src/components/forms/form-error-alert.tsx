import type { ReactNode } from 'react';
import { errorMessage } from '../../api/api-error';
import { Alert } from '../light-ui';

interface FormErrorAlertProps {
  /** The failure to tell; nothing is shown while it is null or undefined. */
  error: unknown;
  /** What follows the message (a link to try another way). */
  children?: ReactNode;
}

/** The alert at the top of a form that says why sending it failed. */
export function FormErrorAlert({ error, children }: FormErrorAlertProps) {
  if (error == null) return null;
  return (
    <Alert severity="error" role="alert">
      {errorMessage(error)}
      {children}
    </Alert>
  );
}
