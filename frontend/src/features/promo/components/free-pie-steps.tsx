// What a signed-in fan still has to do before the free pie can start, shown before its button rather than as a
// refusal after it: verify the e-mail address (with a new link on request) and connect Spotify, whose listening the
// free pie is split on. Read from the signed-in account (GET /api/user); what cannot be read counts as done, and the
// server still decides when the pie is started.
import { AppPanel } from '../../../components/app-panel';
import { VerificationLinkResend } from '../../../components/verification-link-resend';
import { ConnectSpotifyButton } from '../../../components/connect-spotify-button';

export const freePieStepsText = {
  title: 'Before your free pie can start',
  verifyTitle: 'Verify your e-mail address',
  verifyLead:
    'Open the link in the e-mail we sent you when you signed up. Cannot find it, even in your spam folder? We will send you a new one.',
  spotifyTitle: 'Connect your Spotify account',
  spotifyLead:
    'A free pie is split among the artists you listen to on Spotify, so OpenPie needs to read your listening first.',
  connect: 'Connect Spotify',
  connecting: 'Opening Spotify…',
} as const;

export type FreePieStep = 'verify_email' | 'connect_spotify';

/** The steps still missing for a fan as GET /api/user describes them, in the order they are done. */
export function listMissingSteps(account: unknown): FreePieStep[] {
  if (typeof account !== 'object' || account === null) return [];
  const read = account as { email_verified?: unknown; connected_accounts?: unknown };
  const steps: FreePieStep[] = [];
  if (read.email_verified === false) steps.push('verify_email');
  const connected = read.connected_accounts;
  if (
    typeof connected === 'object' &&
    connected !== null &&
    (connected as { spotify?: unknown }).spotify === false
  ) {
    steps.push('connect_spotify');
  }
  return steps;
}

export function FreePieSteps({ steps }: { steps: readonly FreePieStep[] }) {
  return (
    <AppPanel title={freePieStepsText.title} className="free-pie-steps">
      <ol className="free-pie-steps__list">
        {steps.map((step) =>
          step === 'verify_email' ? (
            <li key={step}>
              <h3>{freePieStepsText.verifyTitle}</h3>
              <p>{freePieStepsText.verifyLead}</p>
              <VerificationLinkResend />
            </li>
          ) : (
            <li key={step}>
              <h3>{freePieStepsText.spotifyTitle}</h3>
              <p>{freePieStepsText.spotifyLead}</p>
              <ConnectSpotifyButton
                label={freePieStepsText.connect}
                leavingLabel={freePieStepsText.connecting}
                returnTo="try"
              />
            </li>
          ),
        )}
      </ol>
    </AppPanel>
  );
}
