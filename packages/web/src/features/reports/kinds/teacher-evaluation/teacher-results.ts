import type { TeacherGroupCount, TeacherReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { formatAverage, formatChange, shareOf } from '@encuestas/core/format';
import type { MeanDotRow, MeanMarker } from '../../charts/mean-dot-plot';
import { differenceText, normText } from '../../logic/means';
import type { TeacherResultGroup } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import type { ShareRow } from '../../logic/shares';

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

/** Teachers per result group with their share of those with a result, for the bars beside the chips (Docentes and Aprobados are sums, left out). */
export function groupShares(groups: readonly TeacherGroupCount[]): ShareRow[] {
  const split = groups.filter((g) => g.key === 'destacados' || g.key === 'suficientes' || g.key === 'insuficientes');
  const total = split.reduce((sum, g) => sum + g.n, 0);
  return split.map((g) => ({
    key: g.key,
    label: g.label,
    n: g.n,
    share: shareOf(g.n, total),
    color: g.key === 'destacados' ? '#2E7D32' : g.key === 'suficientes' ? '#FFD100' : '#D32F2F',
  }));
}

type Norms = Pick<TeacherReport, 'mean' | 'campusMean' | 'institutionMean' | 'campusN' | 'institutionN' | 'items'>;

/** The teacher's mean as shown first: «3.68 · +0.07 sobre el campus (n = 412) · +0.09 sobre la institución (n = 3,210)». */
export function meanHeadline(report: Norms): string {
  if (report.mean == null) return '—';
  const mean = report.mean;
  const norms = [
    normText(mean, { mean: report.campusMean, n: report.campusN }, 'el campus'),
    normText(mean, { mean: report.institutionMean, n: report.institutionN }, 'la institución'),
  ];
  return [formatAverage(mean), ...norms.filter((text): text is string => text != null)].join(' · ');
}

/** «Periodo anterior (2026A): 3.55 · cambio +0.13», as the ranking compares; null when no earlier term has this survey. */
export function previousTermText(report: Pick<TeacherReport, 'previousPeriodo' | 'previousMean' | 'change' | 'minGroupSize'>): string | null {
  if (!report.previousPeriodo) return null;
  const name = `Periodo anterior (${report.previousPeriodo.nombre})`;
  return report.previousMean === null
    ? `${name}: sin promedio; el docente no fue evaluado entonces o tuvo menos de ${report.minGroupSize} evaluaciones`
    : `${name}: ${formatAverage(report.previousMean)} · cambio ${formatChange(report.change)}`;
}

/** «3.80 · +0.10 sobre el campus · +0.05 sobre la institución»; the parts without a figure are left out. */
function itemSummary(value: number | null, campus: number | null, institution: number | null): string {
  if (value == null) return 'Sin respuestas que promediar';
  const parts = [formatAverage(value)];
  if (campus != null) parts.push(differenceText(value, campus, 'el campus'));
  if (institution != null) parts.push(differenceText(value, institution, 'la institución'));
  return parts.join(' · ');
}

/** Docente a dot, campus a diamond, institución a bar: told apart by shape as well as colour. */
export const NORM_MARKERS: readonly MeanMarker[] = [
  { key: 'teacher', label: 'Docente', color: '#0D47A1', shape: 'dot' },
  { key: 'campus', label: 'Campus', color: '#E65100', shape: 'diamond' },
  { key: 'institution', label: 'Institución', color: '#424242', shape: 'bar' },
];

/** The overall mean, then each item, against the campus and institution norms, for the dot plot. */
export function normRows(report: Norms): MeanDotRow[] {
  const overall: MeanDotRow = {
    key: 'overall',
    label: 'Promedio general',
    values: { teacher: report.mean, campus: report.campusMean, institution: report.institutionMean },
    summary: itemSummary(report.mean, report.campusMean, report.institutionMean),
  };
  return [
    overall,
    ...report.items.map((item, index) => ({
      key: item.id,
      label: `${index + 1}. ${item.text}`,
      values: { teacher: item.average, campus: item.campusAverage, institution: item.institutionAverage },
      summary: itemSummary(item.average, item.campusAverage, item.institutionAverage),
    })),
  ];
}
