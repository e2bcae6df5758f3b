import Chip from '@mui/material/Chip';

/** 'Pendiente' (yellow) or 'Respondida' (green). */
export function StatusChip({ done }: { done: boolean }) {
  return done ? (
    <Chip size="small" color="success" label="Respondida" />
  ) : (
    <Chip size="small" label="Pendiente" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 600 }} />
  );
}
