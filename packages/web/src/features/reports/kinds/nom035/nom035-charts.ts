import type { Nom035GroupResult, Nom035LevelInfo } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { formatCount, formatPercent } from '@encuestas/core/format';
import { wholePercents } from '../../logic/likert';

/** «0 a menos de 20», «90 o más»: a level's score range (lower bound inclusive, upper exclusive). */
export function levelRange(min: number, max: number | null): string {
  return max == null ? `${formatCount(min)} o más` : `${formatCount(min)} a menos de ${formatCount(max)}`;
}

export interface LevelShare {
  level: Nom035LevelInfo['key'];
  label: string;
  color: string;
  /** The score range of the level for this score (final, category or domain). */
  range: string;
  n: number;
  /** Whole percent of the workers; a row's add up to 100. */
  percent: number;
}

export interface LevelShareRow {
  key: string;
  /** The category's or domain's full name ('Calificación final' for the final score). */
  name: string;
  shares: LevelShare[];
  workers: number;
  averageScore: number;
  averageLevel: Nom035LevelInfo | undefined;
}

/** One score's workers per level as shares of 100, in the levels' order and colours (spec §4), with the mean's level. */
export function levelShareRow(group: Nom035GroupResult, levels: readonly Nom035LevelInfo[]): LevelShareRow {
  const info = (key: string) => levels.find((l) => l.key === key);
  const percents = wholePercents(group.levels.map((l) => l.n));
  return {
    key: `${group.scope}-${group.key}`,
    name: group.scope === 'final' ? 'Calificación final' : group.name,
    shares: group.levels.map((l, i) => ({
      level: l.level,
      label: info(l.level)?.label ?? l.level,
      color: info(l.level)?.color ?? 'grey',
      range: levelRange(l.min, l.max),
      n: l.n,
      percent: percents[i]!,
    })),
    workers: group.levels.reduce((sum, l) => sum + l.n, 0),
    averageScore: group.averageScore,
    averageLevel: info(group.averageLevel),
  };
}

/** «Alto 40% (8)»: a level's share with its count. */
export function levelShareText(share: Pick<LevelShare, 'label' | 'n' | 'percent'>): string {
  return `${share.label} ${formatPercent(share.percent / 100)} (${formatCount(share.n)})`;
}
