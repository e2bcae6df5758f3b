import { describe, expect, it } from 'vitest';
import { parseActiveId, surveyFormPath, surveyIndexPath } from './survey-paths';

describe('survey paths (spec §2)', () => {
  it.each([
    [{ kind: 'alumnos/serviciosA' }, undefined, '/alumnos/serviciosA/doing'],
    [{ kind: 'alumnos/evaluacionDocente', index: 2 }, undefined, '/alumnos/evaluacionDocente/2'],
    [{ kind: 'alumnos/nuevoIngreso' }, undefined, '/alumnos/nuevoIngreso/0'],
    [{ kind: 'administrativos/norma' }, 4, '/administrativos/norma/doing?activeId=4'],
  ] as const)('the form of %j is %s', (entry, activeId, expected) => {
    expect(surveyFormPath(entry, activeId)).toBe(expected);
  });

  it('the index page is the kind', () => {
    expect(surveyIndexPath('docentes/comunicacion')).toBe('/docentes/comunicacion');
    expect(surveyIndexPath('docentes/comunicacion', 2)).toBe('/docentes/comunicacion?activeId=2');
  });

  it.each([
    ['?activeId=3', 3],
    ['', undefined],
    ['?activeId=0', undefined],
    ['?activeId=abc', undefined],
    ['?activeId=-1', undefined],
  ])('%s → %s', (search, expected) => {
    expect(parseActiveId(search)).toBe(expected);
  });
});
