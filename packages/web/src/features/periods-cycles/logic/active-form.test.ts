import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@encuestas/core/permissions';
import {
  activeDialogMode,
  activeDialogTitle,
  activeFormFromActive,
  toCreateActivesBatchRequest,
  activeSaveLabel,
  canChangeActive,
  canSaveActive,
  checkedCyclesOffAt,
  cyclesAtCampus,
  offeredCycles,
  toggleId,
  type ActiveFormValues,
} from './active-form';

const complete: ActiveFormValues = {
  campusId: 1,
  periodoId: 2,
  startDate: '2026-03-01',
  endDate: '2026-03-15',
  cicles: [4],
  resultsReleaseDay: null,
  releaseWaitsForReview: true,
};

describe('canSaveActive', () => {
  it.each<[string, Partial<ActiveFormValues>, boolean]>([
    ['every field filled', {}, true],
    ['start and end on the same day', { endDate: '2026-03-01' }, true],
    ['no campus', { campusId: null }, false],
    ['no period', { periodoId: null }, false],
    ['no start date', { startDate: null }, false],
    ['an empty end date', { endDate: '' }, false],
    ['no survey type checked', { cicles: [] }, false],
    ['end before start', { startDate: '2026-03-15', endDate: '2026-03-14' }, false],
    ['end in an earlier year', { startDate: '2026-01-01', endDate: '2025-12-31' }, false],
  ])('with %s is %s', (_case, change, expected) => {
    expect(canSaveActive({ ...complete, ...change })).toBe(expected);
  });
});

describe('dialog mode', () => {
  it.each([
    [undefined, 'create', 'Crear Periodo'],
    [null, 'create', 'Crear Periodo'],
    [12, 'edit', 'Guardar Cambios'],
  ] as const)('id %s is %s mode with the button %s', (id, mode, label) => {
    expect(activeDialogMode(id)).toBe(mode);
    expect(activeSaveLabel(activeDialogMode(id))).toBe(label);
  });

  it.each([
    ['create', [PERMISSIONS.createActives], true],
    ['create', [PERMISSIONS.editActives], false],
    ['edit', [PERMISSIONS.editActives], true],
    ['edit', [PERMISSIONS.createActives], false],
    ['edit', [], false],
  ] as const)('in %s mode with %j inputs are enabled: %s', (mode, permissions, expected) => {
    expect(canChangeActive(mode, permissions)).toBe(expected);
  });
});

describe('offeredCycles', () => {
  it('leaves out the suggestion box', () => {
    const cycles = [
      { id: 1, name: 'Encuesta de Servicios A', survey_kind: 'alumnos/serviciosA' },
      { id: 9, name: 'BUZÓN', survey_kind: 'buzon' },
      { id: 3, name: 'Evaluación Docente', survey_kind: 'alumnos/evaluacionDocente' },
    ];
    expect(offeredCycles(cycles).map((c) => c.id)).toEqual([1, 3]);
  });
});

describe('cyclesAtCampus', () => {
  const offered = [
    { id: 1, name: 'Encuesta de Servicios A', survey_kind: 'alumnos/serviciosA' },
    { id: 3, name: 'Evaluación Docente', survey_kind: 'alumnos/evaluacionDocente' },
    { id: 5, name: 'Docentes', survey_kind: 'docentes' },
  ];
  const ids = (cycles: { id: number }[]) => cycles.map((c) => c.id);

  it('offers only the types the campus applies, and names the ones it turned off', () => {
    const atCampus = [
      { id: 1, avalible: true },
      { id: 3, avalible: false },
      { id: 5, avalible: true },
    ];
    const { cycles, hidden } = cyclesAtCampus(offered, atCampus);
    expect(ids(cycles)).toEqual([1, 5]);
    expect(ids(hidden)).toEqual([3]);
  });

  it('offers nothing when the campus turned every type off', () => {
    const { cycles, hidden } = cyclesAtCampus(offered, offered.map((c) => ({ id: c.id, avalible: false })));
    expect(cycles).toEqual([]);
    expect(ids(hidden)).toEqual([1, 3, 5]);
  });

  it('keeps a type the application already carries, though the campus turned it off since', () => {
    const { cycles, hidden } = cyclesAtCampus(offered, [{ id: 3, avalible: false }, { id: 5, avalible: false }], [3]);
    expect(ids(cycles)).toEqual([1, 3]);
    expect(ids(hidden)).toEqual([5]);
  });

  it('never offers a type the user may not attach, even if the campus applies it', () => {
    const { cycles } = cyclesAtCampus(offered.slice(0, 1), offered.map((c) => ({ id: c.id, avalible: true })));
    expect(ids(cycles)).toEqual([1]);
  });
});

describe('checkedCyclesOffAt', () => {
  const oaxaca = [
    { id: 1, name: 'Encuesta de Servicios A', avalible: true },
    { id: 3, name: 'Evaluación Docente', avalible: false },
    { id: 5, name: 'Docentes', avalible: false },
  ];

  it('names the checked types the other campus turned off, and only those', () => {
    expect(checkedCyclesOffAt([1, 3], oaxaca)).toEqual(['Evaluación Docente']);
    expect(checkedCyclesOffAt([1], oaxaca)).toEqual([]);
    expect(checkedCyclesOffAt([], oaxaca)).toEqual([]);
  });

  it('names none while the campus’s types are loading', () => {
    expect(checkedCyclesOffAt([1, 3], undefined)).toEqual([]);
  });
});

describe('toggleId', () => {
  it('adds once and removes', () => {
    expect(toggleId([1], 3, true)).toEqual([1, 3]);
    expect(toggleId([1, 3], 3, true)).toEqual([1, 3]);
    expect(toggleId([1, 3], 1, false)).toEqual([3]);
  });
});

describe('activeFormFromActive', () => {
  it('pre-checks only the survey types the user is offered', () => {
    const form = activeFormFromActive(
      {
        campus_id: 1,
        periodo_id: 2,
        start_active: '2026-03-01',
        end_active: '2026-03-31',
        cicles: [{ id: 3 }, { id: 5 }],
      },
      [{ id: 3 }, { id: 4 }],
    );
    expect(form).toEqual({ campusId: 1, periodoId: 2, startDate: '2026-03-01', endDate: '2026-03-31', cicles: [3], resultsReleaseDay: null, releaseWaitsForReview: true });
  });
});

describe('activeDialogTitle', () => {
  it("keeps the spec's 'Nuevo periodo de encuestas' while the user may create or save", () => {
    expect(activeDialogTitle('create', [PERMISSIONS.createActives])).toBe('Nuevo periodo de encuestas');
    expect(activeDialogTitle('edit', [PERMISSIONS.editActives])).toBe('Nuevo periodo de encuestas');
  });

  it('names a read-only view for what it is', () => {
    expect(activeDialogTitle('edit', [PERMISSIONS.viewActives])).toBe('Consultar periodo de encuestas');
    expect(activeDialogTitle('edit', [PERMISSIONS.createActives])).toBe('Consultar periodo de encuestas');
  });
});

describe('toCreateActivesBatchRequest', () => {
  it('puts the chosen campus first and each other campus once', () => {
    expect(toCreateActivesBatchRequest(complete, [3, 1, 3])).toEqual({
      campusIds: [1, 3],
      periodoId: 2,
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      cicles: [4],
      resultsReleaseDay: null,
      releaseWaitsForReview: true,
    });
  });
});
