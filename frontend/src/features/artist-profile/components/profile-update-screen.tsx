// /for-artists/profile/update (SPEC §5's complete-profile rule): the artist-side user's first
// name, last name, phone number and country, all four required, saved through PATCH /api/for-artists/user/profile.
// The session is read again after saving, so the area sees the profile as it now is.
import { Link, useRevalidator } from 'react-router-dom';
import type { ArtistUser } from '@contracts/auth';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form/form-alert';
import { ProfileFields, useProfileForm } from '../../../components/form/profile-fields';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useState } from 'react';
import { updateProfile } from '../api/update-profile';
import '../../../components/office-page.css';
import '../artist-profile.css';

export const profileUpdateText = {
  title: 'Your profile',
  lead: 'A complete profile has your first name, last name, phone number and country. We need them to identify you and to pay your office out.',
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number',
  country: 'Country',
  save: 'Save profile',
  saving: 'Saving...',
  saved: 'Your profile is saved.',
  failed: 'We could not save your profile. Please try again.',
  incomplete: 'Your profile is not complete yet: fill in every field to claim artists and receive payouts.',
  back: 'Back to settings',
} as const;

export interface ProfileUpdateScreenProps {
  account: Partial<
    Pick<ArtistUser, 'first_name' | 'last_name' | 'phone_number' | 'country' | 'profile_complete'>
  >;
}

export function ProfileUpdateScreen({ account }: ProfileUpdateScreenProps) {
  useDocumentTitle('Your profile · OpenPie for Artists');
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(false);
  const form = useProfileForm(account, profileUpdateText.failed);
  const { submitWith, failure, formState } = form;

  const submit = submitWith(async (payload) => {
    setSaved(false);
    try {
      await updateProfile(payload);
    } catch (error) {
      // SPEC §8: failures in the artist area are logged; the form says what went wrong.
      console.error('Saving the profile failed', error);
      throw error;
    }
    setSaved(true);
    void revalidator.revalidate();
  });

  return (
    <div className="reading-screen artist-profile">
      <header>
        <h1 className="office-page__title">{profileUpdateText.title}</h1>
        <p className="office-page__lead">{profileUpdateText.lead}</p>
      </header>
      <form className="office-page__panel" onSubmit={(event) => void submit(event)} noValidate>
        {account.profile_complete === false && !saved ? (
          <FormAlert tone="error">{profileUpdateText.incomplete}</FormAlert>
        ) : null}
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        {saved ? <FormAlert tone="success">{profileUpdateText.saved}</FormAlert> : null}
        <ProfileFields form={form} labels={profileUpdateText} />
        <div className="artist-profile__actions">
          <BusyButton
            busy={formState.isSubmitting}
            label={profileUpdateText.save}
            busyLabel={profileUpdateText.saving}
          />
          <Link className="button button--secondary" to={paths.artist.settings()}>
            {profileUpdateText.back}
          </Link>
        </div>
      </form>
    </div>
  );
}
