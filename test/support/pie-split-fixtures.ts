// Replies of the pie split calls (functions/contracts/pie.ts) for the screens' tests: a realtime-stats preview built
// from a few artists, and a pie detail with or without its receipt. Cents are given by the test, as the server's
// split would compute them; the fixture only fills the shape.
import type { PieDetail, PieReceiptFacts, RealtimeStats } from '../../functions/contracts/pie';

type Reason = RealtimeStats['excludedArtists'][number]['reasons'][number];

export interface FixtureArtist {
  id: string | null;
  name: string;
  ms: number;
  tracks?: number;
  popularity?: number | null;
  /** Present for an included artist. */
  cents?: number;
  /** For an excluded artist; `under_one_cent` unless told. */
  reasons?: Reason[];
  banned?: boolean;
  /** true: kept in by the fan (manual_inclusion_status). */
  included?: boolean;
}

export function makeStats(
  artists: readonly FixtureArtist[],
  overrides: Partial<Omit<RealtimeStats, 'includedArtists' | 'excludedArtists' | 'allArtists'>> = {},
): RealtimeStats {
  const netCents = overrides.netCents ?? 941;
  const fieldsOf = (artist: FixtureArtist) => ({
    artist_id: artist.id,
    artist_name: artist.name,
    total_time_listened: artist.ms,
    total_tracks_listened: artist.tracks ?? Math.max(1, Math.round(artist.ms / 200_000)),
    popularity: artist.popularity ?? null,
    manual_inclusion_status: artist.included === true,
    is_banned: artist.banned ?? false,
    weight: artist.ms,
  });
  const included = artists.flatMap((artist) =>
    artist.cents === undefined
      ? []
      : [{ ...fieldsOf(artist), percentage: (artist.cents / netCents) * 100, cents: artist.cents }],
  );
  const excluded = artists.flatMap((artist) =>
    artist.cents === undefined
      ? [{ ...fieldsOf(artist), percentage: 0, reasons: artist.reasons ?? ['under_one_cent' as const] }]
      : [],
  );
  return {
    pieId: `pie_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`,
    periodStart: '2026-11-24T10:00:00.000Z',
    periodEnd: '2026-12-24T10:00:00.000Z',
    amountCents: 1000,
    feesCents: { processing: 59, platform: 0 },
    netCents,
    stats: {
      count_tracks: artists.reduce((sum, artist) => sum + fieldsOf(artist).total_tracks_listened, 0),
      count_artists: artists.length,
      total_time_listened: artists.reduce((sum, artist) => sum + artist.ms, 0),
    },
    ...overrides,
    includedArtists: included,
    excludedArtists: excluded,
    allArtists: [...included, ...excluded].sort((a, b) => b.total_time_listened - a.total_time_listened),
  };
}

export function makeDetail(
  stats: RealtimeStats,
  receipt: PieReceiptFacts | null,
  status: PieDetail['status'] = receipt ? 'split' : 'active',
): PieDetail {
  return { ...stats, status, receipt };
}
