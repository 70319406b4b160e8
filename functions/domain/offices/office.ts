// An office: a team acting for artists, with a name of 2 to 100 characters (trimmed, no link) and a type, Artist
// or Label. The contracts refuse bad names at the edge; these rules hold for names the product makes itself too.
import type { officeTypes } from '../../contracts/offices';
import { containsLink, officeNameLinkMessage } from '../../contracts/public-names';
import { AppError } from '../errors';

export type OfficeType = (typeof officeTypes)[number];

export const officeNameLength = { min: 2, max: 100 } as const;

/**
 * Room for an office's member items and their per-user index items beside the office item in one TransactWriteItems
 * (100 items), so deleting an office removes everything of it at once.
 */
export const maxOfficeMembers = 49;

/** The name as stored: trimmed, 2 to 100 characters, no link (decision 044), else a 422 on `name`. */
export function normaliseOfficeName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < officeNameLength.min) {
    throw new AppError('validation_failed', undefined, { fields: { name: 'Use at least 2 characters' } });
  }
  if (trimmed.length > officeNameLength.max) {
    throw new AppError('validation_failed', undefined, { fields: { name: 'Use at most 100 characters' } });
  }
  if (containsLink(trimmed)) {
    throw new AppError('validation_failed', undefined, { fields: { name: officeNameLinkMessage } });
  }
  return trimmed;
}

/**
 * The office a new artist-side user starts with: named after them, or "My office" while their name is unknown (or
 * holds a link, which an office name may not).
 */
export function personalOfficeName(firstName: string | null, lastName: string | null): string {
  const person = [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(' ');
  const named = `${person}'s office`;
  if (person.length === 0 || named.length > officeNameLength.max || containsLink(named)) return 'My office';
  return named;
}
