// Staff's actions on an office (decision 043), shown on the staff office page: removing its Stripe connection in a
// dialog that asks why and for the office's name typed exactly, and, when the office has no admin, inviting a new
// admin by the usual invitation mail. Both are written to the audit log with the reason.
import { useId, useState } from 'react';
import type * as z from 'zod/mini';
import { removeStripeConnectionSchema, staffAdminInvitationSchema } from '@contracts/admin-audit';
import type { StaffOfficeDetail } from '@contracts/admin-people';
import { FormAlert } from '../../../components/form/form-alert';
import { TextInput } from '../../../components/form/text-input';
import { StaffReasonField } from '../../../components/staff-page/staff-reason-field';
import { useServerForm } from '../../../lib/use-server-form';
import { inviteOfficeAdmin } from '../api/invite-office-admin';
import { removeStripeConnection } from '../api/remove-stripe-connection';
import '../staff-actions.css';
import { ActionDialogForm } from './action-dialog-form';

export const officeActionWords = {
  title: 'Staff actions',
  remove: 'Remove Stripe connection',
  removeTitle: 'Remove the Stripe connection',
  removeLead: (name: string, accountId: string) =>
    `${name} will no longer be linked to the Stripe account ${accountId}. Its admins can set up payouts again, which makes a new account; the old one stays at Stripe. Payouts stop until then.`,
  confirmation: (name: string) => `Type the office's name to confirm: ${name}`,
  removing: 'Removing…',
  confirmRemove: 'Remove the connection',
  cancel: 'Cancel',
  removeFailed: 'We could not remove the connection. Please try again.',
  removed: (accountId: string) => `The Stripe connection ${accountId} was removed. It is in the audit log.`,
  noConnection: 'The office has no Stripe connection.',
  invite: 'Invite a new admin',
  inviteLead:
    'This office has no admin. Invite someone to become its admin: they get the office invitation e-mail and become admin when they accept.',
  email: 'E-mail of the new admin',
  inviting: 'Inviting…',
  inviteFailed: 'We could not send the invitation. Please try again.',
  invited: (email: string) => `${email} is invited as admin. It is in the audit log.`,
} as const;

interface OfficeActionsProps {
  office: StaffOfficeDetail;
  /** Reloads the office page after an action. */
  onChanged: () => void;
}

export function OfficeActions({ office, onChanged }: OfficeActionsProps) {
  const [removing, setRemoving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const hasAdmin = office.members.some((member) => member.role === 'admin');
  const accountId = office.connectAccount.accountId;
  return (
    <section className="staff-actions" aria-label={officeActionWords.title}>
      <h2 className="staff-actions__title">{officeActionWords.title}</h2>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <div className="staff-actions__row">
        {accountId ? (
          <button type="button" className="button button--danger" onClick={() => setRemoving(true)}>
            {officeActionWords.remove}
          </button>
        ) : (
          <p className="staff-page__muted">{officeActionWords.noConnection}</p>
        )}
      </div>
      {accountId ? (
        <RemoveStripeConnectionDialog
          open={removing}
          office={office}
          accountId={accountId}
          onCancel={() => setRemoving(false)}
          onRemoved={(message) => {
            setRemoving(false);
            setDone(message);
            onChanged();
          }}
        />
      ) : null}
      {hasAdmin ? null : (
        <InviteAdminForm
          officeId={office._id}
          onInvited={(message) => {
            setDone(message);
            onChanged();
          }}
        />
      )}
    </section>
  );
}

type RemoveValues = z.infer<typeof removeStripeConnectionSchema>;

function RemoveStripeConnectionDialog({
  open,
  office,
  accountId,
  onCancel,
  onRemoved,
}: {
  open: boolean;
  office: StaffOfficeDetail;
  accountId: string;
  onCancel: () => void;
  onRemoved: (message: string) => void;
}) {
  const { bindField, submitWith, failure, formState, watch, reset } = useServerForm<RemoveValues>({
    schema: removeStripeConnectionSchema,
    defaultValues: { reason: '', confirmation: '' },
    fallback: officeActionWords.removeFailed,
  });
  const typed = watch('confirmation') === office.name;
  const submit = submitWith(async (values) => {
    const reply = await removeStripeConnection(office._id, values);
    reset();
    onRemoved(officeActionWords.removed(reply.removedAccountId));
  });
  return (
    <ActionDialogForm
      open={open}
      title={officeActionWords.removeTitle}
      busy={formState.isSubmitting}
      onCancel={onCancel}
      onSubmit={submit}
      cancelLabel={officeActionWords.cancel}
      submitLabel={officeActionWords.confirmRemove}
      submittingLabel={officeActionWords.removing}
      submitDisabled={!typed}
    >
      <p className="dialog__description">{officeActionWords.removeLead(office.name, accountId)}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <StaffReasonField rows={3} {...bindField('reason')} />
      <TextInput
        label={officeActionWords.confirmation(office.name)}
        required
        autoComplete="off"
        spellCheck={false}
        {...bindField('confirmation')}
      />
    </ActionDialogForm>
  );
}

type InviteValues = z.infer<typeof staffAdminInvitationSchema>;

function InviteAdminForm({
  officeId,
  onInvited,
}: {
  officeId: string;
  onInvited: (message: string) => void;
}) {
  const titleId = useId();
  const { bindField, submitWith, failure, formState, reset } = useServerForm<InviteValues>({
    schema: staffAdminInvitationSchema,
    defaultValues: { email: '', reason: '' },
    fallback: officeActionWords.inviteFailed,
  });
  const submit = submitWith(async (values) => {
    const reply = await inviteOfficeAdmin(officeId, values);
    reset();
    onInvited(officeActionWords.invited(reply.email));
  });
  return (
    <form className="staff-actions__form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="staff-actions__subtitle">
        {officeActionWords.invite}
      </h3>
      <p className="staff-page__muted">{officeActionWords.inviteLead}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput
        label={officeActionWords.email}
        type="email"
        required
        autoComplete="off"
        {...bindField('email')}
      />
      <StaffReasonField {...bindField('reason')} />
      <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? officeActionWords.inviting : officeActionWords.invite}
      </button>
    </form>
  );
}
