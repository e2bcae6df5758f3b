import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, passwordStrength, passwordUserInputs } from './password-strength';

const ana = passwordUserInputs({ name: 'Ana Sofía', lastName: 'Olvera', maternalSurName: 'Trejo', email: 'ana.olvera@encuestas.mx' });

describe('passwordStrength', () => {
  it('refuses short passwords with the minimum length in Spanish', () => {
    expect(passwordStrength('Ab1!x')).toMatchObject({ acceptable: false, score: 0, problem: expect.stringContaining('al menos 8 caracteres') });
  });

  it('refuses common and breached-pattern passwords with a Spanish reason', () => {
    for (const weak of ['password1', 'qwertyuiop', 'contraseña123', 'Mexico2026', '12345678']) {
      const result = passwordStrength(weak);
      expect(result.acceptable, weak).toBe(false);
      expect(result.score).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(result.problem).toMatch(/[a-záéíóúñ]/);
    }
  });

  it('refuses a password built from the user’s own name or e-mail that would pass for someone else', () => {
    expect(passwordStrength('Olvera2026!', []).acceptable).toBe(true);
    expect(passwordStrength('Olvera2026!', ana).acceptable).toBe(false);
  });

  it('accepts long unusual passwords, with no problem to report', () => {
    for (const strong of ['Girasol-Marea-2026', 'correcto caballo bateria grapa', 'Consulta2026!', 'Invitado2026!']) {
      expect(passwordStrength(strong, ana), strong).toMatchObject({ acceptable: true, problem: null });
    }
  });

  it('turns name parts and the e-mail into user inputs of three letters or more', () => {
    expect(ana).toEqual(expect.arrayContaining(['Ana', 'Sofía', 'Olvera', 'Trejo', 'ana.olvera@encuestas.mx', 'olvera', 'encuestas']));
    expect(ana).not.toContain('mx');
  });
});
