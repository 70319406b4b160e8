// /privacy-policy: what OpenPie collects, why, who else sees it, which cookies it sets, and a visitor's rights. The
// cookie table names the cookies of SPEC §3 and their categories (SPEC §5); the buttons open and reset the choice.
import { Link } from 'react-router-dom';
import { ContentPage, ContentSection } from '../../../components/content-page';
import { openCookiePreferences } from '../../../components/cookie-consent/cookie-consent';
import { cookieNames, resetCookiePreferences } from '../../../lib/cookie-consent';
import { paths } from '../../../lib/paths';

const cookieRows = [
  {
    name: cookieNames.accessTokenFan,
    category: 'Essential',
    purpose: 'Keeps a fan signed in. Script in the page cannot read it.',
  },
  {
    name: cookieNames.accessTokenArtist,
    category: 'Essential',
    purpose: 'Keeps an artist-side user signed in. Script in the page cannot read it.',
  },
  {
    name: cookieNames.accessTokenAdmin,
    category: 'Essential',
    purpose: 'Keeps OpenPie staff signed in to the admin area, for 7 days at most.',
  },
  {
    name: cookieNames.cookiePreferences,
    category: 'Essential',
    purpose: 'Remembers your cookie choice, for 30 days after your last visit.',
  },
  {
    name: cookieNames.spotifyAuth,
    category: 'Performance and Functionality',
    purpose: 'Remembers your Spotify connection while you connect your account.',
  },
] as const;

export function PrivacyPolicyPage() {
  return (
    <ContentPage
      eyebrow="Privacy"
      title="Privacy policy"
      lead="OpenPie exists to move money from fans to the artists they listen to. We collect what that needs, and nothing to sell or advertise with."
    >
      <ContentSection id="collect" title="What we collect">
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, first and last name, and your password, which
            we store only in a form that cannot be turned back into the password. Fans may add a username and
            choose whether their profile is visible to other fans. Artist-side users add a phone number and
            country, and belong to offices with a role.
          </li>
          <li>
            <strong>Sign-in with another service:</strong> when you use Spotify, Google, X or Facebook to sign
            in, we receive your account id and e-mail address from that service, and keep what is needed for
            the connection until you disconnect it.
          </li>
          <li>
            <strong>Your listening:</strong> from the Spotify account you connect, the tracks you played, when
            and for how long. This is what your pie is split by.
          </li>
          <li>
            <strong>Payments:</strong> Stripe handles card details; we never see or store your card number. We
            keep the amounts, dates and status of your payments and subscription. For offices we keep the id
            of their connected Stripe account and the payouts made to it.
          </li>
          <li>
            <strong>Claims:</strong> for artists, the profile claimed, the agreements accepted and the social
            link used to verify it. For fans, any report you send about a claim.
          </li>
          <li>
            <strong>Technical records:</strong> each request to our servers is logged with its time, what was
            asked and whether it worked, to keep the service running and secure. These logs expire after a
            short time.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="use" title="What we use it for">
        <ul>
          <li>To run your account and split your pie by your listening</li>
          <li>To hold, release and pay out money to artists, and to keep the ledger that records it</li>
          <li>
            To send the e-mails your account needs: confirming your address, resetting a password, invitations
          </li>
          <li>To prevent fraud, such as fake claims or artificial listening</li>
        </ul>
        <p>
          We do not sell your data, we show no advertising, and we do not build advertising profiles. Usage
          events that help us improve OpenPie stay in your browser&rsquo;s console and are never sent to us or
          anyone else.
        </p>
      </ContentSection>

      <ContentSection id="share" title="Who else sees it">
        <ul>
          <li>
            <strong>Stripe</strong> processes card payments and pays out to artists&rsquo; offices.
          </li>
          <li>
            <strong>Spotify</strong>, and Google, X or Facebook if you sign in with them, know that you
            connected OpenPie.
          </li>
          <li>
            <strong>Google reCAPTCHA</strong> checks that a person, not a program, is signing up on some
            forms.
          </li>
          <li>
            <strong>Amazon Web Services</strong> hosts OpenPie and delivers our e-mails.
          </li>
          <li>
            <strong>Other fans</strong> see your username and listening only if you make your profile visible.
          </li>
        </ul>
        <p>Each of these services handles data under its own privacy policy.</p>
      </ContentSection>

      <ContentSection id="cookies" title="Cookies">
        <p>
          OpenPie sets the cookies below. Essential cookies are always on; the others only with your consent,
          and when you withdraw it we delete them from your browser. Services such as Stripe&rsquo;s payment
          pages and reCAPTCHA may set cookies of their own; the cookie preferences count those under their
          categories.
        </p>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Cookies OpenPie sets</caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Category</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {cookieRows.map((row) => (
                <tr key={row.name}>
                  <td>
                    <code>{row.name}</code>
                  </td>
                  <td>{row.category}</td>
                  <td>{row.purpose}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Your browser also keeps your cookie choice, whether you dismissed the offer to install OpenPie as an
          app, and which OpenPie areas you are signed in to (a note, never a password or a token), in its
          local storage on this device only.
        </p>
        <div className="cta-row">
          <button type="button" className="button button--primary" onClick={openCookiePreferences}>
            Change cookie preferences
          </button>
          <button type="button" className="button button--secondary" onClick={() => resetCookiePreferences()}>
            Reset my cookie choice
          </button>
        </div>
      </ContentSection>

      <ContentSection id="keep" title="How long we keep it">
        <p>
          We keep your account data until you delete your account. Money records are kept for as long as the
          law requires for accounting and tax; after you delete your account they are attached to an anonymous
          id that no longer leads to you.{' '}
          <Link to={paths.public.deleteAccountInstructions()}>How to delete your account</Link> explains what
          is removed and what is kept.
        </p>
      </ContentSection>

      <ContentSection id="rights" title="Your rights">
        <p>
          You can see and correct your details in your settings, disconnect any service you connected, and
          delete your account. You can also ask us for a copy of your data, or object to how we use it, by
          replying to any e-mail OpenPie has sent you. If you are not satisfied with our answer, you may
          complain to the data protection authority where you live.
        </p>
        <p>OpenPie is not meant for children under 16, and we do not knowingly collect their data.</p>
      </ContentSection>

      <ContentSection id="changes" title="Changes to this policy">
        <p>
          If we change this policy in a way that matters, we tell you by e-mail before the change applies. The
          current version is always on this page.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
