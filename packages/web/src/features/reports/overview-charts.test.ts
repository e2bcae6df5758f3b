import { describe, expect, it } from 'vitest';
import type { ReportItem } from '@encuestas/core/api/reports';
import { chartTableRows, chartHeightFor, hasChartValues } from './logic/chart-data';
import { CHOICE_CHART_BARS, choiceChart, dailyChart, firstCategories, monthLabel, trendAveragesChart } from './logic/overview-charts';

describe('choice and catalogue charts', () => {
  const choice = (counts: [string, number][], type: 'single' | 'multiple' = 'single'): ReportItem => ({
    id: 'transportationMode',
    text: '¿Cómo llegas?',
    type,
    distribution: counts.map(([label, n]) => ({ value: label.toLowerCase(), label, n })),
    average: null,
    scored: 0,
    withheld: false,
    otherList: 'transportationModeOther',
  });

  it("sorts a choice's answers by count, 'Otro' in its place, ties in the options' order", () => {
    const chart = choiceChart(choice([['Auto', 2], ['Camión', 9], ['Otro', 4], ['Bicicleta', 2]], 'multiple'));
    expect(chart.categories).toEqual(['Camión', 'Otro', 'Auto', 'Bicicleta']);
    expect(chart.series[0]!.values).toEqual([9, 4, 2, 2]);
  });

  it('draws the most chosen answers of a long catalogue, its table keeping every one', () => {
    const long = choiceChart(choice(Array.from({ length: 40 }, (_, i): [string, number] => [`Municipio ${i}`, 40 - i])));
    const drawn = firstCategories(long, CHOICE_CHART_BARS);
    expect(drawn.categories).toHaveLength(15);
    expect(drawn.series[0]!.values.at(-1)).toBe(26);
    expect(chartTableRows(long)).toHaveLength(40);
  });
});

describe('counts over time', () => {
  it('writes days in Mexican order and months by name', () => {
    expect(dailyChart([{ day: '2026-03-05', n: 7 }]).categories).toEqual(['05/03/2026']);
    expect(monthLabel('2026-12')).toBe('dic 2026');
  });

  it('has nothing to draw when every count is zero', () => {
    expect(hasChartValues(dailyChart([{ day: '2026-03-05', n: 0 }]))).toBe(false);
    expect(hasChartValues(dailyChart([{ day: '2026-03-05', n: 1 }]))).toBe(true);
  });

  it('draws a withheld period of a trend as a gap', () => {
    const chart = trendAveragesChart(
      [
        { periodo: { id: 1, nombre: '2025A' }, responses: 3, sections: [], withheld: true },
        { periodo: { id: 2, nombre: '2026A' }, responses: 40, sections: [{ id: 's1', average: 4.25 }], withheld: false },
      ],
      [{ id: 's1', title: 'Biblioteca' }],
    );
    expect(chart.series[0]!.values).toEqual([null, 4.25]);
  });
});

describe('chart size', () => {
  it('is 500 px high on a desktop and never under 300 px on a phone', () => {
    expect(chartHeightFor(1150)).toBe(500);
    expect(chartHeightFor(350)).toBe(300);
    expect(chartHeightFor(600)).toBe(480);
  });
});
