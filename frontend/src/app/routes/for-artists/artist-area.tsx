// The artist area under /for-artists (SPEC §2): its layout, its open landing page, and the screens behind the
// artist-only guard that later issues fill in. This chunk loads the first time an artist route is visited.
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ComingSoon } from '../../../components/coming-soon';
import { GenericErrorScreen } from '../../../components/error-screen';
import { PieMark } from '../../../components/pie-mark';
import { SiteFooter } from '../../../components/site-footer';
import { ArtistSettings } from '../../../features/auth/components/artist-settings';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import {
  ArtistsScreen as OfficeClaimsScreen,
  ClaimScreen as ClaimDetailScreen,
} from '../../../features/claims';
import { FundsScreen as OfficeFundsScreen } from '../../../features/funds';
import { paths } from '../../../lib/paths';
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
  return (
    <ComingSoon
      title="Join an office"
      summary="When an office invites you by e-mail, the link leads here. Accepting invitations is being built."
      plannedItems={[
        'Which office invited you, and as what role',
        'Accept the invitation with your artist account, or create one first',
        'A clear message if the invitation has expired, with a way to ask for a new one',
      ]}
    />
  );
}

export function ArtistErrorScreen() {
  return <GenericErrorScreen embedded />;
}

// ── Screens behind the artist-only guard ───────────────────────────────────────

export function ArtistsScreen() {
  return <OfficeClaimsScreen />;
}

export function ArtistDetailScreen() {
  return (
    <ComingSoon
      title="Artist"
      summary="One of your claimed artists in detail."
      plannedItems={[
        'What fans have set aside for this artist, and what has been released to your office',
        'Which team members look after this artist',
        'Remove the artist from your office',
      ]}
    />
  );
}

export function ClaimScreen() {
  return <ClaimDetailScreen />;
}

export function FundsScreen() {
  return <OfficeFundsScreen />;
}

export function PayoutScreen() {
  return (
    <ComingSoon
      title="Payout"
      summary="One payout to your bank account."
      plannedItems={['The amount, its status and when it arrives', 'The transfers it is made of']}
    />
  );
}

export function TransactionScreen() {
  return (
    <ComingSoon
      title="Transaction"
      summary="One movement of money in your office's account."
      plannedItems={['What it was for, its amount and date', 'The claim and artist it belongs to']}
    />
  );
}

export function TeamScreen() {
  return (
    <ComingSoon
      title="Team"
      summary="The members of your office and what each one may do."
      plannedItems={[
        'Members with their roles',
        'Invite a member by e-mail, or send an invitation again',
        'Change a role or remove a member',
      ]}
    />
  );
}

export function TeamMemberScreen() {
  return (
    <ComingSoon
      title="Team member"
      summary="One member of your office."
      plannedItems={['Their role, and changing it', 'The artists assigned to them, and assigning more']}
    />
  );
}

export function GiveBackScreen() {
  return (
    <ComingSoon
      title="Give back"
      summary="Ways for your office to give something back to the fans who support your artists."
      plannedItems={['The options open to your office', 'What you have given back so far']}
    />
  );
}

export function ArtistSettingsScreen() {
  const session = useSignedInSession('artist');
  return <ArtistSettings account={session?.account} />;
}

export function ProfileUpdateScreen() {
  return (
    <ComingSoon
      title="Complete your profile"
      summary="A profile is complete once it has your first name, last name, phone number and country."
      plannedItems={['A short form for the missing details', 'Then on to claiming your artists']}
    />
  );
}

export function OfficeSettingsScreen() {
  return (
    <ComingSoon
      title="Office settings"
      summary="The office your team works in."
      plannedItems={["The office's name and type", 'Its connection to Stripe', 'Delete the office']}
    />
  );
}

const platformNames: Readonly<Record<string, string>> = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The result page of a bio verification; the platform and the result come from the path. */
export function SocialVerificationScreen() {
  const { pathname } = useLocation();
  const [result, platform] = pathname.split('/').reverse();
  const platformName = platformNames[platform ?? ''] ?? 'social';
  const succeeded = result === 'success';
  return (
    <ComingSoon
      title={succeeded ? `${platformName} verification succeeded` : `${platformName} verification failed`}
      summary={
        succeeded
          ? `After you verify a claim through your ${platformName} bio, you land here when the link was found.`
          : `After you verify a claim through your ${platformName} bio, you land here when the link could not be found.`
      }
      plannedItems={
        succeeded
          ? ['Which claim is now verified', 'What happens to the money held for the artist']
          : ['What went wrong', 'How to fix your bio and try again']
      }
      actions={
        <Link className="button button--secondary" to={paths.artist.artists()}>
          Your artists
        </Link>
      }
    />
  );
}
