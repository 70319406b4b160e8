// The artist area under /for-artists (SPEC §2): the screens behind the artist-only guard and the open screens but the
// landing page (its layout is artist-layout.tsx, the landing page artist-landing-screen.tsx). This chunk loads the
// first time one of those screens is visited.
import { useLocation } from 'react-router-dom';
import { GenericErrorScreen } from '../../../components/error-screen';
import { ArtistSettings } from '../../../features/auth/components/artist-settings';
import {
  ArtistsScreen as OfficeClaimsScreen,
  ClaimScreen as ClaimDetailScreen,
} from '../../../features/claims';
import { ArtistDetailScreen as ArtistDetail } from '../../../features/artist-detail';
import {
  ProfileSummarySection,
  ProfileUpdateScreen as ArtistProfileUpdate,
  type ProfileUpdateScreenProps,
} from '../../../features/artist-profile';
import {
  FundsScreen as OfficeFundsScreen,
  PayoutDetailScreen,
  TransactionDetailScreen,
} from '../../../features/funds';
import { GiveBackScreen as OfficeGiveBack } from '../../../features/give-back';
import { StatementsSection } from '../../../features/statements';
import { ClaimVerification, VerificationResultScreen } from '../../../features/verification';
import { OfficeInvitationScreen as OfficeInvitation } from '../../../features/office-invitation';
import { OfficeSettingsScreen as OfficeSettings } from '../../../features/office-settings';
import {
  TeamMemberScreen as OfficeTeamMemberScreen,
  TeamScreen as OfficeTeamScreen,
} from '../../../features/team';
import { socialVerificationPlatforms } from '../../../lib/paths';
import { useAreaSession, useSignedInSession } from '../../guards';

// ── Open screens ───────────────────────────────────────────────────────────────

export function OfficeInvitationScreen() {
  const session = useAreaSession('artist');
  return <OfficeInvitation account={session?.account} />;
}

export function ArtistErrorScreen() {
  return <GenericErrorScreen embedded />;
}

// ── Screens behind the artist-only guard ───────────────────────────────────────

export function ArtistsScreen() {
  return <OfficeClaimsScreen />;
}

export function ArtistDetailScreen() {
  return <ArtistDetail />;
}

export function ClaimScreen() {
  return (
    <ClaimDetailScreen
      verification={(detail, isAdmin) => <ClaimVerification claim={detail} isAdmin={isAdmin} />}
    />
  );
}

export function FundsScreen() {
  return <OfficeFundsScreen />;
}

export function PayoutScreen() {
  return <PayoutDetailScreen />;
}

export function TransactionScreen() {
  return <TransactionDetailScreen />;
}

export function TeamScreen() {
  const account = useSignedInSession('artist')?.account as { email?: unknown } | undefined;
  return <OfficeTeamScreen callerEmail={typeof account?.email === 'string' ? account.email : undefined} />;
}

export function TeamMemberScreen() {
  return <OfficeTeamMemberScreen />;
}

export function GiveBackScreen() {
  return <OfficeGiveBack />;
}

export function ArtistSettingsScreen() {
  const session = useSignedInSession('artist');
  return (
    <ArtistSettings account={session?.account}>
      <ProfileSummarySection account={profileFieldsOf(session?.account)} />
      <StatementsSection />
    </ArtistSettings>
  );
}

/** The profile fields of the signed-in artist-side user (GET /api/for-artists/user), whatever else it says. */
function profileFieldsOf(account: unknown): ProfileUpdateScreenProps['account'] {
  if (typeof account !== 'object' || account === null) return {};
  const read = (key: string) => {
    const value = (account as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : null;
  };
  const complete = (account as Record<string, unknown>)['profile_complete'];
  return {
    first_name: read('first_name'),
    last_name: read('last_name'),
    phone_number: read('phone_number'),
    country: read('country'),
    ...(typeof complete === 'boolean' ? { profile_complete: complete } : {}),
  };
}

export function ProfileUpdateScreen() {
  const session = useSignedInSession('artist');
  return <ArtistProfileUpdate account={profileFieldsOf(session?.account)} />;
}

export function OfficeSettingsScreen() {
  return <OfficeSettings />;
}

/** The result page of a bio verification; the platform and the result come from the path. */
export function SocialVerificationScreen() {
  const { pathname } = useLocation();
  const [result, platform] = pathname.split('/').reverse();
  const known = socialVerificationPlatforms.find((name) => name === platform) ?? 'twitter';
  return <VerificationResultScreen platform={known} outcome={result === 'success' ? 'success' : 'failed'} />;
}
