import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { CHART_DESKTOP_SIZE, chartHeightFor } from '../logic/chart-data';

/**
 * The box a chart draws in: 1150 px wide at most, its height from the width it
 * gets (500 px on a desktop), so a 390 px phone shows the whole chart without
 * scrolling sideways. The chart itself is hidden from screen readers: its
 * table (ChartFigure) carries the figures. It is drawn when the reader nears
 * it (useNearViewport), in a box of its height until then.
 */
export function ChartFrame({ children }: { children: (size: { width: number; height: number }) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || !near) return;
    const measure = () => setWidth(Math.min(element.clientWidth, CHART_DESKTOP_SIZE.width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const height = chartHeightFor(width || CHART_DESKTOP_SIZE.width);
  return (
    // The height is the drawing's; a legend above it adds its own lines, so the box is not capped.
    <Box ref={ref} aria-hidden="true" sx={{ width: '100%', maxWidth: CHART_DESKTOP_SIZE.width, minHeight: height }}>
      {width > 0 ? children({ width, height }) : null}
    </Box>
  );
}
