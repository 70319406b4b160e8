// The artist area's settings screen (SPEC §2 /for-artists/settings): the artist-side user's connected Google account,
// account deletion, and what is still to come for the rest of their own account.
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';
import { ConnectedAccounts } from './connected-accounts';
import { DeleteAccountSection } from './delete-account-section';

export const artistSettingsText = {
  title: 'Settings',
  soonTitle: 'Also in your settings',
  soonItems: ['Your name, phone number and country'],
} as const;

export interface ArtistSettingsProps {
  /** The signed-in artist-side user as GET /api/for-artists/user describes them. */
  account: unknown;
}

export function ArtistSettings({ account }: ArtistSettingsProps) {
  useDocumentTitle('Settings · OpenPie for Artists');
  return (
    <div className="reading-screen settings-screen">
      <h1 className="settings-screen__title">{artistSettingsText.title}</h1>
      <ConnectedAccounts area="artist" account={account} />
      <section className="coming-soon__panel settings-screen__soon" aria-labelledby="artist-settings-soon">
        <p className="badge badge--soon">Coming soon</p>
        <h2 id="artist-settings-soon" className="coming-soon__subtitle">
          {artistSettingsText.soonTitle}
        </h2>
        <ul className="coming-soon__list">
          {artistSettingsText.soonItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <DeleteAccountSection area="artist" />
    </div>
  );
}
