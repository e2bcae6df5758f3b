import { describe, expect, it } from 'vitest';
import { SUGGESTED_CAMPUSES } from '@encuestas/core/api/campuses';
import { ALL_PERMISSION_NAMES, PERMISSIONS } from '@encuestas/core/permissions';
import { missingSuggestedCampuses, sameCampusName, setupGuideShown, setupSteps } from './setup';

describe('missingSuggestedCampuses', () => {
  it("offers the spec's seven campuses on an empty platform, in the spec's order", () => {
    expect(missingSuggestedCampuses([])).toEqual(['Puebla', 'Guadalajara', 'CDMX', 'Oaxaca', 'Mérida', 'Veracruz', 'León']);
  });

  it('leaves out those already created, whatever their case or spacing', () => {
    expect(missingSuggestedCampuses([{ nombre: 'oaxaca' }, { nombre: ' LEÓN ' }, { nombre: 'Tijuana' }])).toEqual([
      'Puebla',
      'Guadalajara',
      'CDMX',
      'Mérida',
      'Veracruz',
    ]);
    expect(missingSuggestedCampuses(SUGGESTED_CAMPUSES.map((nombre) => ({ nombre })))).toEqual([]);
  });

  it('tells apart names that differ in more than case and spaces', () => {
    expect(sameCampusName('Puebla  Centro', 'puebla centro')).toBe(true);
    expect(sameCampusName('Merida', 'Mérida')).toBe(false);
  });
});

describe('setupSteps', () => {
  it('walks the administrator from the names to the first application, each step allowed', () => {
    const steps = setupSteps(ALL_PERMISSION_NAMES);
    expect(steps.map((s) => s.label)).toEqual([
      'Nombre de la institución',
      'Campus',
      'Tipos de encuesta por campus',
      'Periodos Power Campus',
      'Directorio',
      'Primera aplicación de encuestas',
    ]);
    expect(steps.every((s) => s.allowed)).toBe(true);
    expect(steps.find((s) => s.key === 'directory')!.path).toBe('/admin/directorio');
  });

  it('marks the steps a user cannot do', () => {
    const steps = setupSteps([PERMISSIONS.manageCampuses]);
    expect(steps.filter((s) => s.allowed).map((s) => s.key)).toEqual(['campuses']);
  });
});

describe('setupGuideShown', () => {
  it('stays after the first campus, until the first application exists', () => {
    expect(setupGuideShown({ campuses: 0, applications: 0 })).toBe(true);
    expect(setupGuideShown({ campuses: 7, applications: 0 })).toBe(true);
    expect(setupGuideShown({ campuses: 7, applications: 1 })).toBe(false);
  });

  it('goes by the campuses alone for a user who may not see applications', () => {
    expect(setupGuideShown({ campuses: 0, applications: undefined })).toBe(true);
    expect(setupGuideShown({ campuses: 1, applications: undefined })).toBe(false);
  });
});
