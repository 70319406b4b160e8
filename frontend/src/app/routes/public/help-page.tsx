// Help for fans (SPEC §2's fan-area `help`): how the pie and the split work, the fees, and what happens to money
// for artists who have not joined. The rules are DESIGN §5's; the worked example is computed by those rules.
import { Link } from 'react-router-dom';
import { ContentPage, ContentSection } from '../../../components/content-page';
import { paths } from '../../../lib/paths';

export function HelpPage() {
  return (
    <ContentPage
      eyebrow="Help"
      title="How OpenPie works"
      lead="Your pie is the amount you set aside for music each period. At the end of the period it is split among the artists you really listened to, by listening time. Here is exactly how."
    >
      <nav aria-label="On this page" className="prose__toc">
        <ul>
          <li>
            <a href="#pie">Your pie</a>
          </li>
          <li>
            <a href="#split">How the split works</a>
          </li>
          <li>
            <a href="#example">A worked example</a>
          </li>
          <li>
            <a href="#fees">Fees</a>
          </li>
          <li>
            <a href="#not-joined">Artists who have not joined yet</a>
          </li>
          <li>
            <a href="#wallet">Your fan wallet</a>
          </li>
          <li>
            <a href="#account">Your account and your data</a>
          </li>
        </ul>
      </nav>

      <ContentSection id="pie" title="Your pie">
        <p>
          You choose an amount and pay it by card through Stripe; OpenPie never sees your card number. Each
          pie runs 30 days. When a period ends, that pie is split and the next one starts.
        </p>
        <p>
          To know what you listen to, OpenPie reads your listening history from the Spotify account you
          connect. You can cancel your subscription at any time; a pie that has already been paid for is still
          split at the end of its period.
        </p>
        <p>
          New fans can try OpenPie with a free 5 dollar pie while promotion codes last. Each person can use
          that offer once.
        </p>
      </ContentSection>

      <ContentSection id="split" title="How the split works">
        <p>
          The same calculation gives the live preview you see during the period and the real split at its end,
          so for the same listening and settings the two are identical to the cent.
        </p>
        <ol>
          <li>
            <strong>Only real plays count.</strong> A play counts once it lasts at least 30 seconds. When a
            track has several artists, its listening time is shared equally among them.
          </li>
          <li>
            <strong>Time is added up per artist</strong> over the days of your pie&rsquo;s period.
          </li>
          <li>
            <strong>Your choices are applied.</strong> Artists you banned are left out. If you chose to leave
            out artists who are no longer active, they are left out too. Artists you always include stay in.
            Of the others, the artists you listened to most share your pie, up to the number of artists you
            chose. When two artists have exactly the same time, a fixed order decides, so the result never
            changes between runs.
          </li>
          <li>
            <strong>Shares follow listening time.</strong> An artist you listened to twice as long gets twice
            the share. If you asked your pie to lean toward less popular artists, their shares are tilted up a
            little, within fixed limits.
          </li>
          <li>
            <strong>Every cent is accounted for.</strong> Fees come off first (see below). An artist whose
            share would be less than one cent is left out and their share goes to the others, unless you
            included them in the pie yourself: an artist you include gets at least one cent. Shares are then
            rounded down to whole cents, and the cents left over go one each to the artists whose shares were
            closest to the next cent. The parts always add up to exactly what was split.
          </li>
        </ol>
        <p>
          If you did not listen to anything that counts during a period, nothing is split: the money stays in
          your fan wallet for your next pie.
        </p>
      </ContentSection>

      <ContentSection id="example" title="A worked example">
        <p>
          Say your pie is $10.00 and the card processing fee on it came to $0.59, so $9.41 is split. You
          listened to three artists for 6, 3 and 1 hours, which makes 60%, 30% and 10% of your listening.
        </p>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">How $9.41 is split among three artists</caption>
            <thead>
              <tr>
                <th scope="col">Artist</th>
                <th scope="col">Listening</th>
                <th scope="col">Exact share</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>First artist</td>
                <td>6 h (60%)</td>
                <td>564.6¢</td>
                <td>$5.65</td>
              </tr>
              <tr>
                <td>Second artist</td>
                <td>3 h (30%)</td>
                <td>282.3¢</td>
                <td>$2.82</td>
              </tr>
              <tr>
                <td>Third artist</td>
                <td>1 h (10%)</td>
                <td>94.1¢</td>
                <td>$0.94</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>10 h</td>
                <td>941¢</td>
                <td>$9.41</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p>
          Rounded down, the shares come to $9.40. The one cent left over goes to the first artist, whose share
          was closest to the next cent, so the split adds up to exactly $9.41.
        </p>
      </ContentSection>

      <ContentSection id="fees" title="Fees">
        <ul>
          <li>
            <strong>Card processing fee.</strong> Stripe charges a fee for each card payment. It comes off
            your pie before the split, and the pie&rsquo;s details show how much it was.
          </li>
          <li>
            <strong>Platform fee.</strong> OpenPie can take a platform fee as a percentage of each pie. It is
            zero unless we announce otherwise, and we will tell you before a change applies to your pie.
          </li>
        </ul>
        <p>
          Nothing else is taken. Every movement of money is recorded in a ledger that must always balance.
        </p>
      </ContentSection>

      <ContentSection id="not-joined" title="Artists who have not joined yet">
        <p>
          You pay the artists you listen to whether or not they are on OpenPie. When an artist has not claimed
          their profile yet, their share of your pie is held for them. As soon as they claim and verify their
          profile, what was held moves to them.
        </p>
        <p>
          Held money does not sit forever. If nobody claims the artist within the holding period, their share
          comes back to you as credit in your fan wallet, to go into your next pie. You can see the countdown
          for each held share.
        </p>
      </ContentSection>

      <ContentSection id="wallet" title="Your fan wallet">
        <p>
          Your fan wallet holds money that is yours but not yet split: a period without listening, or held
          shares that came back to you. Wallet credit goes into your next pie. Your wallet shows every
          movement, with its date and reason.
        </p>
      </ContentSection>

      <ContentSection id="account" title="Your account and your data">
        <p>
          Read the <Link to={paths.public.privacyPolicy()}>privacy policy</Link> for what we keep and why, and
          the <Link to={paths.public.terms()}>terms of service</Link> for the agreement between you and
          OpenPie. To leave, see{' '}
          <Link to={paths.public.deleteAccountInstructions()}>how to delete your account</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
