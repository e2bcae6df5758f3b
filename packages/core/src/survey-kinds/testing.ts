/**
 * Helpers for the questionnaire tests (imported only by *.test.ts): the
 * catalogue names questionnaires may use, catalogues with test entries, a
 * filler that answers every item a respondent would be asked, and the shared
 * rules every questionnaire's test runs.
 */
import { MX_GEO_CATALOGS } from '../catalogs/mx-geo';
import { describe, expect, it } from 'vitest';
import { buildAnswersSchema, gateOpen, REQUIRED_ANSWER_MESSAGE, visibleItems } from '../survey-engine/answers';
import { questionType } from '../survey-engine/question-types/registry';
import type { Answers, Catalogs, Questionnaire } from '../survey-engine/types';
import { questionnaireProblems } from './questionnaire-checks';

/**
 * The server's catalogue types, hard-coded because core cannot import server
 * code: keep in step with CATALOGS in packages/server/src/db/seed/reference.ts.
 * mxStates and mxMunicipios are served from core (catalogs/mx-geo.ts).
 */
export const SERVER_CATALOG_NAMES = [
  'TripCost',
  'ExchangeCost',
  'KnowMarketingChannel',
  'EffectiveMarketingChannel',
  'CommunicationChannel',
  'TransportationMode',
  'ExtracurricularActivitie',
  'InstitudeOption',
  'PlanType',
] as const;
export const ALLOWED_CATALOG_NAMES: ReadonlySet<string> = new Set([...SERVER_CATALOG_NAMES, 'mxStates', 'mxMunicipios']);

/** Two made-up entries per server catalogue (values are codes, as the server sends them), plus the real geography. */
export const TEST_CATALOGS: Catalogs = {
  ...Object.fromEntries(
    SERVER_CATALOG_NAMES.map((name) => [
      name,
      [
        { value: `${name.toLowerCase()}-uno`, label: `${name} 1` },
        { value: `${name.toLowerCase()}-dos`, label: `${name} 2` },
      ],
    ]),
  ),
  ...MX_GEO_CATALOGS,
};

/**
 * Answers every item the respondent is shown, in order, optional ones
 * included: `given` answers win, items hidden by the answers so far are
 * skipped. yesNo items default to 'yes', so gates open unless told otherwise.
 */
export function fillAnswers(questionnaire: Questionnaire, catalogs: Catalogs, given: Answers = {}): Answers {
  const answers: Answers = {};
  for (const section of questionnaire.sections) {
    if (!gateOpen(section.gate, answers)) continue;
    for (const item of section.items) {
      if (!gateOpen(item.gate, answers)) continue;
      answers[item.id] = given[item.id] ?? questionType(item).testAnswer(item, { catalogs, answers });
    }
  }
  return answers;
}

/** Ids of the items a respondent must answer (required and shown) given the answers. */
export function requiredShown(questionnaire: Questionnaire, answers: Answers): string[] {
  return visibleItems(questionnaire, answers)
    .filter((item) => item.required !== false)
    .map((item) => item.id);
}

/** Messages by item id of an answer set, {} when it is valid. */
export function answerErrors(questionnaire: Questionnaire, answers: Answers, catalogs: Catalogs = TEST_CATALOGS): Record<string, string[]> {
  const result = buildAnswersSchema(questionnaire, catalogs).safeParse(answers);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

/**
 * The rules every questionnaire of the product keeps: sound structure, a
 * complete answer set accepted with gates open and closed, only the
 * required answers enough, and each required answer missing rejected.
 */
export function questionnaireContract(questionnaire: Questionnaire, catalogs: Catalogs = TEST_CATALOGS): void {
  describe(`questionnaire ${questionnaire.id} (shared rules)`, () => {
    it('is well formed: unique camelCase ids, gates to earlier items, known catalogues, text limits 100/255/1000', () => {
      expect(questionnaireProblems(questionnaire, ALLOWED_CATALOG_NAMES)).toEqual([]);
      expect(Number.isInteger(questionnaire.version) && questionnaire.version >= 1).toBe(true);
    });

    const allYes = fillAnswers(questionnaire, catalogs);
    const allNo = fillAnswers(
      questionnaire,
      catalogs,
      Object.fromEntries(questionnaire.sections.flatMap((s) => s.items).filter((i) => i.type === 'yesNo').map((i) => [i.id, 'no'])),
    );

    it('accepts a complete answer set with every gate open', () => {
      expect(answerErrors(questionnaire, allYes, catalogs)).toEqual({});
    });

    it("accepts a complete answer set with every yes/no answered 'No'", () => {
      expect(answerErrors(questionnaire, allNo, catalogs)).toEqual({});
    });

    it('accepts the required answers alone (optional ones left blank)', () => {
      const required = new Set(requiredShown(questionnaire, allYes));
      const onlyRequired = Object.fromEntries(Object.entries(allYes).filter(([id]) => required.has(id)));
      expect(answerErrors(questionnaire, onlyRequired, catalogs)).toEqual({});
    });

    it('rejects the set when any one required answer is missing', () => {
      for (const id of requiredShown(questionnaire, allYes)) {
        const { [id]: _missing, ...rest } = allYes;
        expect(answerErrors(questionnaire, rest, catalogs)[id], id).toEqual([REQUIRED_ANSWER_MESSAGE]);
      }
    });

    it('rejects a text answer over its limit', () => {
      for (const item of visibleItems(questionnaire, allYes)) {
        if (item.type !== 'text') continue;
        const errors = answerErrors(questionnaire, { ...allYes, [item.id]: 'x'.repeat(item.maxLength + 1) }, catalogs);
        expect(errors[item.id], item.id).toEqual([`Máximo ${item.maxLength} caracteres`]);
      }
    });
  });
}
