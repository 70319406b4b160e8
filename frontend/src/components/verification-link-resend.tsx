// "Send me a new link" where a pie was refused for an unverified e-mail address (a 403 with a resend
// link). The reply names the address the link went to, so the fan can tell a wrong address from a lost mail.
import { useState } from 'react';
import { describeLoadError } from './load-failure';
import { sendNewVerificationLink } from '../lib/resend-verification';
import { BusyButton } from './busy-button';
import { FormAlert } from './form/form-alert';
import './pie-pieces.css';

export const verificationLinkResendText = {
  send: 'Send me a new link',
  sending: 'Sending a new link…',
  failed: 'We could not send a new link. Please try again.',
} as const;

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string } | null;

export function VerificationLinkResend() {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await sendNewVerificationLink();
      setOutcome({ kind: 'sent', message });
    } catch (error) {
      // The API's errors (429 rate_limited, a lost connection, …) carry words for people; anything else gets ours.
      setOutcome({ kind: 'failed', message: describeLoadError(error, verificationLinkResendText.failed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="verification-resend">
      <BusyButton
        type="button"
        className="button button--secondary"
        busy={sending}
        label={verificationLinkResendText.send}
        busyLabel={verificationLinkResendText.sending}
        onClick={() => void send()}
      />
      {/* Mounted from the start, empty, so a screen reader announces the reply when it arrives. */}
      <p role="status">{outcome?.kind === 'sent' ? outcome.message : ''}</p>
      {outcome?.kind === 'failed' ? <FormAlert>{outcome.message}</FormAlert> : null}
    </div>
  );
}
