import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  artistSchema,
  recentlyPlayedSchema,
  severalArtistsSchema,
  topArtistsSchema,
  topTracksSchema,
} from '../../functions/integrations/spotify/schemas';

// Raw replies captured from the real Spotify Web API (../shared/thirdparty/SOURCES.md), read as they are.
const responses = join(process.cwd(), '..', 'shared', 'thirdparty', 'spotify', 'responses');
const readReply = (name: string): unknown =>
  JSON.parse(readFileSync(join(responses, `${name}.json`), 'utf8'));

const deprecated = new Set(['popularity', 'followers', 'genres']);

/** A copy of a reply with every deprecated artist field removed, wherever it appears. */
function withoutDeprecatedFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDeprecatedFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !deprecated.has(key))
        .map(([key, inner]) => [key, withoutDeprecatedFields(inner)]),
    );
  }
  return value;
}

const cases: [string, z.ZodMiniType][] = [
  ['player_recently_played', recentlyPlayedSchema],
  ['current_users_top_artists', topArtistsSchema],
  ['current_users_top_tracks', topTracksSchema],
  ['find_artist', artistSchema],
  ['related_artists', severalArtistsSchema],
];

describe('Spotify reply schemas', () => {
  it.each(cases)('parse the captured %s reply', (name, schema) => {
    const result = schema.safeParse(readReply(name));
    expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
  });

  it.each(cases)('parse %s with the deprecated fields removed', (name, schema) => {
    const result = schema.safeParse(withoutDeprecatedFields(readReply(name)));
    expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
  });

  it('read plays with their time, track length and every artist of the track', () => {
    // Act
    const reply = recentlyPlayedSchema.parse(readReply('player_recently_played'));
    // Assess
    expect(reply.items).toHaveLength(20);
    const artistIds = new Set(reply.items.flatMap((item) => item.track.artists.map((artist) => artist.id)));
    expect(artistIds.size).toBe(12);
    expect(reply.items[0]).toMatchObject({
      played_at: '2017-05-27T20:07:54.721Z',
      track: { id: '1Cj2vqUwlJVG27gJrun92y', duration_ms: 248466, name: 'The Sound Of Silence' },
    });
    expect(reply.cursors?.after).toBe('1495915674720');
  });

  it('refuse a reply that lacks what the sync needs', () => {
    const broken = { items: [{ played_at: 'yesterday', track: { id: 't', name: 'x', artists: [] } }] };
    expect(recentlyPlayedSchema.safeParse(broken).success).toBe(false);
  });
});
