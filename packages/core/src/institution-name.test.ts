import { describe, expect, it } from 'vitest';
import { ofInstitution } from './institution-name';

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
