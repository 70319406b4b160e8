// The public landing page at `/`: what OpenPie is, how the pie is split, and where fans and artists
// go next. It ships in the first chunk and renders without the router (see main.tsx), so it imports nothing that
// needs the router; its links are plain anchors.
import { useEffect, useState } from 'react';
import { AudienceSection, type AudienceFeature } from '../../../components/audience-section';
import { LandingSection } from '../../../components/landing-section';
import { BrandLink } from '../../../components/brand-link';
import { SiteFooter } from '../../../components/site-footer';
import { formatShare } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { hasSessionHint } from '../../../lib/session-hints';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './landing-page.css';

export const landingTitle = 'OpenPie: your monthly music money, split by what you really play';

interface Slice {
  label: string;
  hours: number;
  color: string;
}

// An illustration of the rule, not data: four artists and the hours a fan might spend with them.
const exampleSlices: readonly Slice[] = [
  { label: 'The artist you play most', hours: 10, color: 'var(--color-slice-1)' },
  { label: 'A second favourite', hours: 5, color: 'var(--color-slice-2)' },
  { label: 'A band you found this month', hours: 3, color: 'var(--color-slice-4)' },
  { label: 'A singer you play now and then', hours: 2, color: 'var(--color-slice-5)' },
];

const fanFeatures: readonly AudienceFeature[] = [
  {
    title: 'You set the amount',
    text: 'Pick your monthly amount: each pie runs 30 days, then it is split and the next one starts.',
  },
  {
    title: 'Tune the split',
    text: 'Cap how many artists share your pie, lean it toward less popular artists, leave out artists who are no longer active, ban an artist or always include one.',
  },
  {
    title: 'See it as it happens',
    text: 'Follow your listening history, your top artists and tracks, and what each slice is worth.',
  },
  {
    title: 'Nothing is lost',
    text: 'A period with no listening, or a slice nobody claimed, stays in your fan wallet for your next pie.',
  },
];

const artistFeatures: readonly AudienceFeature[] = [
  {
    title: 'Claim your profile',
    text: 'Find your artist profile and verify it by placing a link in your bio on a social platform.',
  },
  {
    title: 'Work as a team',
    text: 'An office can have several members, each assigned the artists they look after.',
  },
  {
    title: 'Get paid through Stripe Connect',
    text: 'See your balance, transactions and payouts, and request a payout when you choose.',
  },
];

/** The SVG path of one pie slice between two fractions of a full turn, starting at twelve o'clock. */
function describeSlicePath(start: number, end: number, radius: number, centre: number): string {
  const toPoint = (fraction: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(centre + radius * Math.cos(angle)).toFixed(3)} ${(centre + radius * Math.sin(angle)).toFixed(3)}`;
  };
  const largeArc = end - start > 0.5 ? 1 : 0;
  return `M${centre} ${centre} L${toPoint(start)} A${radius} ${radius} 0 ${largeArc} 1 ${toPoint(end)} Z`;
}

const exampleTotalHours = exampleSlices.reduce((sum, slice) => sum + slice.hours, 0);

function makeExamplePie() {
  return exampleSlices.map((slice, index) => {
    const start = exampleSlices.slice(0, index).reduce((sum, earlier) => sum + earlier.hours, 0);
    const from = start / exampleTotalHours;
    const to = (start + slice.hours) / exampleTotalHours;
    const middle = ((from + to) / 2) * 2 * Math.PI - Math.PI / 2;
    return {
      ...slice,
      share: formatShare(slice.hours / exampleTotalHours),
      path: describeSlicePath(from, to, 86, 100),
      // Where the slice moves when the pie is drawn pulled apart, as in the hero.
      pulled: `translate(${(Math.cos(middle) * 7).toFixed(2)} ${(Math.sin(middle) * 7).toFixed(2)})`,
    };
  });
}

let examplePieMade: ReturnType<typeof makeExamplePie> | null = null;

/**
 * Each example slice with its SVG path, made once, when the landing page first draws it: this module loads on every
 * path (start-app renders `/` without the router), and the shares' percent format was the first Intl number format
 * of the page, some 200 ms of a phone's start on /try (Lighthouse's 4× slower CPU).
 */
function examplePie() {
  return (examplePieMade ??= makeExamplePie());
}

function ExamplePie({ className, pulledApart = false }: { className?: string; pulledApart?: boolean }) {
  return (
    <svg className={className} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      {pulledApart ? null : <circle cx="100" cy="100" r="96" style={{ fill: 'var(--color-crust)' }} />}
      {examplePie().map((slice) => (
        <path
          key={slice.label}
          d={slice.path}
          transform={pulledApart ? slice.pulled : undefined}
          style={{
            fill: slice.color,
            stroke: pulledApart ? 'var(--color-bg)' : 'var(--color-crust)',
            strokeWidth: 3,
            strokeLinejoin: 'round',
          }}
        />
      ))}
    </svg>
  );
}

/**
 * Whether a fan is signed in: asked of the server only when this browser signed in as a fan (lib/session-hints.ts),
 * and with the session module loaded only then, so an anonymous visitor's first load carries none of it.
 */
function useFanSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    if (!hasSessionHint('fan')) return;
    let current = true;
    void import('../../../lib/session')
      .then(({ fetchHintedSession }) => fetchHintedSession('fan'))
      .then(
        (session) => {
          if (current) setSignedIn(session !== null);
        },
        // The session module did not load (a new deploy): the page stays as an anonymous visitor sees it.
        () => {},
      );
    return () => {
      current = false;
    };
  }, []);
  return signedIn;
}

/** The calls to action of a section: sign up or log in, or for a signed-in fan the way back to the dashboard. */
function FanActions({ signedIn, primary }: { signedIn: boolean; primary: string }) {
  if (signedIn) {
    return (
      <div className="cta-row">
        <a className="button button--primary button--large" href={paths.fan.dashboard()}>
          Go to your dashboard
        </a>
      </div>
    );
  }
  return (
    <div className="cta-row">
      <a className="button button--primary button--large" href={paths.fan.register()}>
        {primary}
      </a>
      <a className="button button--secondary button--large" href={paths.fan.login()}>
        Log in
      </a>
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle(landingTitle);
  const fanSignedIn = useFanSignedIn();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <BrandLink />
          <nav className="site-nav" aria-label="Main">
            <ul className="site-nav__list">
              <li className="site-nav__item site-nav__item--wide">
                <a href="#how-it-works">How it works</a>
              </li>
              <li className="site-nav__item site-nav__item--wide">
                <a href="#for-fans">For fans</a>
              </li>
              <li className="site-nav__item">
                <a href={paths.artist.home()}>For artists</a>
              </li>
              <li className="site-nav__item">
                {fanSignedIn ? (
                  <a href={paths.fan.dashboard()}>Dashboard</a>
                ) : (
                  <a href={paths.fan.login()}>Log in</a>
                )}
              </li>
            </ul>
          </nav>
        </div>
      </header>

      <main id="main" className="landing" tabIndex={-1}>
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="eyebrow">A monthly pie for the music you love</p>
              <h1 id="hero-title" className="hero__title">
                Pay the artists you <em>actually</em> listen to.
              </h1>
              <p className="hero__lead">
                With OpenPie you set aside a monthly amount for music: your pie. At the end of each period it
                is split among the artists you really listened to, in proportion to your listening time. Your
                money follows your ears, not the charts.
              </p>
              <FanActions signedIn={fanSignedIn} primary="Start your pie" />
              <p className="hero__aside">
                Making music? <a href={paths.artist.home()}>Claim your artist profile</a>
              </p>
            </div>
            <ExamplePie className="hero__pie" pulledApart />
          </div>
        </section>

        <LandingSection id="how-it-works" titleId="how-title" title="How the pie works">
          <ol className="steps">
            <li className="step">
              <h3 className="step__title">Fund a monthly amount</h3>
              <p>
                Choose what music is worth to you each month and pay by card through Stripe. That amount is
                your pie.
              </p>
            </li>
            <li className="step">
              <h3 className="step__title">Listen as usual</h3>
              <p>
                Connect your Spotify account and keep listening the way you already do. A play counts once it
                lasts 30 seconds.
              </p>
            </li>
            <li className="step">
              <h3 className="step__title">It is split by real listening time</h3>
              <p>
                At the end of the period your pie is divided among the artists you listened to, each getting a
                share in proportion to the time you spent with their music.
              </p>
            </li>
            <li className="step">
              <h3 className="step__title">Held for artists who have not joined yet</h3>
              <p>
                If an artist is not on OpenPie yet, their slice is held for them until they claim their
                profile. If nobody claims it in time, it comes back to you as wallet credit, and you can see
                the countdown.
              </p>
            </li>
          </ol>

          <figure className="split-example">
            <ExamplePie className="split-example__pie" />
            <figcaption className="split-example__caption">
              <p className="split-example__title">An example split</p>
              <p>
                Say you spent {exampleTotalHours} hours with four artists this month. Each one receives the
                part of your pie that matches their part of your listening:
              </p>
              <ul className="split-example__legend">
                {examplePie().map((slice) => (
                  <li key={slice.label}>
                    <span className="swatch" style={{ background: slice.color }} aria-hidden="true" />
                    <span className="split-example__label">{slice.label}</span>
                    <span className="split-example__value">
                      {slice.hours} h → {slice.share}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="fine-print">Card processing fees come off the pie before it is split.</p>
            </figcaption>
          </figure>
        </LandingSection>

        <AudienceSection
          id="for-fans"
          titleId="fans-title"
          muted
          eyebrow="For fans"
          title="Your money, your listening, your rules"
          features={fanFeatures}
        >
          <p>Support music directly, and see where every cent of your pie goes.</p>
          <FanActions signedIn={fanSignedIn} primary="Create your account" />
        </AudienceSection>

        <AudienceSection
          id="for-artists"
          titleId="artists-title"
          eyebrow="For artists and their teams"
          title="Your fans may already be saving a slice for you"
          features={artistFeatures}
        >
          <p>
            Fans fund artists whether or not they have joined. Claim your profile to receive what is held for
            you and everything that comes next.
          </p>
          <div className="cta-row">
            <a className="button button--primary button--large" href={paths.artist.home()}>
              Go to OpenPie for Artists
            </a>
          </div>
        </AudienceSection>

        <LandingSection
          titleId="ledger-title"
          title="Every cent accounted for"
          muted
          containerClassName="ledger"
        >
          <p>
            Each movement of money, from your card payment to the split, a held slice and an artist&rsquo;s
            payout, is recorded in a double-entry ledger that must always balance. Reconciliation checks
            compare it with Stripe every day, and our staff follow up on anything that does not add up.
          </p>
        </LandingSection>
      </main>

      <SiteFooter />
    </>
  );
}
