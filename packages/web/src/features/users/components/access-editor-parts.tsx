import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';

/** A titled group of checkboxes, described for screen readers. */
export function CheckboxSection({ legend, description, children }: { legend: string; description: string; children: ReactNode }) {
  const descriptionId = useId();
  return (
    <FormControl component="fieldset" aria-describedby={descriptionId}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
        {legend}
      </FormLabel>
      <Typography id={descriptionId} variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      <FormGroup
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}
      >
        {children}
      </FormGroup>
    </FormControl>
  );
}

interface CheckboxOptionProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxOption({ label, hint, checked, disabled, onChange }: CheckboxOptionProps) {
  const hintId = useId();
  return (
    <Box>
      <FormControlLabel
        sx={{ mr: 0 }}
        label={label}
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hint ? hintId : undefined } }}
          />
        }
      />
      {hint ? (
        <Typography id={hintId} variant="caption" color="textSecondary" sx={{ display: 'block', ml: 4, mt: -1, mb: 0.5 }}>
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

interface GrantSectionProps {
  legend: string;
  description: string;
  emptyText: string;
  options: readonly { id: number; label: string; grantable: boolean }[];
  checked: readonly number[];
  disabled: boolean;
  onToggle: (id: number, checked: boolean) => void;
}

/** Campuses or survey types: those the manager holds, and those the user has that the manager cannot grant (shown, not changeable). */
export function GrantSection({ legend, description, emptyText, options, checked, disabled, onToggle }: GrantSectionProps) {
  return (
    <CheckboxSection legend={legend} description={description}>
      {options.length === 0 ? <Typography color="textSecondary">{emptyText}</Typography> : null}
      {options.map((option) => (
        <CheckboxOption
          key={option.id}
          label={option.label}
          hint={option.grantable ? undefined : 'No lo administras'}
          checked={checked.includes(option.id)}
          disabled={disabled || !option.grantable}
          onChange={(value) => onToggle(option.id, value)}
        />
      ))}
    </CheckboxSection>
  );
}
