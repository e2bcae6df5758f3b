/**
 * NOM-035 scoring of one worker's questionnaire. Guía I decides whether the
 * worker must be referred to clinical evaluation (GR.I); Guías II and III
 * score each item (Tabla 2 / Tabla 5), sum domains, categories and the final
 * score, and place each sum in a risk level (lower bound inclusive, last
 * level open). Items hidden by a gate answered 'No' score 0.
 */
import { pruneHiddenAnswers } from '../../survey-engine/answers';
import type { Answers, FrequencyValue } from '../../survey-engine/types';
import guia1 from './data/guia1.json';
import { GUIDE_DATA, itemId, NOM035_QUESTIONNAIRES } from './guides';

import { RISK_LEVELS, type RiskLevel } from './risk-levels';

export { RISK_LEVELS, type RiskLevel };

/** Level of a score given the four cut points [c1, c2, c3, c4]. */
export function riskLevel(score: number, cutPoints: readonly number[]): RiskLevel {
  const index = cutPoints.filter((cut) => score >= cut).length;
  return RISK_LEVELS[index]!.key;
}

export interface ScoredGroup {
  score: number;
  level: RiskLevel;
}

export interface RiskScores {
  guide: 'II' | 'III';
  final: ScoredGroup;
  categories: Record<string, ScoredGroup>;
  domains: Record<string, ScoredGroup>;
}

export function scoreRiskGuide(guide: 'II' | 'III', answers: Answers): RiskScores {
  const data = GUIDE_DATA[guide];
  const frequencyItems = new Map(
    NOM035_QUESTIONNAIRES[guide].sections.flatMap((s) => s.items).flatMap((item) => (item.type === 'frequency' ? [[item.id, item]] : [])),
  );
  const asked = pruneHiddenAnswers(NOM035_QUESTIONNAIRES[guide], answers);
  const itemScore = (number: number): number => {
    const item = frequencyItems.get(itemId(number));
    const answer = asked[itemId(number)];
    if (!item?.scores || typeof answer !== 'string') return 0; // not asked: a gate said 'No'
    return item.scores[answer as FrequencyValue] ?? 0;
  };
  const sum = (numbers: readonly number[]) => numbers.reduce((total, n) => total + itemScore(n), 0);

  const categories = Object.fromEntries(
    data.categories.map((c) => {
      const score = sum(c.items);
      return [c.id, { score, level: riskLevel(score, data.thresholds.categories[c.id]!) }];
    }),
  );
  const domains = Object.fromEntries(
    data.domains.map((d) => {
      const score = sum(d.items);
      return [d.id, { score, level: riskLevel(score, data.thresholds.domains[d.id]!) }];
    }),
  );
  const finalScore = sum(data.items.map((i) => i.number));
  return { guide, final: { score: finalScore, level: riskLevel(finalScore, data.thresholds.final) }, categories, domains };
}

/**
 * GR.I: with any 'Sí' in section I, the worker needs clinical evaluation when
 * section II has at least 1 'Sí', section III at least 3, or section IV at least 2.
 */
export function requiresClinicalEvaluation(answers: Answers): boolean {
  const yesCount = (sectionId: string) =>
    guia1.sections.find((s) => s.id === sectionId)!.items.filter((n) => answers[itemId(n)] === 'yes').length;
  const rule = guia1.evaluation.requiresClinicalEvaluationWhen;
  if (yesCount('I') === 0) return false;
  return rule.anyOf.some((condition) => yesCount(condition.section) >= condition.minYes);
}
