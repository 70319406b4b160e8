// POST /api/tracks/user/import: one chunk of a Spotify data export; answers how many plays were new, already there,
// or not counted.
import type { HistoryImport, HistoryImportResult } from '@contracts/listening';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The records were checked with the format's schema when the file was read; the server checks them again. */
export interface ImportRequest {
  source: HistoryImport['source'];
  records: readonly object[];
}

export function importHistoryChunk(
  request: ImportRequest,
  signal: AbortSignal,
): Promise<HistoryImportResult> {
  return apiClient.post<HistoryImportResult>(
    apiPath('POST /api/tracks/user/import'),
    { source: request.source, records: request.records },
    { signal },
  );
}
