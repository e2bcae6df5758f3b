import { describe, expect, it } from 'vitest';
import type { Item, Questionnaire, TextLimit } from '../survey-engine/types';
import { questionnaireProblems } from './questionnaire-checks';

const ALLOWED = new Set(['TripCost', 'mxStates', 'mxMunicipios']);

function withItems(...items: Item[]): Questionnaire {
  return { id: 'q', version: 1, title: 'Prueba', instructions: ['Responde'], sections: [{ id: 's', title: 'Sección', items }] };
}

const yesNo: Item = { id: 'tookTrip', type: 'yesNo', text: '¿Viajaste?' };

describe('questionnaire checks', () => {
  it('finds nothing wrong in a sound questionnaire', () => {
    expect(
      questionnaireProblems(
        withItems(
          yesNo,
          { id: 'tripCost', type: 'single', text: 'Costo', catalog: 'TripCost', gate: { anyOf: [{ item: 'tookTrip', in: ['yes'] }] } },
          { id: 'state', type: 'single', text: 'Estado', catalog: 'mxStates' },
          { id: 'municipio', type: 'single', text: 'Municipio', catalog: 'mxMunicipios', catalogParentItem: 'state' },
        ),
        ALLOWED,
      ),
    ).toEqual([]);
  });

  it.each<[string, Item[], string]>([
    ['a gate to a later item', [{ ...yesNo, id: 'a', gate: { anyOf: [{ item: 'tookTrip', in: ['yes'] }] } }, yesNo], 'item a: gate refers to tookTrip, which is not an earlier item'],
    ['a gate to an unknown item', [{ ...yesNo, id: 'a', gate: { allOf: [{ item: 'nope', in: ['yes'] }] } }], 'item a: gate refers to nope, which is not an earlier item'],
    ['a gate value the item cannot take', [yesNo, { ...yesNo, id: 'b', gate: { anyOf: [{ item: 'tookTrip', in: ['si'] }] } }], 'item b: gate value si is not an answer of tookTrip'],
    ['a duplicate id', [yesNo, yesNo], 'item tookTrip: duplicate id'],
    ['an id not in camelCase', [{ ...yesNo, id: 'took_trip' }], 'item took_trip: id is not camelCase'],
    ['an unknown catalogue', [{ id: 'cost', type: 'single', text: 'Costo', catalog: 'TripCosts' }], 'item cost: unknown catalog TripCosts'],
    ['neither options nor catalogue', [{ id: 'cost', type: 'single', text: 'Costo' }], 'item cost: give either options or a catalog'],
    ['a catalogue parent that is not earlier', [{ id: 'm', type: 'single', text: 'M', catalog: 'mxMunicipios', catalogParentItem: 'state' }], 'item m: catalogParentItem state is not an earlier single choice'],
    ['a text limit outside 100/255/1000', [{ id: 't', type: 'text', text: 'T', maxLength: 500 as TextLimit }], 'item t: text limit 500 is not one of 100, 255, 1000'],
    ['duplicate option values', [{ id: 'o', type: 'single', text: 'O', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }] }], 'item o: duplicate option values'],
    ['a segment on a multiple choice', [{ id: 'm', type: 'multiple', text: 'M', catalog: 'TripCost', segment: 'institute' }], 'item m: a segment must be a required single choice asked of everyone'],
    ['a segment on an optional choice', [{ id: 'm', type: 'single', text: 'M', catalog: 'TripCost', segment: 'institute', required: false }], 'item m: a segment must be a required single choice asked of everyone'],
    ['a segment behind a gate', [yesNo, { id: 'm', type: 'single', text: 'M', catalog: 'TripCost', segment: 'institute', gate: { anyOf: [{ item: 'tookTrip', in: ['yes'] }] } }], 'item m: a segment must be a required single choice asked of everyone'],
  ])('reports %s', (_, items, problem) => {
    expect(questionnaireProblems(withItems(...items), ALLOWED)).toContain(problem);
  });

  it('reports a section gate that refers to an item of a later section', () => {
    const q: Questionnaire = {
      id: 'q',
      version: 1,
      title: 'Prueba',
      instructions: ['Responde'],
      sections: [
        { id: 'first', title: 'Primera', gate: { anyOf: [{ item: 'tookTrip', in: ['yes'] }] }, items: [{ ...yesNo, id: 'other' }] },
        { id: 'second', title: 'Segunda', items: [yesNo] },
      ],
    };
    expect(questionnaireProblems(q, ALLOWED)).toEqual(['section first: gate refers to tookTrip, which is not an earlier item']);
  });
});
