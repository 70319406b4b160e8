// One decision on a claim at a time: staff ask for it (a move with its reason, the release of what is held for the
// artist, or their own check of the bio), confirm it in a dialog, and the screen says what the server did, or why
// not. The claim shows the server's answer at once, and every cached page of the claims list is read again.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { StaffClaimDecision } from '@contracts/admin-claims';
import { describeLoadError } from '../../../components/load-failure';
import { changeStaffClaimStatus } from '../api/change-staff-claim-status';
import { staffClaimUrl } from '../api/get-staff-claim';
import { staffClaimsListPath } from '../api/get-staff-claims';
import { verifyStaffClaimByHand } from '../api/verify-staff-claim-by-hand';
import { staffClaimText } from './staff-claim-text';
import type { StaffClaimStatus } from './staff-claim-words';

/** What staff asked for, waiting for their confirmation. */
export type PendingDecision =
  | { kind: 'move'; status: StaffClaimStatus; reason: string }
  | { kind: 'release' }
  | { kind: 'manual'; found: boolean };

/** The audit log's reason for a release: staff give none, the button says it all. */
const releaseReason = 'Release of the held earnings';

function sendDecision(claimId: string, pending: PendingDecision): Promise<StaffClaimDecision> {
  if (pending.kind === 'manual') return verifyStaffClaimByHand(claimId, pending.found);
  return changeStaffClaimStatus(
    claimId,
    pending.kind === 'release'
      ? { status: 'Successful', reason: releaseReason }
      : { status: pending.status, reason: pending.reason },
  );
}

/** The sentence after a decision: the claim's new status, and what a release moved. */
function describeDecision(pending: PendingDecision, decision: StaffClaimDecision): string {
  const changed = staffClaimText.changed(decision.status);
  if (pending.kind === 'manual') return pending.found ? changed : staffClaimText.recorded;
  const release = decision.release;
  return release && release.releasedLots > 0
    ? `${changed} ${staffClaimText.released(release.releasedCents, release.releasedLots, release.fansMailed)}`
    : changed;
}

export function useClaimDecision(claimId: string) {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** How many status changes were made here: the decision form starts afresh after each. */
  const [changes, setChanges] = useState(0);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const decision = await sendDecision(claimId, pending);
      const { release: _release, ...detail } = decision;
      await mutate(staffClaimUrl(decision._id), detail, { revalidate: false });
      // A status change moves the claim between the list's status filters.
      await mutate((key) => typeof key === 'string' && key.startsWith(staffClaimsListPath));
      setNotice(describeDecision(pending, decision));
      if (pending.kind !== 'manual') setChanges((count) => count + 1);
    } catch (error) {
      // SPEC §8: a failed staff operation is logged for whoever looks at the console; the screen says what happened.
      console.error('Claim decision failed', error);
      setFailure(describeLoadError(error, staffClaimText.changeFailed));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    confirm: () => void confirm(),
    busy,
    failure,
    notice,
    changes,
  };
}
