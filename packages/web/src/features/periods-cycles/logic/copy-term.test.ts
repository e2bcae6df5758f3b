import { describe, expect, it } from 'vitest';
import type { TermCopyItem, TermCopyPlan } from '@encuestas/core/api/actives';
import { copiedMessage, copyButtonLabel, copyPlanSummary, notGrantedCampusesText, skippedCyclesText, splitCopyPlan } from './copy-term';

const item = (cicles: string[], skipped: TermCopyItem['skipped'] = []): TermCopyItem => ({
  source: { id: 1, start_active: '2026-11-02', end_active: '2026-11-20' },
  campus: { id: 1, nombre: 'Puebla' },
  start_active: '2027-05-03',
  end_active: '2027-05-21',
  cicles: cicles.map((name, id) => ({ id, name })),
  skipped,
});
const plan = (items: TermCopyItem[], shift = 182): TermCopyPlan => ({
  from: { id: 1, nombre: '2026B', fecha_inicio: '2026-07-01', fecha_fin: '2026-12-31' },
  to: { id: 2, nombre: '2027A', fecha_inicio: '2027-01-01', fecha_fin: '2027-06-30' },
  shift_days: shift,
  items,
  not_granted_campus_actives: 0,
});

describe('copy of the previous term', () => {
  it('separates the applications that will be created from those whose every survey type is skipped', () => {
    const created = item(['Evaluación Docente']);
    const skipped = item([], [{ id: 9, name: 'Encuesta de Servicios A', reason: 'exists' }]);
    expect(splitCopyPlan(plan([created, skipped]))).toEqual({ toCreate: [created], toSkip: [skipped] });
  });

  it('says where from, where to and how far the dates move', () => {
    expect(copyPlanSummary(plan([]), null)).toBe(
      'Se copian a 2027A los periodos de encuestas de 2026B de tus campus, con sus fechas 26 semanas después.',
    );
    expect(copyPlanSummary(plan([], 7), 'Puebla')).toBe(
      'Se copian a 2027A los periodos de encuestas de 2026B del campus Puebla, con sus fechas una semana después.',
    );
  });

  it('names each skipped survey type with its reason, and counts in Spanish', () => {
    expect(
      skippedCyclesText(
        item([], [
          { id: 1, name: 'Encuesta de Servicios A', reason: 'exists' },
          { id: 2, name: 'NOM-035', reason: 'notGranted' },
        ]),
      ),
    ).toBe('Encuesta de Servicios A (ya está en el periodo), NOM-035 (sin acceso)');
    expect(copyButtonLabel(0)).toBe('Nada que copiar');
    expect(copyButtonLabel(1)).toBe('Copiar 1 periodo de encuestas');
    expect(copyButtonLabel(7)).toBe('Copiar 7 periodos de encuestas');
    expect(notGrantedCampusesText(6)).toBe('Hay 6 periodos de encuestas en campus a los que no tienes acceso: no se copian.');
    expect(copiedMessage(0, '2026B')).toBe('Ya estaban copiados los periodos de encuestas de 2026B.');
    expect(copiedMessage(3, '2026B')).toBe('Se copiaron 3 periodos de encuestas de 2026B.');
  });
});
