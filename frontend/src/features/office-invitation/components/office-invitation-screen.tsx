// /for-artists/office-invitation/:officeId?token=: where the invitation mail's link leads (decision 026). It first
// asks the server what the link is for (a public call: the office, the address, the role, and whether it still waits,
// expired or was accepted). Someone signed in with an artist account accepts it here; anyone else logs in (or creates
// an account with the invited address first) and comes back to this screen to accept.
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { InvitationValidationReply, OfficeReply } from '@contracts/offices';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { withReturnPath } from '../../../lib/return-path';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/office-page.css';
import '../../../components/office-pages.css';
import { officesUrl, roleLabels, roleSummaries } from '../../../lib/offices';
import { acceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/validate-invitation';

export const invitationText = {
  title: 'Join an office',
  loading: 'Checking your invitation...',
  failed: 'We could not check this invitation.',
  missingToken: 'This link is incomplete. Open the link from the invitation e-mail again.',
  invited: (office: string, role: string) =>
    `You are invited to join ${office} as ${/^[AEIOU]/i.test(role) ? 'an' : 'a'} ${role.toLowerCase()}.`,
  sentTo: (email: string) => `The invitation was sent to ${email}.`,
  validUntil: (date: string) => `The link works until ${date}.`,
  accept: 'Accept the invitation',
  accepting: 'Joining…',
  joined: (office: string) => `You are now a member of ${office}.`,
  openTeam: 'Open the team',
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  otherAddress: (email: string) =>
    `This invitation is for ${email}. Log out and sign in with that address to accept it.`,
  signInFirst: 'Log in with the artist account of this address to accept the invitation.',
  logIn: 'Log in to accept',
  register: 'Create an artist account',
  registerNote:
    'New to OpenPie for Artists? Create an account with the invited address, confirm it from the e-mail we send, then open the invitation link again.',
  expired: 'This invitation has expired. Ask the office to send it again.',
  accepted: 'This invitation has already been accepted.',
  acceptFailed: 'We could not accept the invitation. Please try again.',
} as const;

function emailOf(account: unknown): string | undefined {
  if (typeof account !== 'object' || account === null) return undefined;
  const email = (account as { email?: unknown }).email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
}

function AcceptPanel({
  invitation,
  token,
  callerEmail,
  joined,
  onJoined,
}: {
  invitation: InvitationValidationReply;
  token: string;
  callerEmail: string;
  /** The office joined through this panel, once it is. */
  joined: OfficeReply | null;
  onJoined: (office: OfficeReply) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate } = useSWRConfig();

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const office = await acceptInvitation(token, invitation.officeId);
      await mutate(officesUrl());
      onJoined(office);
    } catch (error) {
      console.error('Accepting the invitation failed', error);
      setFailure(describeLoadError(error, invitationText.acceptFailed));
    } finally {
      setBusy(false);
    }
  };

  if (joined) {
    return (
      <div className="office-page__panel team__panel" role="status">
        <p>{invitationText.joined(joined.name)}</p>
        <div>
          <Link
            className="button button--primary"
            to={`${paths.artist.team()}?office=${encodeURIComponent(joined._id)}`}
          >
            {invitationText.openTeam}
          </Link>
        </div>
      </div>
    );
  }
  const sameAddress = callerEmail === invitation.email.toLowerCase();
  return (
    <div className="office-page__panel team__panel">
      <p>{invitationText.signedInAs(callerEmail)}</p>
      {sameAddress ? null : <p>{invitationText.otherAddress(invitation.email)}</p>}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {sameAddress ? (
        <div>
          <BusyButton
            type="button"
            busy={busy}
            label={invitationText.accept}
            busyLabel={invitationText.accepting}
            onClick={() => void accept()}
          />
        </div>
      ) : null}
    </div>
  );
}

function SignInPanel() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className="office-page__panel team__panel">
      <p>{invitationText.signInFirst}</p>
      <div className="office-settings__actions">
        <Link className="button button--primary" to={withReturnPath(paths.artist.login(), here)}>
          {invitationText.logIn}
        </Link>
        <Link className="button button--secondary" to={withReturnPath(paths.artist.register(), here)}>
          {invitationText.register}
        </Link>
      </div>
      <p className="office-page__muted">{invitationText.registerNote}</p>
    </div>
  );
}

/** `account` is the artist session's account when someone is signed in on the artist side, else undefined. */
export function OfficeInvitationScreen({ account }: { account?: unknown }) {
  useDocumentTitle('Join an office · OpenPie for Artists');
  const { officeId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useInvitation(officeId, token);
  const callerEmail = emailOf(account);
  const reply = invitation.data;
  // Once accepted here, the invitation is no longer an offer: the page says what was joined, not what is offered.
  const [joined, setJoined] = useState<OfficeReply | null>(null);

  return (
    <div className="reading-screen team office-invitation">
      <header>
        <h1 className="office-page__title team__title">{invitationText.title}</h1>
      </header>
      {!token ? <FormAlert>{invitationText.missingToken}</FormAlert> : null}
      {invitation.error ? (
        isApiError(invitation.error) && invitation.error.status === 404 ? (
          <FormAlert>{invitation.error.message}</FormAlert>
        ) : (
          <LoadFailure
            message={describeLoadError(invitation.error, invitationText.failed)}
            onRetry={() => void invitation.mutate()}
          />
        )
      ) : null}
      {token && !reply && !invitation.error ? (
        <p className="office-page__muted" role="status">
          {invitationText.loading}
        </p>
      ) : null}
      {reply ? (
        <>
          {joined ? null : (
            <section className="office-page__panel team__panel" aria-labelledby="invitation-office">
              <h2 id="invitation-office" className="office-page__subtitle">
                {invitationText.invited(reply.officeName, roleLabels[reply.role])}
              </h2>
              <p className="office-page__muted">{roleSummaries[reply.role]}</p>
              <p>{invitationText.sentTo(reply.email)}</p>
              {reply.state === 'pending' ? (
                <p>{invitationText.validUntil(formatDate(reply.expiresAt))}</p>
              ) : null}
            </section>
          )}
          {reply.state === 'expired' ? <FormAlert>{invitationText.expired}</FormAlert> : null}
          {reply.state === 'accepted' ? (
            <p className="office-page__muted">{invitationText.accepted}</p>
          ) : null}
          {reply.state === 'pending' && callerEmail ? (
            <AcceptPanel
              invitation={reply}
              token={token}
              callerEmail={callerEmail}
              joined={joined}
              onJoined={setJoined}
            />
          ) : null}
          {reply.state === 'pending' && !callerEmail ? <SignInPanel /> : null}
        </>
      ) : null}
    </div>
  );
}
