import { describe, expect, it } from 'vitest';
import type { ChoiceItem } from '@encuestas/core/survey-engine/types';
import { NEW_INTAKE_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { SERVICIOS_A_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-servicios-a/questionnaire';
import { dependentItems, mergeCatalogs, needsGeoCatalogs, optionsFor } from './catalog-options';

const catalogs = mergeCatalogs(
  { TripCost: [{ value: '1', label: 'Menos de $1,000' }] },
  {
    mxStates: [
      { value: '21', label: 'Puebla' },
      { value: '20', label: 'Oaxaca' },
    ],
    mxMunicipios: [
      { value: '21114', label: 'Puebla', parent: '21' },
      { value: '20067', label: 'Oaxaca de Juárez', parent: '20' },
    ],
  },
);

const municipio: ChoiceItem = { id: 'm', type: 'single', catalog: 'mxMunicipios', catalogParentItem: 's', text: 'Municipio' };

describe('optionsFor', () => {
  it('lists inline options as they are', () => {
    const item: ChoiceItem = { id: 'x', type: 'single', text: 'x', options: [{ value: 'a', label: 'A' }] };
    expect(optionsFor(item, catalogs, {})).toEqual({ options: [{ value: 'a', label: 'A' }], waitingForParent: false });
  });

  it('lists a catalogue, from the server or from core', () => {
    expect(optionsFor({ id: 't', type: 'single', text: 't', catalog: 'TripCost' }, catalogs, {}).options).toHaveLength(1);
    expect(optionsFor({ id: 's', type: 'single', text: 's', catalog: 'mxStates' }, catalogs, {}).options).toHaveLength(2);
    expect(optionsFor({ id: 'u', type: 'single', text: 'u', catalog: 'Unknown' }, catalogs, {}).options).toEqual([]);
  });

  it('ends with the item’s «Otro» option, after the catalogue’s', () => {
    const item: ChoiceItem = { id: 't', type: 'single', text: 't', catalog: 'TripCost', otherOption: { value: 'otro', label: 'Otro' } };
    expect(optionsFor(item, catalogs, {}).options.map((o) => o.label)).toEqual(['Menos de $1,000', 'Otro']);
  });

  it('filters municipios by the state answered, and waits for it', () => {
    expect(optionsFor(municipio, catalogs, { s: '20' }).options).toEqual([{ value: '20067', label: 'Oaxaca de Juárez', parent: '20' }]);
    expect(optionsFor(municipio, catalogs, {})).toEqual({ options: [], waitingForParent: true });
  });
});

describe('catalogue helpers', () => {
  it('loads INEGI catalogues only for questionnaires that ask for them', () => {
    expect(needsGeoCatalogs(NEW_INTAKE_QUESTIONNAIRE)).toBe(true);
    expect(needsGeoCatalogs(SERVICIOS_A_QUESTIONNAIRE)).toBe(false);
  });

  it('finds the municipio as dependent of the state', () => {
    expect(dependentItems(NEW_INTAKE_QUESTIONNAIRE, 'originState')).toEqual(['originMunicipio']);
    expect(dependentItems(NEW_INTAKE_QUESTIONNAIRE, 'schoolType')).toEqual([]);
  });
});
