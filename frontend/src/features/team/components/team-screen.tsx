// /for-artists/team: the members of the chosen office with their roles, the invitations still waiting for an answer,
// and for an admin: inviting someone by e-mail (with a role), sending an invitation again, and removing a member
// after a confirmation. The server decides every right; the screen only hides what the caller's role cannot do.
// SPEC §8: a failed office operation is logged to the console, and the screen says what happened.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type * as z from 'zod/mini';
import { addMemberSchema, type OfficeMemberEntryReply, type OfficeReply } from '@contracts/offices';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField, optionsOf } from '../../../components/form/select-field';
import { TextInput } from '../../../components/form/text-input';
import { BusyButton } from '../../../components/busy-button';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { stackedCell, stackedTable } from '../../../lib/stacked-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import { useOfficeMembers } from '../api/get-office-members';
import { inviteMember } from '../api/invite-member';
import { removeMember } from '../api/remove-member';
import { resendInvitation } from '../api/resend-invitation';
import { useTeamRefresh } from '../lib/team-cache';
import { OfficePicker } from '../../../components/office-picker';
import '../../../components/office-page.css';
import '../../../components/office-pages.css';
import { officeParam, roleLabels, roleOrder, roleSummaries, useChosenOffice } from '../../../lib/offices';

export const teamText = {
  title: 'Team',
  lead: 'The people who work in your office, and what each of them may do.',
  officeSettings: 'Office settings',
  membersCaption: (officeName: string) => `Members of ${officeName}`,
  email: 'E-mail',
  role: 'Role',
  status: 'Status',
  actions: 'Actions',
  active: 'Active',
  invited: (expiresAt: string) => `Invited · link valid until ${formatDate(expiresAt)}`,
  invitationExpired: 'Invitation expired',
  you: ' (you)',
  resend: 'Send again',
  resending: 'Sending…',
  resent: (email: string) => `A new invitation is on its way to ${email}.`,
  remove: 'Remove',
  withdraw: 'Withdraw',
  withdrawTitle: (email: string) => `Withdraw the invitation to ${email}?`,
  withdrawText: 'The link in the e-mail stops working at once. You can invite them again later.',
  withdrawn: (email: string) => `The invitation to ${email} is withdrawn.`,
  inviteTitle: 'Invite someone',
  inviteLead:
    'They get an e-mail with a link that works once and for 7 days. They join when they accept it, with an artist account of that address.',
  inviteEmail: 'E-mail address',
  inviteRole: 'Role',
  invite: 'Send invitation',
  inviting: 'Sending…',
  invitedDone: (email: string) => `Invitation sent to ${email}.`,
  inviteFailed: 'We could not send the invitation. Please try again.',
  adminOnly: 'Only an admin of this office can invite people, change roles or remove members.',
  confirmTitle: (email: string) => `Remove ${email} from the office?`,
  confirmText: 'They lose access to this office and its artists at once. You can invite them again later.',
  keep: 'Keep them',
  keepInvitation: 'Keep the invitation',
  removing: 'Removing…',
  removed: (email: string) => `${email} is no longer a member of this office.`,
  actionFailed: 'That did not work. Please try again.',
  loading: 'Loading the team...',
  failed: 'We could not load the team.',
  officesFailed: 'We could not load your offices.',
  roles: 'What each role may do',
} as const;

/** Who is about to be removed: a member, or an invitation to withdraw. */
interface Removal {
  email: string;
  invitation: boolean;
}

type InviteInput = z.input<typeof addMemberSchema>;

function describeStatus(entry: OfficeMemberEntryReply): string {
  if (entry.status === 'active') return teamText.active;
  const expiresAt = entry.expiresAt ?? '';
  return Date.parse(expiresAt) <= Date.now() ? teamText.invitationExpired : teamText.invited(expiresAt);
}

function InviteForm({ office, onDone }: { office: OfficeReply; onDone: (message: string) => void }) {
  const { refreshTeam } = useTeamRefresh();
  const { bindField, register, reset, submitWith, failure, formState } = useServerForm<InviteInput>({
    schema: addMemberSchema,
    defaultValues: { email: '', role: 'member' },
    fallback: teamText.inviteFailed,
  });

  const submit = submitWith(async ({ email, role }) => {
    let invited: OfficeMemberEntryReply;
    try {
      invited = await inviteMember(office._id, { email, role });
    } catch (error) {
      console.error('Inviting a member failed', error);
      throw error;
    }
    reset({ email: '', role });
    await refreshTeam(office._id);
    onDone(teamText.invitedDone(invited.email));
  });

  return (
    <form className="team__invite" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="team__invite-fields">
        <TextInput
          id="invite-email"
          label={teamText.inviteEmail}
          type="email"
          autoComplete="off"
          aria-required
          {...bindField('email')}
        />
        <SelectField
          id="invite-role"
          label={teamText.inviteRole}
          options={optionsOf(roleOrder, roleLabels)}
          {...register('role')}
        />
      </div>
      <div>
        <BusyButton busy={formState.isSubmitting} label={teamText.invite} busyLabel={teamText.inviting} />
      </div>
    </form>
  );
}

function MembersTable({
  office,
  entries,
  callerEmail,
  onResend,
  onRemove,
  resending,
}: {
  office: OfficeReply;
  entries: readonly OfficeMemberEntryReply[];
  callerEmail: string | undefined;
  onResend: (email: string) => void;
  onRemove: (target: Removal) => void;
  resending: string | null;
}) {
  const isAdmin = office.role === 'admin';
  const captionId = 'team-members-caption';
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="data-table data-table--stack team__table" {...stackedTable.table}>
        <caption id={captionId} className="team__caption">
          {teamText.membersCaption(office.name)}
        </caption>
        <thead {...stackedTable.rowgroup}>
          <tr {...stackedTable.row}>
            <th scope="col" {...stackedTable.columnheader}>
              {teamText.email}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {teamText.role}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {teamText.status}
            </th>
            {isAdmin ? (
              <th scope="col" {...stackedTable.columnheader}>
                {teamText.actions}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody {...stackedTable.rowgroup}>
          {entries.map((entry) => {
            const isCaller = entry.email === callerEmail;
            return (
              <tr key={`${entry.status}-${entry.email}`} {...stackedTable.row}>
                <td {...stackedCell(teamText.email)}>
                  {entry.user_id ? (
                    <Link
                      to={`${paths.artist.teamMember({ memberId: entry.user_id })}?${officeParam}=${encodeURIComponent(office._id)}`}
                    >
                      {entry.email}
                    </Link>
                  ) : (
                    entry.email
                  )}
                  {isCaller ? teamText.you : ''}
                </td>
                <td {...stackedCell(teamText.role)}>{roleLabels[entry.role]}</td>
                <td {...stackedCell(teamText.status)}>{describeStatus(entry)}</td>
                {isAdmin ? (
                  <td {...stackedCell(teamText.actions)}>
                    <div className="team__actions">
                      {entry.status === 'invited' ? (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          disabled={resending !== null}
                          aria-label={`${teamText.resend}: ${entry.email}`}
                          onClick={() => onResend(entry.email)}
                        >
                          {resending === entry.email ? teamText.resending : teamText.resend}
                        </button>
                      ) : null}
                      {entry.status === 'invited' ? (
                        <button
                          type="button"
                          className="button button--danger-outline button--small"
                          aria-label={`${teamText.withdraw}: ${entry.email}`}
                          onClick={() => onRemove({ email: entry.email, invitation: true })}
                        >
                          {teamText.withdraw}
                        </button>
                      ) : null}
                      {entry.status === 'active' && !isCaller ? (
                        <button
                          type="button"
                          className="button button--danger-outline button--small"
                          aria-label={`${teamText.remove}: ${entry.email}`}
                          onClick={() => onRemove({ email: entry.email, invitation: false })}
                        >
                          {teamText.remove}
                        </button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TeamPanel({ office, callerEmail }: { office: OfficeReply; callerEmail: string | undefined }) {
  const members = useOfficeMembers(office._id);
  const { refreshTeam } = useTeamRefresh();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async (email: string) => {
    setResending(email);
    setNotice(null);
    setFailure(null);
    try {
      await resendInvitation(office._id, email);
      await refreshTeam(office._id);
      setNotice(teamText.resent(email));
    } catch (error) {
      console.error('Sending an invitation again failed', error);
      setFailure(describeLoadError(error, teamText.actionFailed));
    } finally {
      setResending(null);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      await removeMember(office._id, removing.email);
      await refreshTeam(office._id);
      setNotice(removing.invitation ? teamText.withdrawn(removing.email) : teamText.removed(removing.email));
    } catch (error) {
      console.error(
        removing.invitation ? 'Withdrawing an invitation failed' : 'Removing a member failed',
        error,
      );
      setFailure(describeLoadError(error, teamText.actionFailed));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <section className="office-page__panel team__panel" aria-labelledby="team-members-title">
        <h2 id="team-members-title" className="office-page__subtitle">
          {teamText.membersCaption(office.name)}
        </h2>
        <p className="team__message" aria-live="polite">
          {notice ?? ''}
        </p>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {members.error ? (
          <LoadFailure
            message={describeLoadError(members.error, teamText.failed)}
            onRetry={() => void members.mutate()}
          />
        ) : null}
        {!members.data && !members.error ? (
          <p className="office-page__muted" role="status">
            {teamText.loading}
          </p>
        ) : null}
        {members.data ? (
          <MembersTable
            office={office}
            entries={members.data}
            callerEmail={callerEmail}
            resending={resending}
            onResend={(email) => void resend(email)}
            onRemove={setRemoving}
          />
        ) : null}
        {office.role !== 'admin' ? <p className="office-page__muted">{teamText.adminOnly}</p> : null}
      </section>

      {office.role === 'admin' ? (
        <section className="office-page__panel team__panel" aria-labelledby="team-invite-title">
          <h2 id="team-invite-title" className="office-page__subtitle">
            {teamText.inviteTitle}
          </h2>
          <p className="office-page__muted">{teamText.inviteLead}</p>
          <InviteForm
            office={office}
            onDone={(message) => {
              setFailure(null);
              setNotice(message);
            }}
          />
        </section>
      ) : null}

      <ConfirmationDialog
        open={removing !== null}
        busy={busy}
        onCancel={() => setRemoving(null)}
        title={
          removing?.invitation
            ? teamText.withdrawTitle(removing.email)
            : teamText.confirmTitle(removing?.email ?? '')
        }
        description={removing?.invitation ? teamText.withdrawText : teamText.confirmText}
        labels={{
          cancel: removing?.invitation ? teamText.keepInvitation : teamText.keep,
          confirm: removing?.invitation ? teamText.withdraw : teamText.remove,
          confirming: teamText.removing,
        }}
        tone="danger"
        onConfirm={() => void confirmRemove()}
      />
    </>
  );
}

export function TeamScreen({ callerEmail }: { callerEmail?: string | undefined }) {
  useDocumentTitle('Team · OpenPie for Artists');
  const { offices, office, chooseOffice } = useChosenOffice();

  return (
    <div className="wide-screen team">
      <header className="office-page__header">
        <div>
          <h1 className="office-page__title team__title">{teamText.title}</h1>
          <p className="office-page__lead">{teamText.lead}</p>
        </div>
        {office ? (
          <Link
            className="button button--secondary"
            to={`${paths.artist.officeSettings()}?${officeParam}=${encodeURIComponent(office._id)}`}
          >
            {teamText.officeSettings}
          </Link>
        ) : null}
      </header>

      {offices.error ? (
        <LoadFailure
          message={describeLoadError(offices.error, teamText.officesFailed)}
          onRetry={() => void offices.mutate()}
        />
      ) : null}
      {!offices.data && !offices.error ? (
        <p className="office-page__muted" role="status">
          {teamText.loading}
        </p>
      ) : null}

      <OfficePicker id="team-office" offices={offices.data} office={office} onChoose={chooseOffice} />

      {office ? <TeamPanel key={office._id} office={office} callerEmail={callerEmail} /> : null}

      <section
        className="office-page__panel team__panel office-page__panel--quiet"
        aria-labelledby="team-roles-title"
      >
        <h2 id="team-roles-title" className="office-page__subtitle">
          {teamText.roles}
        </h2>
        <dl className="team__roles">
          {roleOrder.map((role) => (
            <div key={role}>
              <dt>{roleLabels[role]}</dt>
              <dd>{roleSummaries[role]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
