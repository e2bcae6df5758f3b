import { SubmitButton } from '../../components/forms/submit-button';
import { LightButton } from '../../components/light-button';
import { useStaticClass } from '../../components/static-style';
import { ArrowBackIcon, ArrowForwardIcon, SendIcon } from '../../components/light-icons';

interface StepActionsProps {
  /** No Anterior on the first step. */
  canGoBack: boolean;
  onBack: () => void;
  reviewing: boolean;
  /** Revisar in place of Siguiente. */
  isLast: boolean;
  submitting: boolean;
}

const BAR_SX = {
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
  '& > .back': { flex: '0 0 auto' },
  '& > .forward': { flex: 1 },
} as const;

/** The bar at the bottom of the screen: Anterior, and Siguiente, Revisar or Enviar (the form's submit button). */
export function StepActions({ canGoBack, onBack, reviewing, isLast, submitting }: StepActionsProps) {
  return (
    <div className={useStaticClass(BAR_SX)}>
      {canGoBack ? (
        <LightButton variant="outlined" size="large" onClick={onBack} disabled={submitting} startIcon={<ArrowBackIcon />} className="back">
          Anterior
        </LightButton>
      ) : null}
      {reviewing ? (
        <SubmitButton pending={submitting} endIcon={<SendIcon />} className="forward">
          Enviar
        </SubmitButton>
      ) : (
        <LightButton type="submit" variant="contained" size="large" endIcon={<ArrowForwardIcon />} className="forward">
          {isLast ? 'Revisar' : 'Siguiente'}
        </LightButton>
      )}
    </div>
  );
}
