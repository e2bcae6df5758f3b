/**
 * How a NOM-035 application's results read: each risk level with its name
 * and colour (spec §4, RISK_LEVELS in scoring.ts), the DOF's action criteria
 * for it (Guía II Tabla 4, Guía III Tabla 7: the same text in both), and the
 * score range that places a worker in it for the final score, each category
 * and each domain (the cut points of ./data, II.3 c) and III.3 c): Guía II's
 * are spec §9's). scoring.ts places one score; this module lists the ranges
 * a report shows beside its counts.
 */
import guia2 from './data/guia2.json';
import { GUIDE_DATA } from './guides';
import { RISK_LEVELS, type RiskLevel } from './scoring';

/** What the DOF asks the workplace to do when its result falls in each level. */
export const ACTION_CRITERIA: Readonly<Record<RiskLevel, string>> = guia2.actionCriteria.byLevel;

export type RiskScope = 'final' | 'category' | 'domain';

export interface RiskRange {
  level: RiskLevel;
  label: string;
  color: string;
  /** Least score of the level, inclusive. */
  min: number;
  /** First score above the level (exclusive); null for 'Muy alto', which is open. */
  max: number | null;
}

/** The five levels of the final score, a category or a domain of a guide, each with its score range. */
export function riskRanges(guide: 'II' | 'III', scope: RiskScope, key = ''): RiskRange[] {
  const thresholds = GUIDE_DATA[guide].thresholds;
  const cuts = scope === 'final' ? thresholds.final : scope === 'category' ? thresholds.categories[key] : thresholds.domains[key];
  if (!cuts) throw new Error(`NOM-035 Guía ${guide} has no ${scope} '${key}'`);
  return RISK_LEVELS.map((level, index) => ({
    level: level.key,
    label: level.label,
    color: level.color,
    min: index === 0 ? 0 : cuts[index - 1]!,
    max: cuts[index] ?? null,
  }));
}

export interface RiskGroupDefinition {
  scope: RiskScope;
  /** '' for the final score. */
  key: string;
  /** Spanish name (the DOF's), 'Calificación final' for the final score. */
  name: string;
  /** A domain's category. */
  categoryId?: string;
}

/** The final score, then every category and every domain of a guide, in the DOF's order. */
export function riskGroups(guide: 'II' | 'III'): RiskGroupDefinition[] {
  const data = GUIDE_DATA[guide];
  return [
    { scope: 'final', key: '', name: 'Calificación final' },
    ...data.categories.map((c) => ({ scope: 'category' as const, key: c.id, name: c.name })),
    ...data.domains.map((d) => ({ scope: 'domain' as const, key: d.id, name: d.name, categoryId: d.categoryId })),
  ];
}
