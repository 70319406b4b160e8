// The confirmation of a decision on a claim: what staff asked for, what will happen (an approval gives the office the
// artist and what is held for it), and the button that does it; a rejection or a deletion looks dangerous.
import * as Dialog from '@radix-ui/react-dialog';
import { ConfirmActions, ConfirmDialog } from '../../../components/confirm-dialog';
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

export interface ClaimDecisionDialogProps {
  pending: PendingDecision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ClaimDecisionDialog({ pending, busy, onCancel, onConfirm }: ClaimDecisionDialogProps) {
  const words = pending ? describePending(pending) : null;
  return (
    <ConfirmDialog open={words !== null} busy={busy} onCancel={onCancel}>
      {words ? (
        <>
          <Dialog.Title className="dialog__title">{words.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{words.description}</Dialog.Description>
          <ConfirmActions
            busy={busy}
            cancelLabel={staffClaimText.keep}
            confirmLabel={words.confirmLabel}
            confirmingLabel={staffClaimText.changing}
            tone={words.tone}
            onConfirm={onConfirm}
          />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
