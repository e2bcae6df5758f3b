import { describe, expect, it } from 'vitest';
import { COUNT_CHART_MARGIN, countChartLayout } from './count-chart-layout';

/** 7 px a character: the estimate the chart uses where there is no canvas. */
const measure = (text: string) => text.length * 7;

const days = (n: number) => Array.from({ length: n }, (_, i) => `${String(i + 1).padStart(2, '0')}/03/2026`);

describe('countChartLayout', () => {
  it('draws a bar per count, as tall as its count on an axis from 0 that ticks on whole numbers', () => {
    const layout = countChartLayout({
      data: { categories: ['ene 2026', 'feb 2026', 'mar 2026'], series: [{ key: 'n', label: 'Respuestas', values: [3, 0, 7] }] },
      width: 600,
      height: 300,
      shape: 'bars',
      measure,
    });
    const base = layout.plot.top + layout.plot.height;
    expect(layout.bars.map((b) => b.title)).toEqual(['ene 2026 · Respuestas: 3', 'feb 2026 · Respuestas: 0', 'mar 2026 · Respuestas: 7']);
    expect(layout.bars[1]!.height).toBe(0);
    // Heights in proportion to the counts, every bar standing on the axis.
    expect(layout.bars[2]!.height / layout.bars[0]!.height).toBeCloseTo(7 / 3, 5);
    for (const bar of layout.bars) expect(bar.y + bar.height).toBeCloseTo(base, 5);
    expect(layout.ticks[0]).toMatchObject({ label: '0', y: base });
    expect(layout.ticks.every((t) => /^\d+$/.test(t.label))).toBe(true);
    expect(layout.ticks.at(-1)!.label).toBe('7');
    expect(layout.labels.map((l) => l.text)).toEqual(['ene 2026', 'feb 2026', 'mar 2026']);
  });

  it('writes every other label (or fewer) where they would overlap, never cutting one, and keeps the end ones inside the chart', () => {
    const data = { categories: days(60), series: [{ key: 'n', label: 'Respuestas', values: days(60).map((_, i) => i % 5) }] };
    const layout = countChartLayout({ data, width: 600, height: 300, shape: 'bars', measure });
    const texts = layout.labels.map((l) => l.text);
    expect(texts.length).toBeLessThan(60);
    expect(texts[0]).toBe('01/03/2026');
    for (const label of layout.labels) expect(label.text).toMatch(/^\d\d\/03\/2026$/);
    // No two written labels overlap.
    for (let i = 1; i < layout.labels.length; i++) {
      expect(layout.labels[i]!.x - layout.labels[i - 1]!.x).toBeGreaterThanOrEqual(measure('01/03/2026'));
    }
    for (const label of layout.labels) {
      expect(label.x - measure(label.text) / 2).toBeGreaterThanOrEqual(0);
      expect(label.x + measure(label.text) / 2).toBeLessThanOrEqual(600);
    }
  });

  it('draws a line per series across periods, broken where a period is withheld, on the axis it is given', () => {
    const layout = countChartLayout({
      data: {
        categories: ['2025-1', '2025-2', '2026-1'],
        series: [
          { key: 'a', label: 'Docencia', values: [3.5, null, 3.9] },
          { key: 'b', label: 'Tutoría', values: [3.6, 3.7, 3.8] },
        ],
      },
      width: 500,
      height: 300,
      shape: 'lines',
      valueRange: [3.4, 4],
      measure,
    });
    expect(layout.bars).toEqual([]);
    const [a, b] = layout.lines;
    // Two moves: the withheld period leaves a gap instead of a line across it.
    expect(a!.path.match(/M/g)).toHaveLength(2);
    expect(a!.points).toHaveLength(2);
    expect(b!.path.match(/M/g)).toHaveLength(1);
    expect(b!.points.map((p) => p.title)).toEqual(['2025-1 · Tutoría: 3.60', '2025-2 · Tutoría: 3.70', '2026-1 · Tutoría: 3.80']);
    expect(layout.ticks[0]!.label).toBe('3.40');
    expect(layout.ticks.at(-1)!.label).toBe('4.00');
    expect(layout.legend.map((l) => l.label)).toEqual(['Docencia', 'Tutoría']);
    expect(new Set(layout.legend.map((l) => l.color)).size).toBe(2);
    expect(layout.plot.left).toBe(COUNT_CHART_MARGIN.left);
  });

  it('writes thousands with commas on the value axis', () => {
    const layout = countChartLayout({
      data: { categories: ['ene 2026'], series: [{ key: 'n', label: 'Respuestas', values: [12_400] }] },
      width: 400,
      height: 300,
      shape: 'bars',
      measure,
    });
    expect(layout.ticks.some((t) => t.label.includes(','))).toBe(true);
    expect(layout.bars[0]!.title).toBe('ene 2026 · Respuestas: 12,400');
  });
});
