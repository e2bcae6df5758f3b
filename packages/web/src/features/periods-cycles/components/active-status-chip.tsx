import Chip from '@mui/material/Chip';
import { ACTIVE_STATUS_COLORS, ACTIVE_STATUS_LABELS } from '@encuestas/core/api/active-labels';
import type { ActiveStatus } from '@encuestas/core/dates';

/** The status of an application as a coloured chip with its label (spec §4). */
export function ActiveStatusChip({ status, size = 'small' }: { status: ActiveStatus; size?: 'small' | 'medium' }) {
  return <Chip size={size} color={ACTIVE_STATUS_COLORS[status]} label={ACTIVE_STATUS_LABELS[status]} />;
}
