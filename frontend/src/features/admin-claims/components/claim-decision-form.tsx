// Deciding a claim: the moves the state machine allows now, each with a reason the audit log keeps (the form only
// asks; the dialog confirms), the release of what is still held for the artist of a successful claim, and the check of
// a pending claim's bio by hand.
import { claimStatusUpdateSchema } from '@contracts/claims';
import { TextArea } from '../../../components/form/text-area';
import { useServerForm } from '../../../lib/use-server-form';
import type { StaffClaimStatusChange } from '../api/change-staff-claim-status';
import { staffClaimText } from '../lib/staff-claim-text';
import { moveLabels, type StaffClaimStatus } from '../lib/staff-claim-words';
import type { PendingDecision } from '../lib/use-claim-decision';
import { ClaimPanel } from './claim-tables';

interface DecisionFormProps {
  allowed: readonly StaffClaimStatus[];
  onAsk: (pending: PendingDecision) => void;
}

/** A move and its reason; a valid pair asks for the confirmation, nothing is sent from here. */
function DecisionForm({ allowed, onAsk }: DecisionFormProps) {
  const { register, bindField, submitWith, watch } = useServerForm<StaffClaimStatusChange>({
    schema: claimStatusUpdateSchema,
    defaultValues: { reason: '' },
    fallback: staffClaimText.changeFailed,
  });
  const chosen = watch('status');
  const submit = submitWith(async ({ status, reason }) => {
    onAsk({ kind: 'move', status, reason });
  });

  return (
    <form className="staff-claims__decide" noValidate onSubmit={submit}>
      <fieldset className="staff-claims__moves">
        <legend className="field__label">{staffClaimText.move}</legend>
        {allowed.map((status) => (
          <label key={status} className="staff-claims__move">
            <input type="radio" value={status} {...register('status')} />
            {moveLabels[status]}
          </label>
        ))}
      </fieldset>
      <TextArea
        id="staff-claim-reason"
        label={staffClaimText.reason}
        hint={staffClaimText.reasonHint}
        required
        maxLength={1000}
        rows={3}
        {...bindField('reason')}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!chosen || !allowed.includes(chosen)}
      >
        {staffClaimText.change}
      </button>
    </form>
  );
}

export interface ClaimDecisionPanelProps {
  status: StaffClaimStatus;
  allowed: readonly StaffClaimStatus[];
  heldLots: number;
  /** Changes after every decision made here, so the form starts afresh. */
  formKey: string;
  onAsk: (pending: PendingDecision) => void;
}

export function ClaimDecisionPanel({ status, allowed, heldLots, formKey, onAsk }: ClaimDecisionPanelProps) {
  return (
    <ClaimPanel id="staff-claim-decide" title={staffClaimText.decideTitle}>
      {status === 'Successful' && heldLots > 0 ? (
        <div className="staff-claims__release">
          <p>{staffClaimText.heldAfterSuccess}</p>
          <button type="button" className="button button--primary" onClick={() => onAsk({ kind: 'release' })}>
            {staffClaimText.release}
          </button>
        </div>
      ) : null}
      {allowed.length === 0 ? (
        <p className="staff-page__muted">{staffClaimText.finalStatus}</p>
      ) : (
        <DecisionForm key={formKey} allowed={allowed} onAsk={onAsk} />
      )}
    </ClaimPanel>
  );
}

/** A pending claim's bio checked by hand: staff say whether they found the string, and confirm. */
export function ManualCheckPanel({
  verificationString,
  onAsk,
}: {
  verificationString: string;
  onAsk: (pending: PendingDecision) => void;
}) {
  return (
    <ClaimPanel id="staff-claim-manual" title={staffClaimText.manualTitle}>
      <p>{staffClaimText.manualLead(verificationString)}</p>
      <div className="staff-claims__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => onAsk({ kind: 'manual', found: true })}
        >
          {staffClaimText.found}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onAsk({ kind: 'manual', found: false })}
        >
          {staffClaimText.notFound}
        </button>
      </div>
    </ClaimPanel>
  );
}
