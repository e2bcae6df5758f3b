import { useEffect, useState } from 'react';
import type { PasswordPerson, PasswordStrength } from '@encuestas/core/password-strength';

type StrengthModule = typeof import('@encuestas/core/password-strength');
let strengthModule: Promise<StrengthModule> | undefined;
// Its dictionaries weigh about a megabyte: loaded only once a new-password field shows, never on respondent pages.
const loadStrengthModule = () => (strengthModule ??= import('@encuestas/core/password-strength'));

/** How long typing must pause before the password is estimated again (an estimate takes up to ~0.2 s). */
const SETTLE_MS = 200;

/**
 * The core password rule's verdict on `password` for `person`, computed a
 * moment after typing pauses; null while the field is empty or the rule is
 * still loading.
 */
export function usePasswordStrength(password: string, person: PasswordPerson): PasswordStrength | null {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const { name, lastName, maternalSurName, email } = person;
  useEffect(() => {
    if (!password) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void loadStrengthModule().then(({ passwordStrength, passwordUserInputs }) => {
        if (cancelled) return;
        const userInputs = passwordUserInputs({ name, lastName, maternalSurName, email });
        setResult({ password, strength: passwordStrength(password, userInputs) });
      });
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, name, lastName, maternalSurName, email]);
  // While a new estimate is pending the previous one stays, so the meter does not flicker.
  return password ? (result?.strength ?? null) : null;
}
