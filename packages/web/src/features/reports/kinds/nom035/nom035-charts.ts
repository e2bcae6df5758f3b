import type { Nom035GroupResult, Nom035LevelInfo } from '@encuestas/core/survey-kinds/nom035/report-contract';
import type { ChartData } from '../../logic/chart-data';

const range = (min: number, max: number | null) => (max == null ? `${min} o más` : `${min} a menos de ${max}`);

/** Workers per level of one score (final, a category or a domain): a bar per level in the level's colour (spec §4). */
export function levelChart(group: Nom035GroupResult, levels: readonly Nom035LevelInfo[]): ChartData {
  const info = (key: string) => levels.find((l) => l.key === key);
  return {
    categories: group.levels.map((l) => `${info(l.level)?.label ?? l.level} (${range(l.min, l.max)})`),
    series: [{ key: 'workers', label: 'Trabajadores', values: group.levels.map((l) => l.n) }],
    categoryColors: group.levels.map((l) => info(l.level)?.color ?? 'grey'),
  };
}

/** Categories or domains side by side: a bar per group, stacked by level, each level in its colour. */
export function levelsStackChart(groups: readonly Nom035GroupResult[], levels: readonly Nom035LevelInfo[]): ChartData {
  return {
    categories: groups.map((g) => g.name),
    series: levels.map((level) => ({
      key: level.key,
      label: level.label,
      color: level.color,
      values: groups.map((g) => g.levels.find((l) => l.level === level.key)?.n ?? 0),
    })),
  };
}
