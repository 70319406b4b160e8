// The artist area under /for-artists (SPEC §2): its layout, its open landing page, and the screens behind the
// artist-only guard that later issues fill in. This chunk loads the first time an artist route is visited.
import { Link, Outlet, useLocation } from 'react-router-dom';
import { GenericErrorScreen } from '../../../components/error-screen';
import { PieMark } from '../../../components/pie-mark';
import { SiteFooter } from '../../../components/site-footer';
import { ArtistSettings } from '../../../features/auth/components/artist-settings';
import { LogoutButton } from '../../../features/auth/components/logout-button';
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
import { paths, socialVerificationPlatforms } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAreaSession, useSignedInSession } from '../../guards';
import { AreaHeader, type AreaAction, type AreaNavItem } from '../../layout/area-header';
import { RouterLink } from '../../layout/router-link';

const signedInItems: readonly AreaNavItem[] = [
  { to: paths.artist.artists(), label: 'Artists' },
  { to: paths.artist.funds(), label: 'Funds' },
  { to: paths.artist.team(), label: 'Team' },
  { to: paths.artist.giveBack(), label: 'Give back' },
  { to: paths.artist.settings(), label: 'Settings' },
];

const openItems: readonly AreaNavItem[] = [
  { to: paths.artist.home(), label: 'How it works', end: true },
  { to: paths.home(), label: 'For fans' },
];

const openActions: readonly AreaAction[] = [
  { to: paths.artist.login(), label: 'Log in', variant: 'secondary' },
  { to: paths.artist.register(), label: 'Create an account', variant: 'primary' },
];

export function ArtistLayout() {
  const session = useAreaSession('artist');
  return (
    <div className="area area--artist">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AreaHeader
        brandSuffix="for Artists"
        navLabel="OpenPie for Artists"
        items={session ? signedInItems : openItems}
        actions={session ? [] : openActions}
        accountControl={session ? <LogoutButton role="artist" /> : null}
      />
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        linkAs={RouterLink}
        tagline="Claim your artist profile and receive what your fans set aside."
      />
    </div>
  );
}

// ── Open screens ───────────────────────────────────────────────────────────────

export function ArtistLandingScreen() {
  useDocumentTitle('OpenPie for Artists: claim your profile and get paid by your fans');
  return (
    <div className="artist-landing">
      <section className="hero hero--compact" aria-labelledby="artist-hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">OpenPie for Artists</p>
            <h1 id="artist-hero-title" className="hero__title">
              Your fans may already be saving a slice for you.
            </h1>
            <p className="hero__lead">
              Fans on OpenPie fund a monthly pie that is split among the artists they really listen to,
              whether or not those artists have joined. Claim your profile to receive what is held for you,
              and everything that comes next.
            </p>
            <div className="cta-row">
              <Link className="button button--primary button--large" to={paths.artist.register()}>
                Create an artist account
              </Link>
              <Link className="button button--secondary button--large" to={paths.artist.login()}>
                Log in
              </Link>
            </div>
          </div>
          <PieMark className="hero__pie artist-landing__mark" />
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="artist-steps-title">
        <div className="container">
          <h2 id="artist-steps-title" className="section__title">
            From claim to payout
          </h2>
          <ol className="steps">
            <li className="step">
              <h3 className="step__title">Find your profile</h3>
              <p>Search for your artist profile as fans see it on their streaming service.</p>
            </li>
            <li className="step">
              <h3 className="step__title">Claim it</h3>
              <p>
                Accept the terms, the waiver and the funds terms that come with receiving money through
                OpenPie.
              </p>
            </li>
            <li className="step">
              <h3 className="step__title">Verify with a link in your bio</h3>
              <p>
                Place the link we give you in the bio of your X, YouTube, Facebook or Instagram account, so we
                know the claim really comes from you.
              </p>
            </li>
            <li className="step">
              <h3 className="step__title">Get paid through Stripe Connect</h3>
              <p>
                Once verified, what fans set aside for you moves to your office. Request a payout to your bank
                through Stripe whenever you choose.
              </p>
            </li>
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="artist-teams-title">
        <div className="container audience">
          <div className="audience__intro">
            <h2 id="artist-teams-title" className="section__title">
              Built for artists and the people who work with them
            </h2>
            <p>
              An office is the team behind one or more artists: the artist, a manager, a label. Everyone signs
              in with their own account.
            </p>
          </div>
          <ul className="feature-list">
            <li>
              <h3>Invite your team</h3>
              <p>Add members by e-mail and give each one the artists they look after.</p>
            </li>
            <li>
              <h3>See every cent</h3>
              <p>Your balance, every credit from fans&rsquo; pies, and every payout, in one place.</p>
            </li>
            <li>
              <h3>Do not wait too long</h3>
              <p>
                Money held for an artist nobody claims goes back to the fans who gave it after a set time, as
                credit for their next pie.
              </p>
            </li>
          </ul>
        </div>
      </section>
    </div>
  );
}

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
