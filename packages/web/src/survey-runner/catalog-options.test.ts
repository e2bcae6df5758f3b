import { describe, expect, it } from 'vitest';
import { REQUIRED_ANSWER_MESSAGE } from '@encuestas/core/survey-engine/answer-rules';
import type { ChoiceItem } from '@encuestas/core/survey-engine/types';
import { NEW_INTAKE_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { SERVICIOS_A_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-servicios-a/questionnaire';
import { validateSubmission } from './step-navigation';
import { dependentItems, mergeCatalogs, needsGeoCatalogs, optionsFor, withoutUnofferedChoices } from './catalog-options';
import { parseDraft } from './draft-storage';

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
    expect(dependentItems(NEW_INTAKE_QUESTIONNAIRE, 'institute')).toEqual([]);
  });
});

describe('withoutUnofferedChoices (a draft restored after the catalogues changed)', () => {
  const intake = mergeCatalogs(
    {
      InstitudeOption: [{ value: 'instituto-oriente-puebla', label: 'Instituto Oriente (Puebla)' }],
      KnowMarketingChannel: [
        { value: 'redes-sociales', label: 'Redes sociales' },
        { value: 'pagina-web', label: 'Página web' },
      ],
      EffectiveMarketingChannel: [{ value: 'redes-sociales', label: 'Redes sociales' }],
    },
    catalogs,
  );
  /** A draft as localStorage kept it before answers held codes: catalogue answers are serial ids. */
  const oldDraft = JSON.stringify({
    questionnaireId: NEW_INTAKE_QUESTIONNAIRE.id,
    questionnaireVersion: NEW_INTAKE_QUESTIONNAIRE.version,
    answers: {
      originState: '21',
      originMunicipio: '21114',
      institute: '31',
      knowChannels: ['redes-sociales', '12', 'otro'],
      knowChannelsOther: 'Un podcast',
      effectiveChannel: 'redes-sociales',
    },
    sectionId: 'habits',
    idempotencyKey: 'draft-key-0001',
    savedAt: Date.UTC(2026, 4, 10, 15),
    closesOn: '2026-05-31',
  });

  it('drops each catalogue answer that holds an old id (a whole list if one value is stale), keeping the rest', () => {
    const draft = parseDraft(oldDraft, NEW_INTAKE_QUESTIONNAIRE, Date.UTC(2026, 4, 10, 16))!;
    expect(withoutUnofferedChoices(NEW_INTAKE_QUESTIONNAIRE, intake, draft.answers)).toEqual({
      originState: '21',
      originMunicipio: '21114',
      knowChannelsOther: 'Un podcast',
      effectiveChannel: 'redes-sociales',
    });
  });

  it('so the restored draft cannot be sent: the dropped questions are unanswered, not silently wrong', () => {
    const draft = parseDraft(oldDraft, NEW_INTAKE_QUESTIONNAIRE, Date.UTC(2026, 4, 10, 16))!;
    const check = validateSubmission(NEW_INTAKE_QUESTIONNAIRE, withoutUnofferedChoices(NEW_INTAKE_QUESTIONNAIRE, intake, draft.answers), intake);
    expect(check).toMatchObject({ ok: false, errors: { institute: [REQUIRED_ANSWER_MESSAGE], knowChannels: [REQUIRED_ANSWER_MESSAGE] } });
  });

  it('drops a municipio once its state is dropped or no longer matches', () => {
    expect(withoutUnofferedChoices(NEW_INTAKE_QUESTIONNAIRE, intake, { originState: '99', originMunicipio: '21114' })).toEqual({});
    expect(withoutUnofferedChoices(NEW_INTAKE_QUESTIONNAIRE, intake, { originState: '20', originMunicipio: '21114' })).toEqual({ originState: '20' });
  });

  it('keeps answers that are all still offered as they are', () => {
    const answers = { originState: '21', originMunicipio: '21114', institute: 'instituto-oriente-puebla', knowChannels: ['pagina-web', 'otro'] };
    expect(withoutUnofferedChoices(NEW_INTAKE_QUESTIONNAIRE, intake, answers)).toEqual(answers);
  });
});
