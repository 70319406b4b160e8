// Sends the planned chunks one after another and adds up the server's answers. The server works within a time budget:
// when it answers that it went through only the first records of a chunk, the rest of the chunk is sent again from
// where it says to go on, by itself, and the progress counts every record once. A refused chunk stops the import:
// the chunks after it would most likely be refused for the same reason (an expired session, a file the server reads
// differently), and since the server counts a play it already has as a duplicate, sending the same files again later
// is safe.
import type { HistoryImportResult } from '@contracts/listening';

export interface ImportTotals {
  imported: number;
  duplicates: number;
  ignored: number;
  /** Plays older than the 13-month retention, which the server does not keep. */
  tooOld: number;
  /** Impossible plays the server refused: in the future, over 3 hours, or past 24 hours in one UTC day. */
  refused: number;
}

export interface ImportProgress {
  /** Records the server has gone through (a chunk it finished in several answers counts each record once). */
  sentRecords: number;
  totalRecords: number;
  /** Chunks gone through to their last record, and all of them. */
  sentChunks: number;
  totalChunks: number;
  totals: ImportTotals;
}

export type ImportOutcome =
  | { kind: 'done'; progress: ImportProgress }
  | { kind: 'refused'; progress: ImportProgress; message: string }
  | { kind: 'cancelled'; progress: ImportProgress };

export interface ChunkToSend {
  records: readonly unknown[];
}

export interface RunImportOptions<C extends ChunkToSend> {
  chunks: readonly C[];
  send: (chunk: C, signal: AbortSignal) => Promise<HistoryImportResult>;
  signal: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** The words for the fan when a send fails; the server's message when it gave one. */
  describeFailure: (error: unknown) => string;
}

export const emptyTotals: ImportTotals = { imported: 0, duplicates: 0, ignored: 0, tooOld: 0, refused: 0 };

export function addTotals(a: ImportTotals, b: ImportTotals): ImportTotals {
  return {
    imported: a.imported + b.imported,
    duplicates: a.duplicates + b.duplicates,
    ignored: a.ignored + b.ignored,
    tooOld: a.tooOld + b.tooOld,
    refused: a.refused + b.refused,
  };
}

/**
 * How many of the records sent the server went through: all of them, unless it named where to go on. An answer that
 * goes nowhere (no record, or past the end) is an error rather than a reason to send the same records for ever.
 */
function recordsGoneThrough(result: HistoryImportResult, sent: number): number {
  const next = result.nextRecord ?? sent;
  if (!Number.isInteger(next) || next < 1 || next > sent) {
    throw new Error(`The import answered that it went on from record ${String(next)} of ${sent}.`);
  }
  return next;
}

export async function runImport<C extends ChunkToSend>(options: RunImportOptions<C>): Promise<ImportOutcome> {
  const { chunks, send, signal, onProgress, describeFailure } = options;
  let progress: ImportProgress = {
    sentRecords: 0,
    totalRecords: chunks.reduce((sum, chunk) => sum + chunk.records.length, 0),
    sentChunks: 0,
    totalChunks: chunks.length,
    totals: emptyTotals,
  };
  onProgress?.(progress);
  for (const chunk of chunks) {
    let rest = chunk.records;
    while (rest.length > 0) {
      if (signal.aborted) return { kind: 'cancelled', progress };
      try {
        const result = await send(rest === chunk.records ? chunk : { ...chunk, records: rest }, signal);
        const goneThrough = recordsGoneThrough(result, rest.length);
        rest = rest.slice(goneThrough);
        progress = {
          ...progress,
          sentRecords: progress.sentRecords + goneThrough,
          sentChunks: progress.sentChunks + (rest.length === 0 ? 1 : 0),
          totals: addTotals(progress.totals, result),
        };
        onProgress?.(progress);
      } catch (error) {
        if (signal.aborted) return { kind: 'cancelled', progress };
        return { kind: 'refused', progress, message: describeFailure(error) };
      }
    }
  }
  return { kind: 'done', progress };
}
