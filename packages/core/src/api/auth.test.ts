import { describe, expect, it } from 'vitest';
import '../zod-locale';
import { loginRequestSchema, resetForgotPasswordRequestSchema } from './auth';

describe('loginRequestSchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(loginRequestSchema.parse({ email: '  Admin@Encuestas.MX ', password: 'x' })).toEqual({
      email: 'admin@encuestas.mx',
      password: 'x',
    });
  });

  it('rejects a missing password and a malformed e-mail with Spanish messages per field', () => {
    const result = loginRequestSchema.safeParse({ email: 'no-es-correo', password: '' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields.email).toBe('Escribe un correo electrónico válido');
    expect(fields.password).toBe('Escribe tu contraseña');
  });
});

describe('resetForgotPasswordRequestSchema', () => {
  const valid = { token: 't', email: 'a@b.mx', password: 'NuevaClave1', password_confirmation: 'NuevaClave1' };

  it('accepts a matching confirmation', () => {
    expect(resetForgotPasswordRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('rejects a mismatched confirmation on the password_confirmation field', () => {
    const result = resetForgotPasswordRequestSchema.safeParse({ ...valid, password_confirmation: 'Otra' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('password_confirmation');
  });

  it('rejects a password shorter than eight characters', () => {
    const result = resetForgotPasswordRequestSchema.safeParse({ ...valid, password: 'corta', password_confirmation: 'corta' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['password']);
  });
});
