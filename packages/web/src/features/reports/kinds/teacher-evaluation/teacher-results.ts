import type { TeacherGroupCount, TeacherItemResult, TeacherReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import type { TeacherResultGroup } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import type { ChartData } from '../../logic/chart-data';

/** Chip colour of each result group: Destacados green, Suficientes yellow, Insuficientes red. */
export const GROUP_CHIP_COLOR: Record<TeacherResultGroup, 'success' | 'secondary' | 'error'> = {
  destacados: 'success',
  suficientes: 'secondary',
  insuficientes: 'error',
};

export const GROUP_LABEL: Record<TeacherResultGroup, string> = {
  destacados: 'Destacado',
  suficientes: 'Suficiente',
  insuficientes: 'Insuficiente',
};

/** Pages of a list of `total` teachers shown `perPage` (12) at a time; at least one. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Teachers per result group, for the chart beside the cards (Docentes and Aprobados are sums, left out). */
export function groupsChart(groups: readonly TeacherGroupCount[]): ChartData {
  const split = groups.filter((g) => g.key === 'destacados' || g.key === 'suficientes' || g.key === 'insuficientes');
  return {
    categories: split.map((g) => g.label),
    series: [{ key: 'teachers', label: 'Docentes', values: split.map((g) => g.n) }],
    categoryColors: split.map((g) => (g.key === 'destacados' ? '#2E7D32' : g.key === 'suficientes' ? '#FFD100' : '#D32F2F')),
  };
}

/** The teacher's mean beside the campus's and the institution's (the norms). */
export function normsChart(report: Pick<TeacherReport, 'mean' | 'campusMean' | 'institutionMean'>): ChartData {
  return {
    categories: ['Docente', 'Campus', 'Institución'],
    series: [{ key: 'mean', label: 'Promedio', values: [report.mean, report.campusMean, report.institutionMean] }],
  };
}

/** Each item: the teacher's average, the campus's and the institution's. */
export function itemNormsChart(items: readonly TeacherItemResult[]): ChartData {
  return {
    categories: items.map((item, index) => `${index + 1}. ${item.text}`),
    series: [
      { key: 'teacher', label: 'Docente', values: items.map((i) => i.average) },
      { key: 'campus', label: 'Campus', values: items.map((i) => i.campusAverage) },
      { key: 'institution', label: 'Institución', values: items.map((i) => i.institutionAverage) },
    ],
  };
}
