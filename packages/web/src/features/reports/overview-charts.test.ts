import { describe, expect, it } from 'vitest';
import { chartHeightFor, hasChartValues } from './logic/chart-data';
import { dailyChart, monthLabel, trendAveragesChart } from './logic/overview-charts';

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
