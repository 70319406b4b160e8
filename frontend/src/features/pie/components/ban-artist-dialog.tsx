// The confirmation before a ban: a ban is per fan and applies to every pie, not only this one.
import { ConfirmationDialog } from '../../../components/confirm-dialog';

export const banDialogText = {
  cancel: 'Keep them',
  confirm: 'Ban from every pie',
  confirming: 'Banning…',
} as const;

export function describeBanTitle(name: string): string {
  return `Ban ${name} from all your pies?`;
}

export function describeBanEffect(name: string): string {
  return `A ban applies to every pie, this one and the next: ${name} gets nothing from you until you unban them. Their share goes to the other artists you listen to.`;
}

export interface BanArtistDialogProps {
  /** The artist's name, or null when the dialog is closed. */
  artistName: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function BanArtistDialog({ artistName, busy, onCancel, onConfirm }: BanArtistDialogProps) {
  return (
    <ConfirmationDialog
      open={artistName !== null}
      busy={busy}
      onCancel={onCancel}
      title={describeBanTitle(artistName ?? '')}
      description={describeBanEffect(artistName ?? '')}
      labels={banDialogText}
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
