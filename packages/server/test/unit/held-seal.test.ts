import { createSecretKey } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import { seededRandom, syntheticAnswers } from '@encuestas/core/survey-engine/synthetic-answers';
import { FREQUENCY_VALUES, RATING_VALUES, type Answers, type Catalogs, type Item, type Questionnaire } from '@encuestas/core/survey-engine/types';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { responseScores } from '@encuestas/core/survey-kinds/response-scores';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { CATALOGS } from '../../src/db/seed/reference';
import { heldCapacity, HeldAnswersKeyError, openHeldContent, sealedLength, sealHeldResponse, type HeldBinding } from '../../src/features/responses/held-seal';

const key = createSecretKey(Buffer.alloc(32, 11));
/** The catalogues a server seeded with the reference data checks answers against. */
const catalogs: Catalogs = {
  ...Object.fromEntries(Object.entries(CATALOGS).map(([name, entries]) => [name, entries.map((e) => ({ value: e.code, label: e.name }))])),
  ...MX_GEO_CATALOGS,
};

const questionnaires = Object.values(SURVEY_KIND_DEFINITIONS).flatMap((definition) =>
  definition.questionnaires.map((questionnaire) => ({ kind: definition.id as SurveyKindId, questionnaire })),
);
/** The subject a submission scores with: the NOM-035 guide, else none. */
const subjectOf = (q: Questionnaire) => ({ 'nom035-guia1': 'I', 'nom035-guia2': 'II', 'nom035-guia3': 'III' })[q.id] ?? '';

const binding = (kind: string, q: Questionnaire, classId: number | null = null): HeldBinding => ({
  id: '6a1f8a2e-7c41-4d2b-9f3e-0b8d5c4a2e10',
  surveyKind: kind,
  questionnaireId: q.id,
  questionnaireVersion: q.version,
  activeId: 3,
  cycleId: 4,
  classId,
});
const row = (b: HeldBinding, sealed: Buffer) => ({ ...b, campusId: 1, periodoId: 1, plan: null, grupo: null, teacherId: null, sealed });

function seal(kind: SurveyKindId, q: Questionnaire, answers: Answers): Buffer {
  const scores = responseScores(kind, subjectOf(q), answers);
  return sealHeldResponse(key, binding(kind, q), { submittedOn: '2026-11-23', answers, scores }, heldCapacity(q, catalogs, scores));
}

/** Every item answered at its widest (more than any valid answer set: gates would hide some). */
function widestAnswers(q: Questionnaire, text: string): Answers {
  const longest = (values: readonly string[]) => [...values].sort((a, b) => b.length - a.length)[0]!;
  const valuesOf = (item: Item & { type: 'single' | 'multiple' }) => [
    ...(item.options ?? catalogs[item.catalog!] ?? []).map((o) => o.value),
    ...(item.otherOption ? [item.otherOption.value] : []),
  ];
  return Object.fromEntries(
    allItems(q).map((item) => {
      switch (item.type) {
        case 'rating':
          return [item.id, longest(RATING_VALUES)];
        case 'frequency':
          return [item.id, longest(FREQUENCY_VALUES)];
        case 'yesNo':
          return [item.id, 'yes'];
        case 'text':
          return [item.id, text.repeat(item.maxLength).slice(0, item.maxLength)];
        case 'number':
          return [item.id, -2.2250738585072014e-308];
        case 'single':
          return [item.id, longest(valuesOf(item))];
        case 'multiple':
          return [item.id, valuesOf(item).sort((a, b) => b.length - a.length).slice(0, item.maxSelected)];
      }
    }),
  );
}

describe('held answers sealed (features/responses/held-seal.ts)', () => {
  it('seals every answer set of a questionnaire at one length, the widest included', () => {
    for (const { kind, questionnaire: q } of questionnaires) {
      const lengths = new Set<number>();
      for (let seed = 1; seed <= 25; seed++) lengths.add(seal(kind, q, syntheticAnswers(q, catalogs, seededRandom(seed), { yesRate: seed % 2 ? 0.5 : 0.03 })).length);
      for (const text of ['a', 'ñ', '\u0001', '😀']) lengths.add(seal(kind, q, widestAnswers(q, text)).length);
      expect([...lengths], q.id).toHaveLength(1);
      expect([...lengths][0], q.id).toBe(sealedLength(heldCapacity(q, catalogs, responseScores(kind, subjectOf(q), syntheticAnswers(q, catalogs, seededRandom(1))))));
    }
  });

  it('keeps the length whatever a comment holds: any text up to the item’s limit', () => {
    const { kind, questionnaire: q } = questionnaires.find((entry) => entry.kind === 'alumnos/evaluacionDocente')!;
    const base = syntheticAnswers(q, catalogs, seededRandom(7));
    const comment = allItems(q).find((item) => item.type === 'text')!;
    const expected = seal(kind, q, base).length;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 1000 }), (text) => {
        const answers = { ...base, [comment.id]: text.slice(0, 1000) };
        const sealed = seal(kind, q, answers);
        expect(sealed.length).toBe(expected);
        expect(openHeldContent(key, row(binding(kind, q), sealed)).answers).toEqual(answers);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('opens to what was sealed, and only with its key beside its own clear columns', () => {
    const { kind, questionnaire: q } = questionnaires.find((entry) => entry.questionnaire.id === 'nom035-guia3')!;
    const answers = syntheticAnswers(q, catalogs, seededRandom(3));
    const scores = responseScores(kind, 'III', answers);
    expect(scores).not.toBeNull();
    const b = binding(kind, q, 12);
    const sealed = sealHeldResponse(key, b, { submittedOn: '2026-10-01', answers, scores }, heldCapacity(q, catalogs, scores));
    expect(openHeldContent(key, row(b, sealed))).toEqual({ submittedOn: '2026-10-01', answers, scores });
    expect(() => openHeldContent(createSecretKey(Buffer.alloc(32, 12)), row(b, sealed))).toThrow(HeldAnswersKeyError);
    for (const moved of [{ ...b, id: '6a1f8a2e-7c41-4d2b-9f3e-0b8d5c4a2e11' }, { ...b, classId: 13 }, { ...b, activeId: 9 }]) {
      expect(() => openHeldContent(key, row(moved, sealed))).toThrow(HeldAnswersKeyError);
    }
    const altered = Buffer.from(sealed);
    altered[40]! ^= 1;
    expect(() => openHeldContent(key, row(b, altered))).toThrow(HeldAnswersKeyError);
  });

  it('shows nothing of the answers: no text in any encoding, a fresh nonce each time', () => {
    const { kind, questionnaire: q } = questionnaires.find((entry) => entry.kind === 'alumnos/evaluacionDocente')!;
    const answers = { ...syntheticAnswers(q, catalogs, seededRandom(5)), comments: 'Marcador secreto del alumno' };
    const [first, second] = [seal(kind, q, answers), seal(kind, q, answers)];
    expect(first.equals(second)).toBe(false);
    for (const encoding of ['utf8', 'utf16le', 'latin1'] as const) expect(first.includes(Buffer.from('Marcador', encoding))).toBe(false);
  });

  it('never gives two seals the same nonce, across refills of the nonce pool', () => {
    const { kind, questionnaire: q } = questionnaires.find((entry) => entry.kind === 'alumnos/evaluacionDocente')!;
    const answers = syntheticAnswers(q, catalogs, seededRandom(6));
    const nonces = new Set<string>();
    // Over 1,000 seals: the pool (341 nonces) is refilled a few times on the way.
    for (let i = 0; i < 1000; i++) nonces.add(seal(kind, q, answers).subarray(1, 13).toString('hex'));
    expect(nonces.size).toBe(1000);
  });

  it('pads an answer set larger than the capacity to a multiple of it rather than refusing it', () => {
    const { kind, questionnaire: q } = questionnaires.find((entry) => entry.kind === 'alumnos/evaluacionDocente')!;
    const b = binding(kind, q);
    const content = { submittedOn: '2026-11-23', answers: { comments: 'x'.repeat(3000) }, scores: null };
    const sealed = sealHeldResponse(key, b, content, 1024);
    expect((sealed.length - sealedLength(0)) % 1024).toBe(0);
    expect(sealed.length).toBeGreaterThan(sealedLength(6000));
    expect(openHeldContent(key, row(b, sealed))).toEqual(content);
  });
});
