// What the plain-SVG bar charts share (no chart library): the frame with its summary as the accessible name and the
// base line, where each bar stands and how tall it draws, the bar itself (alone, stacked on another or one of a
// group) and the chart of one bar per item. Each chart keeps its own values, labels, ticks and table.
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
    /** The base line's y: the chart's height. */
    bottom: height,
    x: (index: number) => index * slot + gap / 2,
    width: Math.max(slot - gap, 1),
    // Any value above zero stays visible however small beside the largest; the top keeps a little room.
    height: (value: number) => (value === 0 ? 0 : Math.max(2, (value / most) * (height - 4))),
  };
}

export type BarLayout = ReturnType<typeof layOutBars>;

/**
 * One bar in slot `index`: `value` drawn up from the base line, or from the top of a lower bar of the same slot
 * (`stackedOn`, that bar's value, in a stacked chart). In a grouped chart `group` places it among the bars that share
 * the slot, side by side, a unit apart. `label` is its tooltip.
 */
export function ChartBar({
  bars,
  index,
  value,
  stackedOn = 0,
  group,
  className,
  label,
  rounded = false,
}: {
  bars: BarLayout;
  index: number;
  value: number;
  stackedOn?: number;
  group?: { index: number; count: number };
  className: string;
  label?: string;
  rounded?: boolean;
}) {
  const height = bars.height(value);
  const base = bars.height(stackedOn);
  const memberWidth = group ? bars.width / group.count : bars.width;
  const x = group ? bars.x(index) + group.index * memberWidth : bars.x(index);
  return (
    <rect
      className={className}
      x={x}
      y={bars.bottom - base - height}
      width={group ? Math.max(memberWidth - 1, 1) : bars.width}
      height={height}
      rx={rounded ? 2 : undefined}
    >
      {label === undefined ? null : <title>{label}</title>}
    </rect>
  );
}

/**
 * The chart's SVG: its summary as the name, the base line and the bars given. Its classes are named after the
 * chart's `block` (`<block>__svg`, `<block>__axis`, and `<block>__scale` for the largest value's label above it).
 */
export function BarChartSvg({
  block,
  bars,
  summary,
  scale,
  children,
}: {
  block: string;
  bars: BarLayout;
  /** What the chart shows in one sentence: its name for screen readers and its tooltip. */
  summary: string;
  /** The largest value in words, shown above the chart (hidden from screen readers: the summary says it). */
  scale?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const height = bars.bottom;
  return (
    <>
      {scale === undefined ? null : (
        <p className={`${block}__scale`} aria-hidden="true">
          {scale}
        </p>
      )}
      <svg
        className={`${block}__svg`}
        viewBox={`0 0 ${chartWidth} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{summary}</title>
        <line className={`${block}__axis`} x1={0} y1={height - 0.5} x2={chartWidth} y2={height - 0.5} />
        {children}
      </svg>
    </>
  );
}

/** A chart of one bar per item (`<block>__bar`), each from `barOf`: its key, value and tooltip. */
export function BarChart<Item>({
  block,
  bars,
  summary,
  scale,
  items,
  barOf,
  rounded = false,
}: {
  block: string;
  bars: BarLayout;
  summary: string;
  scale?: string;
  items: readonly Item[];
  barOf: (item: Item) => { key: string; value: number; label: string };
  rounded?: boolean;
}) {
  return (
    <BarChartSvg block={block} bars={bars} summary={summary} scale={scale}>
      {items.map((item, index) => {
        const bar = barOf(item);
        return (
          <ChartBar
            key={bar.key}
            bars={bars}
            index={index}
            value={bar.value}
            className={`${block}__bar`}
            label={bar.label}
            rounded={rounded}
          />
        );
      })}
    </BarChartSvg>
  );
}
