// The profile on the artist settings screen: the four fields of SPEC §5's complete profile and the way to change them.
import { Link } from 'react-router-dom';
import type { ArtistUser } from '@contracts/auth';
import { SettingsPanel } from '../../../components/settings-panel';
import { paths } from '../../../lib/paths';
import '../artist-profile.css';

export const profileSummaryText = {
  title: 'Your profile',
  name: 'Name',
  phone: 'Phone number',
  country: 'Country',
  missing: 'Not given',
  edit: 'Edit your profile',
} as const;

type ProfileFields = Partial<Pick<ArtistUser, 'first_name' | 'last_name' | 'phone_number' | 'country'>>;

export function ProfileSummarySection({ account }: { account: ProfileFields }) {
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  const rows: [string, string | null | undefined][] = [
    [profileSummaryText.name, name || null],
    [profileSummaryText.phone, account.phone_number],
    [profileSummaryText.country, account.country],
  ];
  return (
    <SettingsPanel
      titleId="artist-profile-summary-title"
      title={profileSummaryText.title}
      className="artist-profile__summary"
    >
      <dl className="artist-profile__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? profileSummaryText.missing}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Link className="button button--secondary" to={paths.artist.profileUpdate()}>
          {profileSummaryText.edit}
        </Link>
      </div>
    </SettingsPanel>
  );
}
