// /delete-account-instructions (SPEC §2): how fans and artists delete their account, what goes, what is kept and why.
import { Link } from 'react-router-dom';
import { ContentPage } from '../../../components/content-page';
import { paths } from '../../../lib/paths';

export function DeleteAccountInstructionsPage() {
  return (
    <ContentPage
      eyebrow="Your account"
      title="How to delete your account"
      lead="You can delete your OpenPie account yourself at any time. This page explains how, what is removed, and the few money records we must keep."
    >
      <section aria-labelledby="fans">
        <h2 id="fans">If you are a fan</h2>
        <ol>
          <li>
            <Link to={paths.fan.login()}>Log in</Link> to your fan account.
          </li>
          <li>
            Open <strong>Settings</strong> and cancel your pie subscription, so no further payment is taken.
          </li>
          <li>
            Choose <strong>Delete account</strong> and confirm.
          </li>
        </ol>
        <p>
          Credit in your fan wallet can only go into pies, so it cannot be used once the account is gone. If
          you have credit left, consider one more pie before you leave.
        </p>
      </section>

      <section aria-labelledby="artists">
        <h2 id="artists">If you use OpenPie for Artists</h2>
        <ol>
          <li>
            <Link to={paths.artist.login()}>Log in to OpenPie for Artists</Link>.
          </li>
          <li>
            If you look after an office&rsquo;s money, request a payout of its balance first, and make sure
            another member can manage the office after you.
          </li>
          <li>
            Open <strong>Settings</strong>, choose <strong>Delete account</strong> and confirm.
          </li>
        </ol>
      </section>

      <section aria-labelledby="cannot-log-in">
        <h2 id="cannot-log-in">If you cannot log in</h2>
        <p>
          Reset your password from the log-in page. If that does not work, reply to any e-mail OpenPie has
          sent you, from the address your account uses, and ask us to delete the account. We check that the
          request really comes from you before we act on it.
        </p>
      </section>

      <section aria-labelledby="removed">
        <h2 id="removed">What is removed</h2>
        <ul>
          <li>Your name, e-mail address and password</li>
          <li>Your username, profile and its visibility</li>
          <li>Your connections to Spotify, Google, X and Facebook, and the access they gave us</li>
          <li>Your listening history and your pie settings</li>
          <li>Your membership of any office</li>
        </ul>
        <p>Deletion cannot be undone. If you come back later, you start with a new account.</p>
      </section>

      <section aria-labelledby="kept">
        <h2 id="kept">What is kept, and why</h2>
        <p>
          Money records stay: your payments, the splits of your pies, your wallet movements and, for artists,
          payouts. They are kept in our ledger attached to an anonymous id that no longer leads to you, for
          two reasons:
        </p>
        <ul>
          <li>
            <strong>The books must balance.</strong> Every cent that went from a fan to an artist stays
            traceable, so the money artists received from your past pies remains theirs and our daily checks
            still add up.
          </li>
          <li>
            <strong>The law requires it.</strong> Financial records must be kept for a number of years for
            accounting and tax purposes.
          </li>
        </ul>
        <p>
          Stripe keeps its own records of card payments and payouts under its own privacy policy. Our
          technical logs expire on their own after a short time. The{' '}
          <Link to={paths.public.privacyPolicy()}>privacy policy</Link> has the details.
        </p>
      </section>
    </ContentPage>
  );
}
