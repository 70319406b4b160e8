// The artists' open landing page at /for-artists (SPEC §2): what OpenPie does for an artist, and the way in. A chunk of
// its own, loaded beside the area's layout.
import { Link } from 'react-router-dom';
import { AudienceSection, type AudienceFeature } from '../../../components/audience-section';
import { LandingSection } from '../../../components/landing-section';
import { PieMark } from '../../../components/pie-mark';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

const teamFeatures: readonly AudienceFeature[] = [
  { title: 'Invite your team', text: 'Add members by e-mail and give each one the artists they look after.' },
  {
    title: 'See every cent',
    text: 'Your balance, every credit from fans’ pies, and every payout, in one place.',
  },
  {
    title: 'Do not wait too long',
    text: 'Money held for an artist nobody claims goes back to the fans who gave it after a set time, as credit for their next pie.',
  },
];

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

      <LandingSection titleId="artist-steps-title" title="From claim to payout" muted>
        <ol className="steps">
          <li className="step">
            <h3 className="step__title">Find your profile</h3>
            <p>Search for your artist profile as fans see it on their streaming service.</p>
          </li>
          <li className="step">
            <h3 className="step__title">Claim it</h3>
            <p>
              Accept the terms, the waiver and the funds terms that come with receiving money through OpenPie.
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
      </LandingSection>

      <AudienceSection
        titleId="artist-teams-title"
        title="Built for artists and the people who work with them"
        features={teamFeatures}
      >
        <p>
          An office is the team behind one or more artists: the artist, a manager, a label. Everyone signs in
          with their own account.
        </p>
      </AudienceSection>
    </div>
  );
}
