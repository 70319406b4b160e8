// History import (issue #5): the records of a fan's Spotify data export, exactly as the export has them.
import * as z from 'zod/mini';

/** At most this many raw records per import request. */
export const importBatchLimit = 5000;

/** `StreamingHistory*.json` of Spotify's "Account data" export. */
export const accountDataRecordSchema = z.object({
  /** `YYYY-MM-DD HH:MM`, UTC. */
  endTime: z
    .string()
    .check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'endTime must look like 2024-01-31 23:59')),
  artistName: z.nullish(z.string()),
  trackName: z.nullish(z.string()),
  msPlayed: z.number().check(z.int(), z.nonnegative()),
});
export type AccountDataRecord = z.infer<typeof accountDataRecordSchema>;

/** `Streaming_History_Audio_*.json` of Spotify's "Extended streaming history" export (unknown fields allowed). */
export const extendedRecordSchema = z.object({
  ts: z.iso.datetime({ offset: true }),
  ms_played: z.number().check(z.int(), z.nonnegative()),
  master_metadata_track_name: z.nullish(z.string()),
  master_metadata_album_artist_name: z.nullish(z.string()),
  master_metadata_album_album_name: z.nullish(z.string()),
  spotify_track_uri: z.nullish(z.string()),
  episode_name: z.nullish(z.string()),
  episode_show_name: z.nullish(z.string()),
  spotify_episode_uri: z.nullish(z.string()),
  audiobook_title: z.nullish(z.string()),
  audiobook_uri: z.nullish(z.string()),
});
export type ExtendedRecord = z.infer<typeof extendedRecordSchema>;

const batch = <T extends z.ZodMiniType>(record: T) =>
  z
    .array(record)
    .check(
      z.minLength(1, 'Send at least one record'),
      z.maxLength(importBatchLimit, `Send at most ${importBatchLimit} records per request`),
    );

export const historyImportSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('spotify-account-data'), records: batch(accountDataRecordSchema) }),
  z.object({ source: z.literal('spotify-extended'), records: batch(extendedRecordSchema) }),
]);
export type HistoryImport = z.infer<typeof historyImportSchema>;

export const historyImportResultSchema = z.object({
  imported: z.number(),
  duplicates: z.number(),
  ignored: z.number(),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21'));

/** `GET /tracks/user/daily`: inclusive UTC dates, at most about a year apart. */
export const dailyListeningQuerySchema = z.object({ startDate: isoDate, endDate: isoDate }).check(
  z.refine((query) => query.startDate <= query.endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  }),
);

export const dailyListeningSchema = z.array(
  z.object({
    date: z.string(),
    plays: z.number(),
    msPlayed: z.number(),
    artists: z.array(
      z.object({
        artistId: z.optional(z.string()),
        artistName: z.string(),
        plays: z.number(),
        msPlayed: z.number(),
      }),
    ),
  }),
);
export type DailyListeningReply = z.infer<typeof dailyListeningSchema>;
