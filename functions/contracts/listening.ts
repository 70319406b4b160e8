// History import: the records of a fan's Spotify data export, exactly as the export has them.
import * as z from 'zod/mini';
import { isRealUtcDateTime, utcDaysBetween } from './utc-dates';

/** At most this many raw records per import request. */
export const importBatchLimit = 5000;

/** The longest span `GET /tracks/user/daily` answers for, in days (both ends included). */
export const maximumDailySpanDays = 400;

const accountDataTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The longest name (track, artist, album, show) a record may carry; the exports' own are far shorter. */
export const importNameMaxLength = 1000;
/** The longest Spotify URI a record may carry (`spotify:track:` and a 22-character id is 36). */
export const importUriMaxLength = 200;

// Bounded, so one record can never make an item past DynamoDB's 400 KB.
const importName = () => z.nullish(z.string().check(z.maxLength(importNameMaxLength)));
const importUri = () => z.nullish(z.string().check(z.maxLength(importUriMaxLength)));

/** `StreamingHistory*.json` of Spotify's "Account data" export. */
export const accountDataRecordSchema = z.object({
  /** `YYYY-MM-DD HH:MM`, UTC. */
  endTime: z.string().check(
    z.maxLength(16, { error: 'endTime must look like 2024-01-31 23:59', abort: true }),
    z.regex(accountDataTime, 'endTime must look like 2024-01-31 23:59'),
    // Only a well-formed time can be impossible; a malformed one has its message above.
    z.refine((text) => {
      const [date = '', time] = text.split(' ');
      return !accountDataTime.test(text) || isRealUtcDateTime(date, time);
    }, 'endTime must be a real date and time, like 2024-01-31 23:59'),
  ),
  artistName: importName(),
  trackName: importName(),
  msPlayed: z.number().check(z.int(), z.nonnegative()),
});
export type AccountDataRecord = z.infer<typeof accountDataRecordSchema>;

/** `Streaming_History_Audio_*.json` of Spotify's "Extended streaming history" export (unknown fields allowed). */
export const extendedRecordSchema = z.object({
  ts: z.iso.datetime({ offset: true }).check(z.maxLength(64)),
  ms_played: z.number().check(z.int(), z.nonnegative()),
  master_metadata_track_name: importName(),
  master_metadata_album_artist_name: importName(),
  master_metadata_album_album_name: importName(),
  spotify_track_uri: importUri(),
  episode_name: importName(),
  episode_show_name: importName(),
  spotify_episode_uri: importUri(),
  audiobook_title: importName(),
  audiobook_uri: importUri(),
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
  /** New plays stored. */
  imported: z.number(),
  /** Plays already stored (the same file sent again). */
  duplicates: z.number(),
  /** Podcasts, audiobooks, rows without an artist or track, plays under 30 s. */
  ignored: z.number(),
  /** Plays older than the 13-month retention: not kept. */
  tooOld: z.number(),
  /** Impossible plays: ending in the future, longer than 3 hours, or past 24 hours of listening in their UTC day. */
  refused: z.number(),
  /** The request's records gone through, from its first: the counts above are of these, every one stored. */
  processedRecords: z.number(),
  /**
   * Where to go on: the index (in this request) of the first record not looked at, when the server's time for one
   * request ran out; send the records from there again. Null when every record was gone through.
   */
  nextRecord: z.nullable(z.number()),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;

const isoDate = z.string().check(
  z.maxLength(10, { error: 'Use a date like 2026-11-21', abort: true }),
  z.regex(isoDatePattern, 'Use a date like 2026-11-21'),
  z.refine(
    (text) => !isoDatePattern.test(text) || isRealUtcDateTime(text),
    'Use a real date, like 2026-11-21',
  ),
);

const daySpanOf = (startDate: string, endDate: string) => utcDaysBetween(startDate, endDate) + 1;

/** `GET /tracks/user/daily`: inclusive UTC dates, at most 400 days from the first to the last. */
export const dailyListeningQuerySchema = z.object({ startDate: isoDate, endDate: isoDate }).check(
  z.refine((query) => query.startDate <= query.endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  }),
  // A span of unreadable dates is NaN: their own messages say what is wrong.
  z.refine((query) => !(daySpanOf(query.startDate, query.endDate) > maximumDailySpanDays), {
    message: `Ask for at most ${maximumDailySpanDays} days at a time`,
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
