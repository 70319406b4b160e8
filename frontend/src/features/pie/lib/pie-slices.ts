// The pie chart's geometry: one slice per included artist by the cents they would get (or got), the small ones drawn
// together as "others" so the chart stays readable. The grouping is visual only: the table beside it lists everyone.

export interface SliceArtist {
  artist_id: string | null;
  artist_name: string;
  cents: number;
  percentage: number;
}

export interface PieSlice {
  key: string;
  label: string;
  /** Cents of the slice (the sum of the grouped artists' for "others"). */
  cents: number;
  /** 0 to 1 of the whole pie. */
  share: number;
  /** The SVG path of the slice in a 200 × 200 box centred on (100, 100). */
  path: string;
  /** Index into the chart's palette; "others" takes the last colour. */
  tone: number;
  /** How many artists the slice stands for (1, or more for "others"). */
  artistCount: number;
}

export const pieChartBox = { size: 200, radius: 96 } as const;

/** Slices drawn on their own at most; the rest, and any under `minShare`, become one "others" slice. */
export const sliceLimits = { maxOwnSlices: 8, minShare: 0.02 } as const;

export const paletteSize = 9;

/** The key the split gives an artist: its catalogue id, or its name for an artist known only by name. */
export function keyOfArtist(artist: Pick<SliceArtist, 'artist_id' | 'artist_name'>): string {
  return artist.artist_id === null ? `name:${artist.artist_name}` : `id:${artist.artist_id}`;
}

function pointAt(angle: number): string {
  const { size, radius } = pieChartBox;
  const centre = size / 2;
  // Angles start at twelve o'clock and run clockwise, as people read a pie.
  const x = centre + radius * Math.sin(angle);
  const y = centre - radius * Math.cos(angle);
  return `${x.toFixed(3)} ${y.toFixed(3)}`;
}

/** The path of the wedge from `start` to `end` (radians); a whole turn is drawn as a full disc. */
export function describeWedge(start: number, end: number): string {
  const { size, radius } = pieChartBox;
  const centre = size / 2;
  if (end - start >= Math.PI * 2 - 1e-9) {
    // One arc cannot start and end at the same point: two half turns make the disc.
    return `M ${centre} ${centre - radius} A ${radius} ${radius} 0 1 1 ${centre} ${centre + radius} A ${radius} ${radius} 0 1 1 ${centre} ${centre - radius} Z`;
  }
  const largeArc = end - start > Math.PI ? 1 : 0;
  return `M ${centre} ${centre} L ${pointAt(start)} A ${radius} ${radius} 0 ${largeArc} 1 ${pointAt(end)} Z`;
}

/**
 * Each included artist's share of the pie (0 to 1), by artist key: by cents when there are any (what the artists are
 * paid), otherwise by percentage (a pie whose net is not known yet still shows its shares). The chart and the table
 * both read their shares here and write them with one formatShare, so one artist's share reads the same in both.
 */
export function sharesOfPie(artists: readonly SliceArtist[]): Map<string, number> {
  const totalCents = artists.reduce((sum, artist) => sum + artist.cents, 0);
  const sizeOf = (artist: SliceArtist) => (totalCents > 0 ? artist.cents : artist.percentage);
  const total = artists.reduce((sum, artist) => sum + sizeOf(artist), 0);
  return new Map(artists.map((artist) => [keyOfArtist(artist), total > 0 ? sizeOf(artist) / total : 0]));
}

/** The slices of a pie, largest first, each as large as its share of the pie (`sharesOfPie`). */
export function buildPieSlices(artists: readonly SliceArtist[]): PieSlice[] {
  const shares = sharesOfPie(artists);
  const sizeOf = (artist: SliceArtist) => shares.get(keyOfArtist(artist)) ?? 0;
  const total = artists.reduce((sum, artist) => sum + sizeOf(artist), 0);
  if (total <= 0) return [];

  const sorted = [...artists].sort((a, b) => sizeOf(b) - sizeOf(a));
  const own: SliceArtist[] = [];
  const others: SliceArtist[] = [];
  for (const artist of sorted) {
    const isSmall = sizeOf(artist) / total < sliceLimits.minShare;
    if (own.length < sliceLimits.maxOwnSlices && !isSmall) own.push(artist);
    else others.push(artist);
  }
  // One artist alone is no group: it keeps its own name.
  if (others.length === 1) own.push(...others.splice(0, 1));

  const entries = own.map((artist, index) => ({
    key: keyOfArtist(artist),
    label: artist.artist_name,
    cents: artist.cents,
    size: sizeOf(artist),
    tone: index % (paletteSize - 1),
    artistCount: 1,
  }));
  if (others.length > 0) {
    entries.push({
      key: 'others',
      label: `${others.length} other artists`,
      cents: others.reduce((sum, artist) => sum + artist.cents, 0),
      size: others.reduce((sum, artist) => sum + sizeOf(artist), 0),
      tone: paletteSize - 1,
      artistCount: others.length,
    });
  }

  let angle = 0;
  return entries.map(({ size, ...entry }) => {
    // The shares add up to the whole already: an artist's slice keeps exactly the share the table shows.
    const share = size;
    const start = angle;
    angle += share * Math.PI * 2;
    return { ...entry, share, path: describeWedge(start, angle) };
  });
}
