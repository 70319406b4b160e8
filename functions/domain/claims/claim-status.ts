// A claim's life: the statuses, and the only moves between them, each made by someone allowed to make it
// and with a reason for the audit log. Staff decide claims through these moves later; the office only ever deletes a
// pending claim, and verification only ever marks a pending claim verified.
import type { claimStatuses } from '../../contracts/claims';
import { openClaimStatuses } from '../../contracts/claims';
import { AppError } from '../errors';

export type ClaimStatus = (typeof claimStatuses)[number];

/** Who moves a claim: its office's admin, the verification of a bio, or staff. */
export type ClaimActorKind = 'office' | 'verification' | 'staff';

interface ClaimTransition {
  from: ClaimStatus;
  to: ClaimStatus;
  by: readonly ClaimActorKind[];
}

/**
 * Every legal move. Rejected and Deleted are final: a refused or withdrawn claim is never revived, the office claims
 * again instead (with a new verification string). A successful claim is only ever deleted (the office gives the
 * artist up, or staff withdraw it), which frees the artist for another office.
 */
export const claimTransitions: readonly ClaimTransition[] = [
  { from: 'Pending', to: 'Verified', by: ['verification', 'staff'] },
  { from: 'Pending', to: 'Rejected', by: ['staff'] },
  { from: 'Pending', to: 'Deleted', by: ['office', 'staff'] },
  { from: 'Verified', to: 'Successful', by: ['staff'] },
  { from: 'Verified', to: 'Rejected', by: ['staff'] },
  // Staff send a verified claim back when the proof no longer holds (the string was removed from the bio).
  { from: 'Verified', to: 'Pending', by: ['staff'] },
  { from: 'Verified', to: 'Deleted', by: ['staff'] },
  { from: 'Successful', to: 'Deleted', by: ['office', 'staff'] },
];

export const claimStatusMessages = {
  notPending: 'Only a pending claim can be deleted.',
  reasonRequired: 'Give a reason',
  reasonTooLong: 'Use at most 1000 characters',
} as const;

export const maxClaimReasonLength = 1000;

/** Whether a claim in `status` still counts: it blocks a second claim of its office and the office's deletion. */
export function isOpenClaimStatus(status: ClaimStatus): boolean {
  return (openClaimStatuses as readonly ClaimStatus[]).includes(status);
}

/** The statuses `actor` may move a claim to from `from`. */
export function nextClaimStatuses(from: ClaimStatus, actor: ClaimActorKind): ClaimStatus[] {
  return claimTransitions
    .filter((transition) => transition.from === from && transition.by.includes(actor))
    .map((transition) => transition.to);
}

/**
 * Checks a move and answers its reason as stored (trimmed). An illegal move is a 409 `claim_transition_not_allowed`
 * (the claim is not where the caller thought, or the caller may not make that move); a missing reason is a 422.
 */
export function checkClaimTransition(
  from: ClaimStatus,
  to: ClaimStatus,
  actor: ClaimActorKind,
  reason: string,
): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0) {
    throw new AppError('validation_failed', undefined, {
      fields: { reason: claimStatusMessages.reasonRequired },
    });
  }
  if (trimmed.length > maxClaimReasonLength) {
    throw new AppError('validation_failed', undefined, {
      fields: { reason: claimStatusMessages.reasonTooLong },
    });
  }
  if (!nextClaimStatuses(from, actor).includes(to)) {
    throw new AppError('conflict', `A ${from.toLowerCase()} claim cannot become ${to.toLowerCase()}.`, {
      code: 'claim_transition_not_allowed',
    });
  }
  return trimmed;
}

/** DELETE claims/{id}: the office may delete its claim only while it is pending (409 `claim_not_pending` else). */
export function checkOfficeClaimDeletion(status: ClaimStatus): void {
  if (status !== 'Pending') {
    throw new AppError('conflict', claimStatusMessages.notPending, { code: 'claim_not_pending' });
  }
}
