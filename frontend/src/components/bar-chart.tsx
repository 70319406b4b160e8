// What the plain-SVG bar charts share (no chart library): the frame with its summary as the accessible name and the
// base line, and where each bar stands and how tall it draws. Each chart keeps its own bars, labels and table.
import { useId, type ReactNode } from 'react';

/** The width of every chart's viewBox; the SVG stretches to its box (preserveAspectRatio none). */
const chartWidth = 600;

/** Lays `count` bars side by side, `gap` apart, scaled so the value `most` fills the chart's height. */
export function layOutBars({
  count,
  most,
  height,
  gap,
}: {
  count: number;
  most: number;
  height: number;
  gap: number;
}) {
  const slot = chartWidth / Math.max(count, 1);
  return {
    x: (index: number) => index * slot + gap / 2,
    width: Math.max(slot - gap, 1),
    // Any value above zero stays visible however small beside the largest; the top keeps a little room.
    height: (value: number) => (value === 0 ? 0 : Math.max(2, (value / most) * (height - 4))),
  };
}

export function BarChartSvg({
  className,
  axisClassName,
  height,
  summary,
  children,
}: {
  className: string;
  axisClassName: string;
  height: number;
  /** What the chart shows in one sentence: its name for screen readers and its tooltip. */
  summary: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <svg
      className={className}
      viewBox={`0 0 ${chartWidth} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>{summary}</title>
      <line className={axisClassName} x1={0} y1={height - 0.5} x2={chartWidth} y2={height - 0.5} />
      {children}
    </svg>
  );
}
