// The artist catalogue in the table: every artist OpenPie has met (sync, search), so pages and the split can name
// them, and name search works without Scan.
import type { TableRef } from './table';

/** What a sync or a search learns of an artist; absent fields keep what the catalogue already holds. */
export interface CatalogueArtistInput {
  id: string;
  name: string;
  imageUrl?: string;
  popularity?: number;
  followers?: number;
  genres?: readonly string[];
}

/** Access pattern `upsertCatalogueArtists`: adds or refreshes artists (idempotent; claims are never touched). */
export async function upsertCatalogueArtists(
  _table: TableRef,
  _artists: readonly CatalogueArtistInput[],
  _now: Date,
): Promise<void> {
  throw new Error('upsertCatalogueArtists: being built (issue #5)');
}
