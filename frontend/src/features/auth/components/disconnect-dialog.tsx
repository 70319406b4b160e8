// The confirmation before a fan disconnects a provider, or an artist-side user Google. Loaded the first time it
// opens, like the cookie modal, so the settings screen does not carry the dialog library.
import { socialProviderLabels, type SocialProviderName } from '@contracts/social-sign-in';
import type { SelfServiceArea } from '../api/auth-area';
import { ConfirmationDialog } from '../../../components/confirm-dialog';

export const disconnectDialogText = {
  cancel: 'Cancel',
  confirm: 'Disconnect',
  confirming: 'Disconnecting...',
} as const;

export function describeDisconnectTitle(provider: SocialProviderName): string {
  return `Disconnect ${socialProviderLabels[provider]}?`;
}

function describeConsequence(provider: SocialProviderName, area: SelfServiceArea): string {
  const label = socialProviderLabels[provider];
  // Artist-side users do not sign in with Google (SPEC §7), so losing a way to sign in is no consequence for them.
  if (area === 'artist') {
    return `${label} will no longer be connected to your OpenPie for Artists account. You can connect it again at any time.`;
  }
  const signIn = `You will no longer be able to sign in to OpenPie with ${label}.`;
  return provider === 'spotify'
    ? `${signIn} OpenPie will stop reading what you listen to, so your next pie cannot be split by your listening until you connect Spotify again.`
    : `${signIn} You can connect it again at any time.`;
}

export interface DisconnectDialogProps {
  /** Whose account it is; the fan's unless told. */
  area?: SelfServiceArea;
  provider: SocialProviderName | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (provider: SocialProviderName) => void;
}

export function DisconnectDialog({
  area = 'fan',
  provider,
  busy,
  onCancel,
  onConfirm,
}: DisconnectDialogProps) {
  return (
    <ConfirmationDialog
      open={provider !== null}
      busy={busy}
      onCancel={onCancel}
      title={provider ? describeDisconnectTitle(provider) : ''}
      description={provider ? describeConsequence(provider, area) : ''}
      labels={disconnectDialogText}
      tone="primary"
      onConfirm={() => {
        if (provider) onConfirm(provider);
      }}
    />
  );
}
