import { hash, verify } from '@node-rs/argon2';
import { passwordStrength, passwordUserInputs } from '@encuestas/core/password-strength';
import { fieldError } from './errors';

export { passwordUserInputs };

/** 422 on `password` with the Spanish reason unless the password meets the rule in core. */
export function assertStrongPassword(password: string, userInputs: string[]): void {
  const strength = passwordStrength(password, userInputs);
  if (!strength.acceptable) throw fieldError('password', strength.problem ?? 'La contraseña es fácil de adivinar');
}

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this hash for unknown accounts keeps login timing uniform.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
