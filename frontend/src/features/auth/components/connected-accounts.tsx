// The connected-accounts part of the fan's settings (SPEC §7): Spotify, Google, X and Facebook, each with Connect or
// Disconnect, a confirmation before disconnecting, and SPEC §8's text when a connection attempt came back failed.
// The artist area's settings show the same part with Google alone (link-google and disconnect-google).
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ConnectedAccounts as ConnectedAccountFlags } from '@contracts/auth';
import {
  parseSocialProvider,
  socialProviderLabels,
  socialProviders,
  socialQueryKeys,
  type SocialProviderName,
} from '@contracts/social-sign-in';
import { describeLoadError } from '../../../components/load-failure';
import { browserActions } from '../../../lib/browser-actions';
import type { SelfServiceArea } from '../api/auth-area';
import { disconnectSocialAccount } from '../api/disconnect-social-account';
import { linkSocialAccount } from '../api/link-social-account';
import { buildFanSignInUrl } from '../../../lib/social-sign-in-urls';
import { detectDeviceType } from '../../../lib/device-type';
import '../auth.css';
import { FormAlert } from '../../../components/form/form-alert';
import { ProviderBadge } from './provider-badge';
import { SocialErrorNotice } from '../../../components/social-error-notice';

const DisconnectDialog = lazy(async () => {
  const { DisconnectDialog: Dialog } = await import('./disconnect-dialog');
  return { default: Dialog };
});

export const connectedAccountsText = {
  title: 'Connected accounts',
  lead: 'Sign in with these accounts, and let OpenPie read your listening from Spotify.',
  artistLead:
    'Connect your Google account to your OpenPie for Artists account. You can disconnect it at any time.',
  connected: 'Connected',
  notConnected: 'Not connected',
  connect: 'Connect',
  disconnect: 'Disconnect',
  failed: 'That did not work. Please try again.',
} as const;

const noConnections: ConnectedAccountFlags = {
  spotify: false,
  google: false,
  twitter: false,
  facebook: false,
};

/** The flags of GET /api/user's `connected_accounts`; anything unreadable counts as not connected. */
export function readConnectedAccounts(account: unknown): ConnectedAccountFlags {
  if (typeof account !== 'object' || account === null) return noConnections;
  const flags = (account as { connected_accounts?: unknown }).connected_accounts;
  if (typeof flags !== 'object' || flags === null) return noConnections;
  const read = flags as Partial<Record<SocialProviderName, unknown>>;
  return {
    spotify: read.spotify === true,
    google: read.google === true,
    twitter: read.twitter === true,
    facebook: read.facebook === true,
  };
}

export function describeConnectedNotice(provider: SocialProviderName): string {
  return `${socialProviderLabels[provider]} is now connected to your OpenPie account.`;
}

/** The providers each area can connect: artist-side users have Google only (SPEC §7). */
const areaProviders: Readonly<Record<SelfServiceArea, readonly SocialProviderName[]>> = {
  fan: socialProviders,
  artist: ['google'],
};

export interface ConnectedAccountsProps {
  /** The signed-in user as GET /api/user (fan) or GET /api/for-artists/user (artist) describes them. */
  account: unknown;
  /** Whose settings these are; the fan's unless told. */
  area?: SelfServiceArea;
}

export function ConnectedAccounts({ account, area = 'fan' }: ConnectedAccountsProps) {
  const [searchParams] = useSearchParams();
  const justConnected = parseSocialProvider(searchParams.get(socialQueryKeys.connected));
  const [connections, setConnections] = useState(() => readConnectedAccounts(account));
  const [busy, setBusy] = useState<SocialProviderName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SocialProviderName | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);

  const connect = async (provider: SocialProviderName) => {
    setBusy(provider);
    setFailure(null);
    try {
      // Spotify has no link call: its sign-in route connects it to the fan who is signed in (decision 006).
      const target =
        provider === 'spotify'
          ? buildFanSignInUrl('spotify', { deviceType: detectDeviceType() })
          : await linkSocialAccount(provider, area);
      browserActions.goTo(target);
    } catch (error) {
      setBusy(null);
      setFailure(describeLoadError(error, connectedAccountsText.failed));
    }
  };

  const askToDisconnect = (provider: SocialProviderName) => {
    setFailure(null);
    setDialogWanted(true);
    setConfirming(provider);
  };

  const disconnect = async (provider: SocialProviderName) => {
    setBusy(provider);
    try {
      const user = await disconnectSocialAccount(provider, area);
      setConnections(readConnectedAccounts(user));
    } catch (error) {
      // 409 when it is the fan's last way to sign in: the server's sentence says what to do instead.
      setFailure(describeLoadError(error, connectedAccountsText.failed));
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  return (
    <section className="connected-accounts" aria-labelledby="connected-accounts-title">
      <h2 id="connected-accounts-title" className="connected-accounts__title">
        {connectedAccountsText.title}
      </h2>
      <p className="connected-accounts__lead">
        {area === 'artist' ? connectedAccountsText.artistLead : connectedAccountsText.lead}
      </p>
      <SocialErrorNotice attempt="connect" />
      {justConnected && connections[justConnected] ? (
        <FormAlert tone="success">{describeConnectedNotice(justConnected)}</FormAlert>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <ul className="connected-accounts__list">
        {areaProviders[area].map((provider) => {
          const label = socialProviderLabels[provider];
          const connected = connections[provider];
          return (
            <li key={provider} className="connected-account">
              <ProviderBadge provider={provider} />
              <span className="connected-account__name">
                {label}
                <span
                  className={`connected-account__status${connected ? ' connected-account__status--on' : ''}`}
                >
                  {connected ? connectedAccountsText.connected : connectedAccountsText.notConnected}
                </span>
              </span>
              <button
                type="button"
                className={`button button--small ${connected ? 'button--secondary' : 'button--primary'}`}
                disabled={busy !== null}
                aria-label={`${connected ? connectedAccountsText.disconnect : connectedAccountsText.connect} ${label}`}
                onClick={() => (connected ? askToDisconnect(provider) : void connect(provider))}
              >
                {connected ? connectedAccountsText.disconnect : connectedAccountsText.connect}
              </button>
            </li>
          );
        })}
      </ul>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <DisconnectDialog
            area={area}
            provider={confirming}
            busy={busy !== null}
            onCancel={() => setConfirming(null)}
            onConfirm={(provider) => void disconnect(provider)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
