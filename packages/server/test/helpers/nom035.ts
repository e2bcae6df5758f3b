/** NOM-035 answers for API tests: Guía II responses published and folded straight into the report aggregates. */
import { randomUUID } from 'node:crypto';
import { FREQUENCY_VALUES, type Answers } from '@encuestas/core/survey-engine/types';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import type { Database } from '../../src/db/client';
import { responses } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';

/** A Guía II worker answering every item at its worst: every category and domain at 'Muy alto'. */
function worstAnswers(): Answers {
  const answers: Answers = {};
  for (const item of NOM035_QUESTIONNAIRES.II.sections.flatMap((s) => s.items)) {
    if (item.type === 'yesNo') answers[item.id] = 'yes';
    if (item.type === 'frequency') answers[item.id] = FREQUENCY_VALUES.find((value) => item.scores![value] === 4)!;
  }
  return answers;
}

/** `count` workers of a campus answering Guía II at their worst in an application, published on `day` and folded. */
export async function answerGuideIIAtWorst(
  db: Database,
  where: { cycleId: number; periodoId: number; campusId: number; activeId: number; day: string },
  count: number,
): Promise<void> {
  const answers = worstAnswers();
  const rows = Array.from({ length: count }, () => ({
    id: randomUUID(),
    surveyKind: 'administrativos/norma',
    questionnaireId: 'nom035-guia2',
    questionnaireVersion: 1,
    cycleId: where.cycleId,
    activeId: where.activeId,
    campusId: where.campusId,
    periodoId: where.periodoId,
    submittedOn: where.day,
    answers,
    scores: scoreRiskGuide('II', answers),
  }));
  await db.transaction(async (tx) => foldResponses(tx, await tx.insert(responses).values(rows).returning()));
}
