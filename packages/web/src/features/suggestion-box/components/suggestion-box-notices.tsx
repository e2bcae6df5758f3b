import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { SUGGESTION_BOX_CLOSED_MESSAGE } from '@encuestas/core/survey-kinds/buzon/rules';
import { LinkButton } from '../../../components/router-link';
import { EVALUATED_LIST_PATH } from '../../surveys';

export function ThankYou({ formal, onAnother }: { formal: boolean; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2.5} sx={{ textAlign: 'center', pt: 2 }}>
      <Box>
        <CheckCircle aria-hidden sx={{ fontSize: 72, color: 'success.main' }} />
      </Box>
      <Typography ref={heading} variant="h1" tabIndex={-1} sx={{ fontSize: '1.6rem', outline: 'none' }}>
        ¡Gracias! Recibimos {formal ? 'su' : 'tu'} comentario.
      </Typography>
      <Typography>
        {formal
          ? 'La coordinación de su campus lo revisará. Si aceptó que le contactemos, le buscaremos por el medio que indicó.'
          : 'La coordinación de tu campus lo revisará. Si aceptaste que te contactemos, te buscaremos por el medio que indicaste.'}
      </Typography>
      <LinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large" sx={{ minHeight: 52 }}>
        Volver a mis encuestas
      </LinkButton>
      <Button onClick={onAnother} sx={{ minHeight: 44 }}>
        Enviar otro comentario
      </Button>
    </Stack>
  );
}

export function ClosedBox({ message = SUGGESTION_BOX_CLOSED_MESSAGE }: { message?: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="info">{message}</Alert>
      <LinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large" sx={{ minHeight: 48 }}>
        Volver a mis encuestas
      </LinkButton>
    </Stack>
  );
}
