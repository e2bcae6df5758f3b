import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Send from '@mui/icons-material/Send';
import { SubmitButton } from '../../components/forms/submit-button';

interface StepActionsProps {
  /** No Anterior on the first step. */
  canGoBack: boolean;
  onBack: () => void;
  reviewing: boolean;
  /** Revisar in place of Siguiente. */
  isLast: boolean;
  submitting: boolean;
}

/** The bar at the bottom of the screen: Anterior, and Siguiente, Revisar or Enviar (the form's submit button). */
export function StepActions({ canGoBack, onBack, reviewing, isLast, submitting }: StepActionsProps) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mx: -2,
        mt: 3,
        px: 2,
        pt: 1.5,
        pb: 'calc(12px + env(safe-area-inset-bottom))',
        bgcolor: 'background.default',
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 1.5,
      }}
    >
      {canGoBack ? (
        <Button
          type="button"
          variant="outlined"
          size="large"
          onClick={onBack}
          disabled={submitting}
          startIcon={<ArrowBack />}
          sx={{ flex: '0 0 auto', minHeight: 48 }}
        >
          Anterior
        </Button>
      ) : null}
      {reviewing ? (
        <SubmitButton pending={submitting} endIcon={submitting ? undefined : <Send />} sx={{ flex: 1, minHeight: 48 }}>
          Enviar
        </SubmitButton>
      ) : (
        <Button type="submit" variant="contained" size="large" endIcon={<ArrowForward />} sx={{ flex: 1, minHeight: 48 }}>
          {isLast ? 'Revisar' : 'Siguiente'}
        </Button>
      )}
    </Box>
  );
}
