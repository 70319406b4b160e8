// The confirmation of a decision on a claim: what staff asked for, what will happen (an approval gives the office the
// artist and what is held for it), and the button that does it; a rejection or a deletion looks dangerous.
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { staffClaimText } from '../lib/staff-claim-text';
import { moveLabels } from '../lib/staff-claim-words';
import type { PendingDecision } from '../lib/use-claim-decision';

interface DecisionWords {
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
}

function describePending(pending: PendingDecision): DecisionWords {
  const text = staffClaimText;
  switch (pending.kind) {
    case 'release':
      return {
        title: `${text.release}?`,
        description: text.confirmApprove,
        confirmLabel: text.release,
        tone: 'primary',
      };
    case 'manual':
      return {
        title: pending.found ? text.confirmFound : text.confirmNotFound,
        description: text.confirmManual,
        confirmLabel: pending.found ? text.found : text.notFound,
        tone: 'primary',
      };
    case 'move':
      return {
        title: text.confirmTitle(moveLabels[pending.status]),
        description: pending.status === 'Successful' ? text.confirmApprove : text.confirmMove,
        confirmLabel: text.change,
        tone: pending.status === 'Rejected' || pending.status === 'Deleted' ? 'danger' : 'primary',
      };
  }
}

/** The words while no decision waits: the dialog is closed and shows none of them. */
const closedWords: DecisionWords = { title: '', description: '', confirmLabel: '', tone: 'primary' };

export interface ClaimDecisionDialogProps {
  pending: PendingDecision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ClaimDecisionDialog({ pending, busy, onCancel, onConfirm }: ClaimDecisionDialogProps) {
  const words = pending ? describePending(pending) : closedWords;
  return (
    <ConfirmationDialog
      open={pending !== null}
      busy={busy}
      onCancel={onCancel}
      title={words.title}
      description={words.description}
      labels={{
        cancel: staffClaimText.keep,
        confirm: words.confirmLabel,
        confirming: staffClaimText.changing,
      }}
      tone={words.tone}
      onConfirm={onConfirm}
    />
  );
}
