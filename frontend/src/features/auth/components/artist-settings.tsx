// The artist area's settings screen (SPEC §2 /for-artists/settings): the artist-side user's connected Google account,
// account deletion, and the sections app/ joins in (their profile and the office statements).
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';
import { ConnectedAccounts } from './connected-accounts';
import { DeleteAccountSection } from './delete-account-section';

export const artistSettingsText = {
  title: 'Settings',
} as const;

export interface ArtistSettingsProps {
  /** The signed-in artist-side user as GET /api/for-artists/user describes them. */
  account: unknown;
  /** The sections app/ joins in from other features (the profile, statements). */
  children?: ReactNode;
}

export function ArtistSettings({ account, children }: ArtistSettingsProps) {
  useDocumentTitle('Settings · OpenPie for Artists');
  return (
    <div className="reading-screen settings-screen">
      <h1 className="settings-screen__title">{artistSettingsText.title}</h1>
      <ConnectedAccounts area="artist" account={account} />
      {children}
      <DeleteAccountSection area="artist" />
    </div>
  );
}
