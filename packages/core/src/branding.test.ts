import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_NAME, pageTitle } from './branding';

describe('pageTitle', () => {
  it('is the platform name alone without a subtitle', () => {
    expect(pageTitle('Encuestas')).toBe('Encuestas');
  });

  it('puts the subtitle before the platform name', () => {
    expect(pageTitle('Encuestas', 'Iniciar sesión')).toBe('Iniciar sesión - Encuestas');
  });

  it('treats an empty subtitle as none', () => {
    expect(pageTitle('Encuestas UPAEP', '')).toBe('Encuestas UPAEP');
  });

  it('defaults the platform name to Encuestas', () => {
    expect(DEFAULT_PLATFORM_NAME).toBe('Encuestas');
  });
});
