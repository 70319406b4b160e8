// SPEC §5: an artist-side profile is complete only when first name, last name, phone number and country are all set.

export interface ArtistProfileFields {
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  country: string | null;
}

function isSet(value: string | null): boolean {
  return value !== null && value.trim().length > 0;
}

export function isProfileComplete(profile: ArtistProfileFields): boolean {
  return (
    isSet(profile.firstName) &&
    isSet(profile.lastName) &&
    isSet(profile.phoneNumber) &&
    isSet(profile.country)
  );
}
