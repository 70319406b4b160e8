// Sends the planned chunks one after another and adds up the server's answers. A refused chunk stops the import:
// the chunks after it would most likely be refused for the same reason (an expired session, a file the server reads
// differently), and since the server counts a play it already has as a duplicate, sending the same files again later
// is safe.
import type { HistoryImportResult } from '../../../../../functions/contracts/listening';

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
  /** Records the server has answered for. */
  sentRecords: number;
  totalRecords: number;
  /** Chunks answered, and all of them. */
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
    if (signal.aborted) return { kind: 'cancelled', progress };
    try {
      const result = await send(chunk, signal);
      progress = {
        ...progress,
        sentRecords: progress.sentRecords + chunk.records.length,
        sentChunks: progress.sentChunks + 1,
        totals: addTotals(progress.totals, result),
      };
      onProgress?.(progress);
    } catch (error) {
      if (signal.aborted) return { kind: 'cancelled', progress };
      return { kind: 'refused', progress, message: describeFailure(error) };
    }
  }
  return { kind: 'done', progress };
}
