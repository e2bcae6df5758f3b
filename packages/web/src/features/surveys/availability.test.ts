import { describe, expect, it } from 'vitest';
import type { Availability, AvailableSurvey } from '@encuestas/core/api/surveys';
import {
  NO_AVAILABILITY,
  availabilityFlags,
  findEntry,
  nextPendingTeacherEvaluation,
  normalizeAvailability,
  surveyCards,
  timeToAnswer,
  INSTRUCTIONS_SHOWN,
  instructionsShown,
} from './availability';

const base = { activeId: 1, endActive: '2026-12-27', subject: '', done: false, estimatedMinutes: 3 } as const;
const serviciosA: AvailableSurvey = { ...base, cicleId: 1, cicleName: 'Encuesta de Servicios A', kind: 'alumnos/serviciosA' };
const serviciosB: AvailableSurvey = { ...base, cicleId: 2, cicleName: 'Encuesta de Servicios B', kind: 'alumnos/serviciosB', done: true };
const teacher = (index: number, done = false): AvailableSurvey => ({
  ...base,
  cicleId: 3,
  cicleName: 'Evaluación Docente',
  kind: 'alumnos/evaluacionDocente',
  subject: String(13 + index),
  index,
  className: `Materia ${index}`,
  teacher: { id: 4 + index, full_name: `Docente ${index}` },
  done,
});

const student: Availability = {
  ...NO_AVAILABILITY,
  encuestas: [serviciosA, serviciosB],
  encuestasDocente: [teacher(0, true), teacher(1), teacher(2, true), teacher(3)],
};

describe('availabilityFlags (spec §3: a non-empty list marks its kind active)', () => {
  it.each([
    ['nothing', NO_AVAILABILITY, { active: false, targetActive: false, teacherActive: false, administratorsActive: false }],
    ['a student', student, { active: true, targetActive: false, teacherActive: false, administratorsActive: false }],
    [
      'a new-intake student',
      { ...NO_AVAILABILITY, encuestasTarget: [{ ...serviciosA, kind: 'alumnos/nuevoIngreso' }] },
      { active: false, targetActive: true, teacherActive: false, administratorsActive: false },
    ],
    [
      'teacher evaluation alone',
      { ...NO_AVAILABILITY, encuestasDocente: [teacher(0)] },
      { active: true, targetActive: false, teacherActive: false, administratorsActive: false },
    ],
    [
      'a teacher',
      { ...NO_AVAILABILITY, encuestasComunicacionDocente: [{ ...serviciosA, kind: 'docentes/comunicacion' }] },
      { active: false, targetActive: false, teacherActive: true, administratorsActive: false },
    ],
    [
      'staff',
      { ...NO_AVAILABILITY, encuestasAdministrators: [{ ...serviciosA, kind: 'administrativos/norma', subject: 'I' }] },
      { active: false, targetActive: false, teacherActive: false, administratorsActive: true },
    ],
  ] as const)('%s', (_label, availability, flags) => {
    expect(availabilityFlags(availability as Availability)).toEqual(flags);
  });

  it('reads a partial or malformed answer as empty lists', () => {
    expect(normalizeAvailability({ encuestas: [serviciosA], encuestasTarget: 'x' })).toEqual({
      ...NO_AVAILABILITY,
      encuestas: [serviciosA],
    });
    expect(normalizeAvailability(undefined)).toEqual(NO_AVAILABILITY);
  });
});

describe('surveyCards', () => {
  it('makes one card per kind and application, the teacher evaluation one holding every class, pending first', () => {
    const cards = surveyCards(student);
    expect(cards.map((c) => [c.kind, c.entries.length, c.done])).toEqual([
      ['alumnos/serviciosA', 1, false],
      ['alumnos/evaluacionDocente', 4, false],
      ['alumnos/serviciosB', 1, true],
    ]);
    expect(cards.every((c) => !c.ambiguous)).toBe(true);
  });

  it('marks kinds offered by two applications so their links name the application', () => {
    const cards = surveyCards({ ...NO_AVAILABILITY, encuestas: [serviciosA, { ...serviciosA, activeId: 2 }] });
    expect(cards.map((c) => c.ambiguous)).toEqual([true, true]);
  });

  it('is empty when nothing is available', () => {
    expect(surveyCards(NO_AVAILABILITY)).toEqual([]);
  });
});

describe('findEntry', () => {
  it.each([
    [{ kind: 'alumnos/serviciosA' }, serviciosA],
    [{ kind: 'alumnos/serviciosB' }, serviciosB],
    [{ kind: 'alumnos/evaluacionDocente', index: 2 }, teacher(2, true)],
    [{ kind: 'alumnos/evaluacionDocente', index: 9 }, undefined],
    [{ kind: 'alumnos/nuevoIngreso' }, undefined],
    [{ kind: 'alumnos/serviciosA', activeId: 5 }, undefined],
  ] as const)('%j gives the matching entry', (query, expected) => {
    expect(findEntry(student, query)).toEqual(expected);
  });

  it('prefers the pending application of a kind offered twice', () => {
    const availability = { ...NO_AVAILABILITY, encuestas: [{ ...serviciosA, done: true }, { ...serviciosA, activeId: 2 }] };
    expect(findEntry(availability, { kind: 'alumnos/serviciosA' })?.activeId).toBe(2);
  });
});

describe('nextPendingTeacherEvaluation', () => {
  it.each([
    [undefined, 1],
    [teacher(1), 3],
    [teacher(3), 1],
    [teacher(0), 1],
  ])('after %j comes index %i', (current, expected) => {
    expect(nextPendingTeacherEvaluation(student, current)?.index).toBe(expected);
  });

  it('gives nothing when every class is evaluated', () => {
    const done = { ...NO_AVAILABILITY, encuestasDocente: [teacher(0, true), teacher(1)] };
    expect(nextPendingTeacherEvaluation(done, teacher(1))).toBeUndefined();
  });
});

describe('timeToAnswer', () => {
  it('says how long a survey takes, per class for teacher evaluation', () => {
    expect(timeToAnswer(serviciosA)).toBe('Unos 3 minutos');
    expect(timeToAnswer({ ...teacher(0), estimatedMinutes: 2 })).toBe('Unos 2 minutos por materia');
  });
});

describe('instructionsShown', () => {
  it('is true only for a link from a page that showed the instructions', () => {
    expect(instructionsShown(INSTRUCTIONS_SHOWN)).toBe(true);
    expect(instructionsShown({ ...INSTRUCTIONS_SHOWN, surveyStep: { form: 'q', sectionId: 's' } })).toBe(true);
    expect(instructionsShown(null)).toBe(false);
    expect(instructionsShown({ surveyStep: {} })).toBe(false);
  });
});
