import { describe, expect, it } from 'vitest';
import { SURVEY_KINDS } from '../survey-kinds';
import { NOM035_QUESTIONNAIRES } from './nom035/guides';
import { questionnaireProblems } from './questionnaire-checks';
import { findQuestionnaire, SURVEY_KIND_DEFINITIONS } from './registry';
import { ALLOWED_CATALOG_NAMES } from './testing';

const definitions = Object.values(SURVEY_KIND_DEFINITIONS);

describe('survey kind registry', () => {
  it('defines exactly the nine kinds of SURVEY_KINDS, each under its own id', () => {
    expect(Object.keys(SURVEY_KIND_DEFINITIONS).sort()).toEqual(SURVEY_KINDS.map((k) => k.id).sort());
    for (const [id, definition] of Object.entries(SURVEY_KIND_DEFINITIONS)) expect(definition.id).toBe(id);
  });

  it.each(SURVEY_KINDS.map((k) => [k.id, k.respondent] as const))('%s is answered by %s', (id, respondent) => {
    expect(SURVEY_KIND_DEFINITIONS[id].respondent).toBe(respondent);
  });

  it('asks one response per class only in the teacher evaluation, guide steps only in NOM-035, a target list only for new intake', () => {
    expect(SURVEY_KINDS.filter((k) => k.subjects === 'perClass').map((k) => k.id)).toEqual(['alumnos/evaluacionDocente']);
    expect(SURVEY_KINDS.filter((k) => k.subjects === 'nom035Guides').map((k) => k.id)).toEqual(['administrativos/norma']);
    expect(SURVEY_KINDS.filter((k) => k.targetList).map((k) => k.id)).toEqual(['alumnos/nuevoIngreso']);
    // Guide steps are a NOM-035 form; a kind's form and its subjects never disagree.
    for (const kind of SURVEY_KINDS) expect(SURVEY_KIND_DEFINITIONS[kind.id].form.type === 'nom035', kind.id).toBe(kind.subjects === 'nom035Guides');
  });

  it('offers every kind but the suggestion box in an availability list of its respondents', () => {
    expect(SURVEY_KINDS.filter((k) => k.list === null).map((k) => k.id)).toEqual(['buzon']);
  });

  it('leaves the time a questionnaire takes to the engine’s estimate, so the list and the instructions never disagree', () => {
    for (const d of definitions) {
      for (const questionnaire of d.questionnaires) {
        for (const paragraph of questionnaire.instructions) expect(paragraph, questionnaire.id).not.toMatch(/\bminutos?\b/i);
      }
    }
  });

  it('gives every kind a title and a description for its index page', () => {
    for (const d of definitions) {
      expect(d.title.trim().length, d.id).toBeGreaterThan(0);
      expect(d.description.trim().length, d.id).toBeGreaterThan(20);
    }
  });

  it('titles a kind answered with one questionnaire as its questionnaire, so the list and the form agree', () => {
    for (const d of definitions) {
      if (d.form.type === 'questionnaire') expect(d.title, d.id).toBe(d.form.questionnaire.title);
    }
  });

  it('lists each kind’s questionnaires in line with how it is answered', () => {
    for (const d of definitions) {
      const expected =
        d.form.type === 'questionnaire' ? [d.form.questionnaire] : d.form.type === 'nom035' ? [d.form.guideI, d.form.riskGuides.II, d.form.riskGuides.III] : [];
      expect(d.questionnaires, d.id).toEqual(expected);
    }
  });

  it('has NOM-035 answered as Guía I, then Guía II or III', () => {
    const norma = SURVEY_KIND_DEFINITIONS['administrativos/norma'];
    expect(norma.form).toEqual({
      type: 'nom035',
      guideI: NOM035_QUESTIONNAIRES.I,
      riskGuides: { II: NOM035_QUESTIONNAIRES.II, III: NOM035_QUESTIONNAIRES.III },
    });
    expect(norma.questionnaires.map((q) => q.id)).toEqual(['nom035-guia1', 'nom035-guia2', 'nom035-guia3']);
  });

  it('has the suggestion box answered with its form, not a questionnaire', () => {
    expect(SURVEY_KIND_DEFINITIONS.buzon.form.type).toBe('suggestionForm');
    expect(SURVEY_KIND_DEFINITIONS.buzon.questionnaires).toEqual([]);
  });

  it('uses questionnaire ids unique across kinds, and finds each by id', () => {
    const all = definitions.flatMap((d) => d.questionnaires.map((q) => [d.id, q] as const));
    expect(new Set(all.map(([, q]) => q.id)).size).toBe(all.length);
    for (const [kind, questionnaire] of all) expect(findQuestionnaire(questionnaire.id)).toEqual({ kind, questionnaire });
    expect(findQuestionnaire('nope')).toBeUndefined();
  });

  it('holds only well-formed questionnaires (NOM-035 included)', () => {
    for (const d of definitions) {
      for (const q of d.questionnaires) expect(questionnaireProblems(q, ALLOWED_CATALOG_NAMES), q.id).toEqual([]);
    }
  });
});
