// /terms: the terms of service in plain language. The registration form links here (SPEC §2).
import { Link } from 'react-router-dom';
import { ContentPage, ContentSection } from '../../../components/content-page';
import { paths } from '../../../lib/paths';

export function TermsPage() {
  return (
    <ContentPage
      eyebrow="Terms"
      title="Terms of service"
      lead="The agreement between you and OpenPie, in plain words. By creating an account you accept these terms and our privacy policy."
    >
      <ContentSection id="service" title="What OpenPie is">
        <p>
          OpenPie lets fans fund a monthly amount, their pie, that is split among the artists they listen to,
          by listening time. Artists and the teams who work for them, called offices, claim artist profiles on
          OpenPie to receive that money. <Link to={paths.fan.help()}>How OpenPie works</Link> describes the
          split in detail; it is part of these terms.
        </p>
      </ContentSection>

      <ContentSection id="accounts" title="Your account">
        <ul>
          <li>You must be at least 16 years old, and old enough to pay by card where you live.</li>
          <li>One account per person. Give true details and keep them up to date.</li>
          <li>
            Keep your password to yourself; it must be at least 8 characters long. You are responsible for
            what happens under your account.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="fans" title="For fans">
        <ul>
          <li>
            You pay your pie by card through Stripe, once per period, until you cancel. Cancelling stops
            future payments; a pie already paid for is still split at the end of its period.
          </li>
          <li>
            Fees come off your pie before the split: the card processing fee, and OpenPie&rsquo;s platform fee
            if any. We tell you before a change in the platform fee applies to your pie.
          </li>
          <li>
            Once a pie is split, its money belongs to the artists and cannot be returned. Money held for an
            artist who has not joined comes back to you as wallet credit if nobody claims it within the
            holding period.
          </li>
          <li>Wallet credit goes into your future pies. It is not paid out in cash.</li>
          <li>
            The free 5 dollar pie on our promotion page is for new fans, once per person, while codes last.
            Pies obtained with several accounts may be cancelled.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="artists" title="For artists and offices">
        <ul>
          <li>
            Only an artist, or someone the artist has authorised, may claim an artist&rsquo;s profile. You
            verify a claim by placing a link we give you in the bio of the artist&rsquo;s social account.
          </li>
          <li>
            We review claims and may refuse or reverse one that is not genuine. Money paid out on a false
            claim must be returned.
          </li>
          <li>
            Payouts go to your office&rsquo;s connected Stripe account, under Stripe&rsquo;s own terms for
            connected accounts. You are responsible for any tax on what you receive.
          </li>
          <li>
            Money held for an artist goes back to the fans who gave it if nobody claims the artist within the
            holding period.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="fair-use" title="Fair use">
        <p>Do not:</p>
        <ul>
          <li>play music by programs, loops or other artificial means to raise an artist&rsquo;s share</li>
          <li>pretend to be someone else, or claim an artist you do not represent</li>
          <li>collect data from OpenPie by automated means, or try to break into or overload it</li>
        </ul>
        <p>
          We may leave out listening we find to be artificial, and suspend accounts that break these rules.
        </p>
      </ContentSection>

      <ContentSection id="our-part" title="Our part">
        <p>
          We work to keep OpenPie available and every cent accounted for: each movement of money is recorded
          in a ledger that must balance, and we check it against Stripe every day. OpenPie will change over
          time; we tell you before a change that affects your money or your rights.
        </p>
        <p>
          As far as the law allows, OpenPie is not liable for losses caused by events outside our control, or
          by services we rely on, such as Stripe or Spotify. Nothing in these terms limits rights that the law
          gives you and that cannot be waived.
        </p>
      </ContentSection>

      <ContentSection id="ending" title="Ending the agreement">
        <p>
          You can stop at any time by deleting your account; see{' '}
          <Link to={paths.public.deleteAccountInstructions()}>how to delete your account</Link>. We may close
          an account that breaks these terms, and tell you why.
        </p>
      </ContentSection>

      <ContentSection id="changes" title="Changes and questions">
        <p>
          If we change these terms, we tell you by e-mail before the change applies. Questions: reply to any
          e-mail OpenPie has sent you. Our <Link to={paths.public.privacyPolicy()}>privacy policy</Link>{' '}
          explains how we handle your data.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
