// The pie chart's slices: sized by cents, largest first, the small ones drawn together as
// "others" (the table beside the chart lists them all), a single artist as a full disc, and the wedges closing the
// circle exactly.
import { describe, expect, it } from 'vitest';
import {
  buildPieSlices,
  sliceLimits,
  type SliceArtist,
} from '../../frontend/src/features/pie/lib/pie-slices';

function makeArtist(name: string, cents: number, id: string | null = name.toLowerCase()): SliceArtist {
  return { artist_id: id, artist_name: name, cents, percentage: 0 };
}

/** The end point of a wedge's arc, read back from its path. */
function readArcEnd(path: string): [number, number] {
  const numbers = path.split(' A ')[1]?.split(' ') ?? [];
  return [Number(numbers[5]), Number(numbers[6])];
}

describe('the slices of the pie chart', () => {
  it('gives each large artist a slice, largest first, and groups the small ones as others', () => {
    // Prepare: two artists over 2% each, three under it.
    const artists = [
      makeArtist('Small A', 10),
      makeArtist('Big', 600),
      makeArtist('Middle', 370),
      makeArtist('Small B', 10),
      makeArtist('Small C', 10),
    ];
    // Act
    const slices = buildPieSlices(artists);
    // Assess
    expect(slices.map((slice) => [slice.label, slice.cents, slice.artistCount])).toEqual([
      ['Big', 600, 1],
      ['Middle', 370, 1],
      ['3 other artists', 30, 3],
    ]);
    expect(slices.reduce((sum, slice) => sum + slice.share, 0)).toBeCloseTo(1, 12);
    expect(slices[2]?.key).toBe('others');
  });

  it(`draws at most ${sliceLimits.maxOwnSlices} artists on their own`, () => {
    // Prepare: twelve equal artists, each well over 2%.
    const artists = Array.from({ length: 12 }, (_, index) => makeArtist(`Artist ${index + 1}`, 100));
    // Act
    const slices = buildPieSlices(artists);
    // Assess
    expect(slices).toHaveLength(sliceLimits.maxOwnSlices + 1);
    expect(slices.at(-1)?.label).toBe('4 other artists');
  });

  it('keeps one small artist under its own name rather than a group of one', () => {
    // Act
    const slices = buildPieSlices([makeArtist('Big', 990), makeArtist('Tiny', 10, null)]);
    // Assess
    expect(slices.map((slice) => [slice.key, slice.label])).toEqual([
      ['id:big', 'Big'],
      ['name:Tiny', 'Tiny'],
    ]);
  });

  it('draws a single artist as a full disc and nothing for a pie without cents or shares', () => {
    // Act
    const whole = buildPieSlices([makeArtist('Only', 941)]);
    const none = buildPieSlices([{ ...makeArtist('Nobody', 0), percentage: 0 }]);
    // Assess
    expect(whole).toHaveLength(1);
    expect(whole[0]?.share).toBe(1);
    expect(whole[0]?.path.match(/ A /g)).toHaveLength(2);
    expect(none).toEqual([]);
  });

  it('starts at twelve o’clock and ends each wedge where the next one starts', () => {
    // Act
    const slices = buildPieSlices([
      makeArtist('Half', 500),
      makeArtist('Quarter A', 250),
      makeArtist('Quarter B', 250),
    ]);
    // Assess: half a turn clockwise from the top ends at the bottom, three quarters at the left.
    expect(slices[0]?.path.startsWith('M 100 100 L 100.000 4.000')).toBe(true);
    expect(readArcEnd(slices[0]?.path ?? '')).toEqual([100, 196]);
    expect(readArcEnd(slices[1]?.path ?? '')).toEqual([4, 100]);
    expect(readArcEnd(slices[2]?.path ?? '')).toEqual([100, 4]);
  });

  it('sizes by percentage when no cents are known yet', () => {
    // Act
    const slices = buildPieSlices([
      { artist_id: 'a', artist_name: 'A', cents: 0, percentage: 75 },
      { artist_id: 'b', artist_name: 'B', cents: 0, percentage: 25 },
    ]);
    // Assess
    expect(slices.map((slice) => slice.share)).toEqual([0.75, 0.25]);
  });
});
