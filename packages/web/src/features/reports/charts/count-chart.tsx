import { COUNT_AXIS_LABEL, type ChartData } from '../logic/chart-data';
import { COUNT_CHART_MARGIN, countChartLayout, type CountChartInput } from '../logic/count-chart-layout';
import { ChartFrame } from './chart-frame';

/** The font the labels are drawn in (the theme's body font at 12 px). */
const LABEL_FONT = '12px Roboto, Helvetica, Arial, sans-serif';
const TEXT_COLOR = 'rgba(0, 0, 0, 0.6)';

let canvasContext: CanvasRenderingContext2D | null | undefined;

/**
 * A label's width as drawn, from a canvas (which measures text without laying
 * out the page, where measuring an SVG text element lays it all out again);
 * where there is no canvas, 0.6 em a character.
 */
function measureLabel(text: string): number {
  if (canvasContext === undefined) {
    canvasContext = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext?.('2d') ?? null);
    if (canvasContext) canvasContext.font = LABEL_FONT;
  }
  return canvasContext ? canvasContext.measureText(text).width : text.length * 7.2;
}

interface CountChartProps {
  data: ChartData;
  /** The value axis; 'No. Respuestas' unless the chart counts something else. */
  valueLabel?: string;
  /** Fixed ends of the value axis (means: near them, on the 1 to 5 scale); counts start at 0. */
  valueRange?: readonly [number, number];
}

/**
 * Counts over days or months as vertical bars with the axis 'No. Respuestas'
 * (spec §9). Labels are never cut: where they would overlap, the chart writes
 * every other one, and the table lists them all. Names that run long
 * (choices, campuses, groups) are drawn as ShareBars instead.
 */
export function CountBarChart(props: CountChartProps) {
  return <CountChart {...props} shape="bars" />;
}

/** Counts or averages across periods (the axis 'No. Respuestas' or 'Promedio'), each point marked. */
export function CountLineChart(props: CountChartProps) {
  return <CountChart {...props} shape="lines" />;
}

/**
 * Plain SVG from countChartLayout: the report's charts were drawn by a chart
 * library whose code was most of the report's first file (300 kB) and which
 * measured every label by laying out the page again (100 ms of one task in
 * Lighthouse's traces; issue 20). A pointer resting on a bar or point reads
 * its figure; the table (ChartFigure) carries every figure for everyone else.
 */
function CountChart({ data, valueLabel = COUNT_AXIS_LABEL, valueRange, shape }: CountChartProps & Pick<CountChartInput, 'shape'>) {
  return (
    <ChartFrame>
      {({ width, height }) => {
        const layout = countChartLayout({ data, width, height, shape, valueRange, measure: measureLabel });
        const { plot } = layout;
        const bottom = plot.top + plot.height;
        return (
          <>
            {layout.legend.length > 1 ? (
              <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', listStyle: 'none', margin: '0 0 8px', padding: 0, font: LABEL_FONT, fontSize: 14 }}>
                {layout.legend.map((entry) => (
                  <li key={entry.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                    <span style={{ width: 12, height: 12, borderRadius: 2, background: entry.color }} />
                    {entry.label}
                  </li>
                ))}
              </ul>
            ) : null}
            <svg width={width} height={height} style={{ display: 'block', font: LABEL_FONT }}>
              <g stroke="#e0e0e0">
                {layout.ticks.map((tick) => (
                  <line key={tick.label} x1={plot.left} x2={plot.left + plot.width} y1={tick.y} y2={tick.y} />
                ))}
              </g>
              <g fill={TEXT_COLOR} textAnchor="end" dominantBaseline="central">
                {layout.ticks.map((tick) => (
                  <text key={tick.label} x={plot.left - 6} y={tick.y}>
                    {tick.label}
                  </text>
                ))}
              </g>
              <text
                transform={`translate(14 ${plot.top + plot.height / 2}) rotate(-90)`}
                textAnchor="middle"
                dominantBaseline="central"
                fill="rgba(0, 0, 0, 0.87)"
                style={{ fontSize: 14 }}
              >
                {valueLabel}
              </text>
              {layout.bars.map((bar) => (
                <rect key={bar.key} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.color}>
                  <title>{bar.title}</title>
                </rect>
              ))}
              {layout.lines.map((line) => (
                <g key={line.key} stroke={line.color}>
                  <path d={line.path} fill="none" strokeWidth={2} />
                  {line.points.map((point, index) => (
                    <circle key={index} cx={point.x} cy={point.y} r={4} fill="#fff" strokeWidth={2}>
                      <title>{point.title}</title>
                    </circle>
                  ))}
                </g>
              ))}
              <line x1={plot.left} x2={plot.left + plot.width} y1={bottom} y2={bottom} stroke={TEXT_COLOR} />
              <g fill={TEXT_COLOR} textAnchor="middle">
                {layout.labels.map((label, index) => (
                  <text key={index} x={label.x} y={bottom + COUNT_CHART_MARGIN.bottom - 10}>
                    {label.text}
                  </text>
                ))}
              </g>
            </svg>
          </>
        );
      }}
    </ChartFrame>
  );
}
