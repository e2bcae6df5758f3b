import { describe, expect, it } from 'vitest';
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import type { AnswerableKind } from './survey-paths';
import { kindDescription, kindTitle, loadQuestionnaire } from './survey-questionnaires';

const answerable = SURVEY_KINDS.filter((kind) => kind.list !== null).map((kind) => kind.id as AnswerableKind);

describe('questionnaires loaded per kind', () => {
  it('loads for every answerable kind the questionnaire the registry (and so the server) answers it with', async () => {
    for (const kind of answerable) {
      const form = SURVEY_KIND_DEFINITIONS[kind].form;
      if (form.type === 'questionnaire') {
        expect(await loadQuestionnaire(kind, ''), kind).toBe(form.questionnaire);
      } else if (form.type === 'nom035') {
        expect(await loadQuestionnaire(kind, 'I'), kind).toBe(form.guideI);
        expect(await loadQuestionnaire(kind, 'II'), kind).toBe(form.riskGuides.II);
        expect(await loadQuestionnaire(kind, 'III'), kind).toBe(form.riskGuides.III);
      }
    }
  });

  it('loads nothing for a NOM-035 subject that is not a guide', async () => {
    expect(await loadQuestionnaire('administrativos/norma', 'IV')).toBeUndefined();
    expect(await loadQuestionnaire('administrativos/norma', '')).toBeUndefined();
  });

  it('names every kind as the registry does', () => {
    for (const kind of SURVEY_KINDS) {
      expect(kindTitle(kind.id), kind.id).toBe(SURVEY_KIND_DEFINITIONS[kind.id].title);
      expect(kindDescription(kind.id), kind.id).toBe(SURVEY_KIND_DEFINITIONS[kind.id].description);
    }
  });
});
