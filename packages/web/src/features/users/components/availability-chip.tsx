import Chip from '@mui/material/Chip';
import { availabilityLabel } from '../logic/users-list';

/** 'Habilitado' (green) or 'Deshabilitado' (grey). */
export function AvailabilityChip({ avalible }: { avalible: boolean }) {
  return (
    <Chip
      size="small"
      color={avalible ? 'success' : 'default'}
      variant={avalible ? 'filled' : 'outlined'}
      label={availabilityLabel(avalible)}
    />
  );
}
