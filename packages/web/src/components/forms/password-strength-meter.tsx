import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PasswordPerson } from '@encuestas/core/password-strength';
import { usePasswordStrength } from './use-password-strength';

const SCORE_LABELS = ['Muy débil', 'Débil', 'Regular', 'Buena', 'Muy buena'] as const;

export interface PasswordStrengthMeterProps {
  password: string;
  /** Whose password it is: their name and e-mail make a password weaker. */
  person: PasswordPerson;
}

/** A bar and Spanish feedback on a new password as it is typed, by the same rule the server enforces. */
export function PasswordStrengthMeter({ password, person }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, person);
  if (!strength) return null;
  const color = strength.acceptable ? 'success' : strength.score >= 2 ? 'warning' : 'error';
  const advice = strength.problem ?? strength.suggestions[0];
  return (
    <Box aria-live="polite" sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={(strength.score + 1) * 20}
        color={color}
        aria-label="Seguridad de la contraseña"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={strength.acceptable ? 'success.main' : 'text.secondary'} component="p" sx={{ mt: 0.5 }}>
        Seguridad: {SCORE_LABELS[strength.score] ?? SCORE_LABELS[0]}
        {strength.acceptable ? '.' : `. ${advice ?? ''}`}
      </Typography>
    </Box>
  );
}
