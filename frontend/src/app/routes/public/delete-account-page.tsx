// /delete-account-instructions (SPEC §2): how fans and artists delete their account, what goes, what is kept and why.
// The settings' deletion lands here signed out, with `?deleted=fan|artist`, and the page confirms it at the top. The
// lists of what is erased and kept are the ones the confirmation dialog shows (lib/account-deletion.ts).
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentPage, ContentSection } from '../../../components/content-page';
import { FormAlert } from '../../../components/form/form-alert';
import { accountDeletedParam, accountDeletionText, parseDeletedArea } from '../../../lib/account-deletion';
import { paths } from '../../../lib/paths';

export const accountDeletedText = {
  title: 'Your account was deleted',
  body: 'You are signed out, and a last e-mail confirms the deletion. Thank you for the music you supported.',
} as const;

/** The confirmation after a deletion, announced and focused so it is the first thing seen and heard. */
function DeletedConfirmation() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="deleted-confirmation" ref={ref} tabIndex={-1}>
      <FormAlert tone="success" title={accountDeletedText.title}>
        {accountDeletedText.body}
      </FormAlert>
    </div>
  );
}

export function DeleteAccountInstructionsPage() {
  const [searchParams] = useSearchParams();
  const deleted = parseDeletedArea(searchParams.get(accountDeletedParam));
  return (
    <ContentPage
      eyebrow="Your account"
      title="How to delete your account"
      lead="You can delete your OpenPie account yourself at any time. This page explains how, what is removed, and the few money records we must keep."
    >
      {deleted ? <DeletedConfirmation /> : null}
      <ContentSection id="fans" title="If you are a fan">
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
      </ContentSection>

      <ContentSection id="artists" title="If you use OpenPie for Artists">
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
      </ContentSection>

      <ContentSection id="cannot-log-in" title="If you cannot log in">
        <p>
          Reset your password from the log-in page. If that does not work, reply to any e-mail OpenPie has
          sent you, from the address your account uses, and ask us to delete the account. We check that the
          request really comes from you before we act on it.
        </p>
      </ContentSection>

      <ContentSection id="removed" title="What is removed">
        <p>For a fan:</p>
        <ul>
          {accountDeletionText.fan.erased.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>For OpenPie for Artists:</p>
        <ul>
          {accountDeletionText.artist.erased.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>Deletion cannot be undone. If you come back later, you start with a new account.</p>
      </ContentSection>

      <ContentSection id="kept" title="What is kept, and why">
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
          The listening your pies were split by stays under the same anonymous id, so every split can still be
          checked.
        </p>
        <p>
          Stripe keeps its own records of card payments and payouts under its own privacy policy. Our
          technical logs expire on their own after a short time. The{' '}
          <Link to={paths.public.privacyPolicy()}>privacy policy</Link> has the details.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
