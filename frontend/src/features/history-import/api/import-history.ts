// POST /api/tracks/user/import: one chunk of a Spotify data export; answers how many plays were new, already there,
// or not counted.
import type { RouteRequestBody } from '@contracts/api/index';
import type { HistoryImport, HistoryImportResult } from '@contracts/listening';
import { apiClient } from '../../../lib/api-client';

/** The records were checked with the format's schema when the file was read; the server checks them again. */
export interface ImportRequest {
  source: HistoryImport['source'];
  records: readonly object[];
}

/**
 * The body as the contract types it: records of the one format `source` names. The planned chunks do not carry that
 * pairing in their types (export-files.ts keeps one format per chunk), so it is asserted here.
 */
type ImportBody = RouteRequestBody<'POST /api/tracks/user/import'>;

export function importHistoryChunk(
  request: ImportRequest,
  signal: AbortSignal,
): Promise<HistoryImportResult> {
  return apiClient.call('POST /api/tracks/user/import', {
    body: { source: request.source, records: request.records } as ImportBody,
    signal,
  });
}
