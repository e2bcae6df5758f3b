import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContactPhone from '@mui/icons-material/ContactPhone';
import PhoneDisabled from '@mui/icons-material/PhoneDisabled';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { UNRESOLVED_LABEL, chipColor, hasContactData } from '../logic/suggestion-filters';

type Size = ChipProps['size'];

/** Sugerencia (info) or Queja (warning), spec §3. */
export function CommentTypeChip({ suggestion, size = 'small' }: { suggestion: Suggestion; size?: Size }) {
  return (
    <Chip
      size={size}
      label={suggestion.commentCategory.name}
      color={chipColor(suggestion.commentCategory.color)}
      data-testid="comment-type-chip"
    />
  );
}

/** Procedente (success), No procedente (error), Sin categorizar (default), spec §3. */
export function ResolutionChip({ suggestion, size = 'small' }: { suggestion: Suggestion; size?: Size }) {
  const resolution = suggestion.suggestionResolution;
  return (
    <Chip
      size={size}
      variant={resolution && chipColor(resolution.color) !== 'default' ? 'filled' : 'outlined'}
      label={resolution?.name ?? UNRESOLVED_LABEL}
      color={chipColor(resolution?.color)}
      data-testid="resolution-chip"
    />
  );
}

/** Abierto / Cerrado, and Contactado once the author was contacted. */
export function SuggestionStateChips({ suggestion }: { suggestion: Suggestion }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant={suggestion.isClosed ? 'filled' : 'outlined'}
        label={suggestion.isClosed ? 'Cerrado' : 'Abierto'}
      />
      {suggestion.isContacted ? <Chip size="small" variant="outlined" color="success" label="Contactado" /> : null}
    </Stack>
  );
}

export function contactLabel(suggestion: Suggestion): string {
  return hasContactData(suggestion) ? 'Dejó datos de contacto' : 'Sin datos de contacto';
}

/** A phone icon when the author consented to be contacted; its meaning is in its accessible name. */
export function ContactIcon({ suggestion }: { suggestion: Suggestion }) {
  const label = contactLabel(suggestion);
  const Icon = hasContactData(suggestion) ? ContactPhone : PhoneDisabled;
  return (
    <Tooltip title={label}>
      <Icon
        role="img"
        aria-label={label}
        aria-hidden={false}
        fontSize="small"
        sx={{ color: hasContactData(suggestion) ? 'text.primary' : 'text.disabled', verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
