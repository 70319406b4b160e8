// A pie as a pie chart: one wedge per artist by the cents they get, small ones drawn together. Plain SVG; the chart is
// an image with a one-line text alternative, and the artist table next to it has every number.
import { useId } from 'react';
import { formatMoney, formatShare } from '../../../lib/format';
import { buildPieSlices, pieChartBox, type SliceArtist } from '../lib/pie-slices';

export function describeSlices(slices: ReturnType<typeof buildPieSlices>): string {
  return slices.map((slice) => `${slice.label} ${formatShare(slice.share)}`).join(', ');
}

export function PieChart({ artists, title }: { artists: readonly SliceArtist[]; title: string }) {
  const legendId = useId();
  const slices = buildPieSlices(artists);
  if (slices.length === 0) return null;
  const { size } = pieChartBox;
  return (
    <figure className="pie-chart">
      <svg
        className="pie-chart__svg"
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={`${title}: ${describeSlices(slices)}`}
        aria-describedby={legendId}
      >
        {slices.map((slice) => (
          <path
            key={slice.key}
            className={`pie-chart__slice pie-chart__slice--${slice.tone}`}
            d={slice.path}
            data-share={slice.share.toFixed(4)}
          >
            <title>{`${slice.label}: ${formatMoney(slice.cents)} (${formatShare(slice.share)})`}</title>
          </path>
        ))}
      </svg>
      <figcaption className="pie-chart__legend" id={legendId}>
        <ul className="pie-chart__keys">
          {slices.map((slice) => (
            <li key={slice.key} className="pie-chart__key">
              <span className={`pie-chart__swatch pie-chart__slice--${slice.tone}`} aria-hidden="true" />
              <span className="pie-chart__key-name">{slice.label}</span>
              <span className="pie-chart__key-value">
                {formatMoney(slice.cents)} · {formatShare(slice.share)}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
