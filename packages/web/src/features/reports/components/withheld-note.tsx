import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

/** A withheld cell: 'Oculto', its Spanish explanation on hover and for screen readers. */
export function WithheldCell({ explanation }: { explanation: string }) {
  return (
    <Tooltip title={explanation}>
      <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <VisibilityOff fontSize="inherit" aria-hidden="true" />
        Oculto
        <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>: {explanation}</span>
      </Typography>
    </Tooltip>
  );
}
