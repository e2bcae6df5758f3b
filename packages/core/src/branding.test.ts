import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_NAME, ofInstitution, pageTitle } from './branding';

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

describe('ofInstitution', () => {
  it('gives a university its article', () => {
    expect(`las encuestas ${ofInstitution('Universidad Autónoma del Bajío')}`).toBe('las encuestas de la Universidad Autónoma del Bajío');
    expect(ofInstitution('Instituto Tecnológico de Puebla')).toBe('del Instituto Tecnológico de Puebla');
    expect(ofInstitution('Institución Educativa Norte')).toBe('de la Institución Educativa Norte');
  });

  it('never doubles an article the name already has', () => {
    expect(ofInstitution('la Universidad del Valle')).toBe('de la Universidad del Valle');
    expect(ofInstitution('La Salle')).toBe('de La Salle');
    expect(ofInstitution('El Colegio de México')).toBe('de El Colegio de México');
  });

  it('puts no article before an acronym or another name', () => {
    expect(ofInstitution('UPAEP')).toBe('de UPAEP');
    expect(ofInstitution('Universidades Unidas')).toBe('de Universidades Unidas');
  });
});
