import type { Ref } from 'react';
import { LightButton } from '../../components/light-button';
import { Alert, Box } from '../../components/light-ui';

export interface SubmissionFailureMessage {
  message: string;
  /** The server's messages that belong to no question. */
  general: string[];
  /** Worth sending again (no connection, a server error): the answers are still on the device. */
  retry: boolean;
}

interface SubmissionFailureAlertProps {
  failure: SubmissionFailureMessage;
  alertRef: Ref<HTMLDivElement>;
  /** A submission under way: Reintentar waits for it. */
  submitting: boolean;
  onRetry: () => void;
}

/** Why the answers did not go, and Reintentar when sending again can help. */
export function SubmissionFailureAlert({ failure, alertRef, submitting, onRetry }: SubmissionFailureAlertProps) {
  return (
    <Alert severity="error" role="alert" ref={alertRef} sx={{ scrollMarginBottom: 96 }}>
      {failure.message}
      {failure.general.length > 0 ? ` ${failure.general.join(', ')}` : null}
      {failure.retry ? (
        <>
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            Las respuestas siguen guardadas en este dispositivo.
          </Box>
          <LightButton variant="outlined" color="inherit" onClick={onRetry} disabled={submitting} style={{ marginTop: 8, fontWeight: 700 }}>
            Reintentar
          </LightButton>
        </>
      ) : null}
    </Alert>
  );
}
