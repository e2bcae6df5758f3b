import { describe, expect, it } from 'vitest';
import { owedReminderValues } from './missing';

const perClass = (kind: string) => kind === 'alumnos/evaluacionDocente';
const evaluation = { title: 'Evaluación docente', surveyKind: 'alumnos/evaluacionDocente', subjects: { done: 1, total: 4 }, deadline: '2026-11-30' };
const services = { title: 'Servicios', surveyKind: 'alumnos/serviciosA', subjects: null, deadline: '2026-12-02' };
const nom035 = { title: 'NOM-035', surveyKind: 'administrativos/norma', subjects: { done: 1, total: 2 }, deadline: null };

describe('owedReminderValues', () => {
  it('names every survey owed, one line each with its last day and what is left, and the earliest day', () => {
    expect(owedReminderValues('students', [services, evaluation], perClass)).toEqual({
      encuesta: '«Servicios» y «Evaluación docente»',
      fecha_limite: '30/11/2026',
      pendientes: ['• «Servicios», hasta el 02/12/2026.', '• «Evaluación docente», hasta el 30/11/2026. Te faltan 3 materias por evaluar.'].join('\n'),
    });
  });

  it('speaks with usted to teachers and staff, counts guides, and leaves out a day it does not know', () => {
    const values = owedReminderValues('academic', [nom035, { ...services, deadline: null }, services], perClass);
    expect(values.encuesta).toBe('«NOM-035», «Servicios» y «Servicios»');
    expect(values.fecha_limite).toBe('02/12/2026');
    expect(values.pendientes.split('\n')[0]).toBe('• «NOM-035». Le falta 1 guía por responder.');
  });

  it('one survey: its title alone; none: nothing', () => {
    expect(owedReminderValues('students', [services], perClass).encuesta).toBe('«Servicios»');
    expect(owedReminderValues('students', [], perClass)).toEqual({ encuesta: '', fecha_limite: '', pendientes: '' });
  });
});
