/**
 * How a kind is answered, and the few rules every side reads from it: which
 * questionnaires it holds and which one an entry's subject is answered with.
 * Light on purpose (types and three small functions): each kind's entry
 * (`<kind>/kind.ts`) imports it, and so the web's entry chunk.
 */
import type { Answers, Questionnaire } from '../survey-engine/types';
import type { suggestionFormSchema } from './buzon/form';

export type SurveyKindForm =
  | { type: 'questionnaire'; questionnaire: Questionnaire }
  | {
      type: 'nom035';
      /** Answered first by every worker. */
      guideI: Questionnaire;
      /** Then one of these, chosen per campus by riskGuideFor (nom035/guides). */
      riskGuides: { II: Questionnaire; III: Questionnaire };
    }
  | { type: 'suggestionForm'; schema: typeof suggestionFormSchema };

/** Scores stored with a response at submission (response-scores.ts); null: none for this subject. */
export type ResponseScorer = (subject: string, answers: Answers) => Record<string, unknown> | null;

/** A kind answered with one questionnaire. */
export function oneQuestionnaire(questionnaire: Questionnaire): SurveyKindForm {
  return { type: 'questionnaire', questionnaire };
}

/** Every questionnaire of a form (NOM-035: Guía I, II, III in that order); empty for the suggestion box. */
export function questionnairesOf(form: SurveyKindForm): readonly Questionnaire[] {
  if (form.type === 'questionnaire') return [form.questionnaire];
  if (form.type === 'nom035') return [form.guideI, form.riskGuides.II, form.riskGuides.III];
  return [];
}

/** The questionnaire an entry of this subject answers (NOM-035: the guide it names); null when the form has none for it. */
export function questionnaireOf(form: SurveyKindForm, subject: string): Questionnaire | null {
  if (form.type === 'questionnaire') return form.questionnaire;
  if (form.type === 'nom035') {
    if (subject === 'I') return form.guideI;
    if (subject === 'II' || subject === 'III') return form.riskGuides[subject];
  }
  return null;
}
