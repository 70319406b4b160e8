// pie/settings' form state: the three settings as the fan moves them, the artist limit also as typed text, and what
// to send when saving (only what changed).
import type { PieWhatIf } from '../api/get-realtime-stats';
import type { PieSettingsUpdate } from '../api/update-pie-settings';

export interface PieSettings {
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
}

export interface SettingsDraft extends PieSettings {
  /** The number field's text; `artistLimit` keeps the last valid value while it is not a number. */
  limitText: string;
}

export function startDraft(settings: PieSettings): SettingsDraft {
  return { ...settings, limitText: String(settings.artistLimit) };
}

export function toWhatIf(settings: PieSettings): PieWhatIf {
  return {
    limit: settings.artistLimit,
    artistPopularity: settings.artistPopularity,
    excludeNonActive: settings.excludeNonActive,
  };
}

export function isSameWhatIf(a: PieWhatIf, b: PieWhatIf): boolean {
  return (
    a.limit === b.limit &&
    a.artistPopularity === b.artistPopularity &&
    a.excludeNonActive === b.excludeNonActive
  );
}

/** The fields that differ from the saved settings; empty when nothing changed. */
export function diffSettings(saved: PieSettings, draft: PieSettings): PieSettingsUpdate {
  const update: PieSettingsUpdate = {};
  if (draft.artistLimit !== saved.artistLimit) update.artistLimit = draft.artistLimit;
  if (draft.artistPopularity !== saved.artistPopularity) update.artistPopularity = draft.artistPopularity;
  if (draft.excludeNonActive !== saved.excludeNonActive) update.excludeNonActive = draft.excludeNonActive;
  return update;
}

/** `0` → "No limit", `25` → "25 artists". */
export function describeArtistLimit(limit: number): string {
  if (limit === 0) return 'No limit';
  return `${limit} ${limit === 1 ? 'artist' : 'artists'}`;
}
