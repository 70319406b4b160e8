// /for-artists/team/:memberId?office=: one member of an office: their role (an admin changes it; the last admin
// cannot be demoted, and the server's reason is shown), and the artists assigned to them. A `member` sees only the
// artists assigned to them; an admin assigns the office's claimed artists and takes them back. SPEC §8: failures
// are logged to the console and told in words.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import {
  assignArtistsSchema,
  memberRoleSchema,
  type MemberArtistsReply,
  type OfficeReply,
} from '@contracts/offices';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import type { OfficeRole } from '../../../lib/offices';
import { assignArtists } from '../api/assign-artists';
import { changeMemberRole } from '../api/change-member-role';
import { useAssignableClaims } from '../api/get-assignable-claims';
import { useMemberArtists } from '../api/get-member-artists';
import { useOfficeMembers } from '../api/get-office-members';
import { unassignArtist } from '../api/unassign-artist';
import { useTeamRefresh } from '../lib/team-cache';
import '../../../components/office-page.css';
import '../../../components/office-pages.css';
import { officeParam, roleLabels, roleOrder, roleSummaries, useChosenOffice } from '../../../lib/offices';

export const memberText = {
  back: 'Team',
  title: 'Team member',
  loading: 'Loading this member...',
  failed: 'We could not load this member.',
  notMember: 'This person is not a member of this office.',
  roleTitle: 'Role',
  roleLabel: 'Role in the office',
  saveRole: 'Save role',
  savingRole: 'Saving…',
  roleSaved: (role: string) => `The role is now ${role}.`,
  artistsTitle: 'Assigned artists',
  artistsLead: 'A member sees only the artists assigned to them. Admins and accountants see every artist.',
  noArtists: 'No artist is assigned to this member yet.',
  artistsFailed: 'We could not load the assigned artists.',
  artistsHidden: 'Only an admin of the office sees the artists assigned to someone else.',
  unassign: 'Take back',
  assignTitle: 'Assign artists',
  assignLegend: 'Artists your office has claimed',
  assign: 'Assign',
  assigning: 'Assigning…',
  nothingToAssign: 'Every artist your office has claimed is assigned to this member already.',
  noClaims: 'Your office has not claimed an artist yet.',
  actionFailed: 'That did not work. Please try again.',
} as const;

type RoleInput = z.input<typeof memberRoleSchema>;
type AssignInput = z.input<typeof assignArtistsSchema>;

function RoleForm({
  office,
  userId,
  role,
  onDone,
}: {
  office: OfficeReply;
  userId: string;
  role: OfficeRole;
  onDone: (message: string) => void;
}) {
  const { refreshTeam } = useTeamRefresh();
  const { register, submitWith, failure, formState, watch } = useServerForm<RoleInput>({
    schema: memberRoleSchema,
    defaultValues: { role },
    fallback: memberText.actionFailed,
  });
  const chosen = watch('role');

  const submit = submitWith(async (values) => {
    try {
      await changeMemberRole(office._id, userId, values.role);
    } catch (error) {
      console.error('Changing a role failed', error);
      throw error;
    }
    await refreshTeam(office._id);
    onDone(memberText.roleSaved(roleLabels[values.role]));
  });

  return (
    <form className="team__role-form" onSubmit={(event) => void submit(event)}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="field">
        <label className="field__label" htmlFor="member-role">
          {memberText.roleLabel}
        </label>
        <select id="member-role" className="field__input field__select" {...register('role')}>
          {roleOrder.map((candidate) => (
            <option key={candidate} value={candidate}>
              {roleLabels[candidate]}
            </option>
          ))}
        </select>
        <p className="field__hint">{roleSummaries[chosen]}</p>
      </div>
      <div>
        <BusyButton
          busy={formState.isSubmitting}
          disabled={chosen === role}
          label={memberText.saveRole}
          busyLabel={memberText.savingRole}
        />
      </div>
    </form>
  );
}

function AssignForm({
  office,
  userId,
  assigned,
}: {
  office: OfficeReply;
  userId: string;
  assigned: MemberArtistsReply;
}) {
  const claims = useAssignableClaims(office._id);
  const { setMemberArtists } = useTeamRefresh();
  const { register, reset, submitWith, failure, formState, watch } = useServerForm<AssignInput>({
    schema: assignArtistsSchema,
    defaultValues: { artistIds: [] },
    fallback: memberText.actionFailed,
  });
  const chosen = watch('artistIds');
  const taken = new Set(assigned.artists.map((artist) => artist.artistId));
  const open = (claims.data ?? []).filter(
    (claim) => ['Pending', 'Verified', 'Successful'].includes(claim.status) && !taken.has(claim.artistId),
  );

  const submit = submitWith(async ({ artistIds }) => {
    try {
      await setMemberArtists(office._id, userId, await assignArtists(office._id, userId, artistIds));
    } catch (error) {
      console.error('Assigning artists failed', error);
      throw error;
    }
    reset({ artistIds: [] });
  });

  if (claims.error) {
    return (
      <LoadFailure
        message={describeLoadError(claims.error, memberText.actionFailed)}
        onRetry={() => void claims.mutate()}
      />
    );
  }
  if (!claims.data) return null;
  if (claims.data.length === 0) return <p className="office-page__muted">{memberText.noClaims}</p>;
  if (open.length === 0) return <p className="office-page__muted">{memberText.nothingToAssign}</p>;
  return (
    <form className="team__assign" onSubmit={(event) => void submit(event)}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <fieldset className="team__fieldset">
        <legend className="field__label">{memberText.assignLegend}</legend>
        {open.map((claim) => (
          <label key={claim.artistId} className="team__check">
            <input type="checkbox" value={claim.artistId} {...register('artistIds')} />
            {claim.artistName}
          </label>
        ))}
      </fieldset>
      <div>
        <BusyButton
          busy={formState.isSubmitting}
          disabled={chosen.length === 0}
          label={memberText.assign}
          busyLabel={memberText.assigning}
        />
      </div>
    </form>
  );
}

function ArtistsPanel({ office, userId }: { office: OfficeReply; userId: string }) {
  const artists = useMemberArtists(office._id, userId);
  const { setMemberArtists } = useTeamRefresh();
  const [failure, setFailure] = useState<string | null>(null);
  const isAdmin = office.role === 'admin';

  const takeBack = async (artistId: string) => {
    setFailure(null);
    try {
      await setMemberArtists(office._id, userId, await unassignArtist(office._id, userId, artistId));
    } catch (error) {
      console.error('Taking an artist back failed', error);
      setFailure(describeLoadError(error, memberText.actionFailed));
    }
  };

  const hidden = isApiError(artists.error) && artists.error.status === 403;
  return (
    <section className="office-page__panel team__panel" aria-labelledby="member-artists-title">
      <h2 id="member-artists-title" className="office-page__subtitle">
        {memberText.artistsTitle}
      </h2>
      <p className="office-page__muted">{memberText.artistsLead}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {hidden ? <p className="office-page__muted">{memberText.artistsHidden}</p> : null}
      {artists.error && !hidden ? (
        <LoadFailure
          message={describeLoadError(artists.error, memberText.artistsFailed)}
          onRetry={() => void artists.mutate()}
        />
      ) : null}
      {artists.data && artists.data.artists.length === 0 ? (
        <p className="office-page__muted">{memberText.noArtists}</p>
      ) : null}
      {artists.data && artists.data.artists.length > 0 ? (
        <ul className="team__artists">
          {artists.data.artists.map((artist) => (
            <li key={artist.artistId} className="team__artist">
              <Link to={paths.artist.claim({ id: artist.claimId })}>{artist.artistName}</Link>
              <span className="office-page__muted">{artist.claimStatus}</span>
              {isAdmin ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`${memberText.unassign}: ${artist.artistName}`}
                  onClick={() => void takeBack(artist.artistId)}
                >
                  {memberText.unassign}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {isAdmin && artists.data ? (
        <>
          <h3 className="team__minor-title">{memberText.assignTitle}</h3>
          <AssignForm office={office} userId={userId} assigned={artists.data} />
        </>
      ) : null}
    </section>
  );
}

export function TeamMemberScreen() {
  const { memberId = '' } = useParams();
  const { offices, office } = useChosenOffice();
  const members = useOfficeMembers(office?._id ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const member = members.data?.find((entry) => entry.user_id === memberId && entry.status === 'active');
  useDocumentTitle(
    member ? `${member.email} · Team · OpenPie for Artists` : 'Team member · OpenPie for Artists',
  );
  const back = office
    ? `${paths.artist.team()}?${officeParam}=${encodeURIComponent(office._id)}`
    : paths.artist.team();
  const failure = offices.error ?? members.error;

  return (
    <div className="wide-screen team">
      <Link className="office-page__back" to={back}>
        ← {memberText.back}
      </Link>
      <header>
        <h1 className="office-page__title team__title">{member?.email ?? memberText.title}</h1>
        {member && office ? (
          <p className="office-page__lead">
            {roleLabels[member.role]} of {office.name}
          </p>
        ) : null}
      </header>
      {failure ? (
        <LoadFailure
          message={describeLoadError(failure, memberText.failed)}
          onRetry={() => void (offices.error ? offices.mutate() : members.mutate())}
        />
      ) : null}
      {!failure && (!offices.data || !members.data) ? (
        <p className="office-page__muted" role="status">
          {memberText.loading}
        </p>
      ) : null}
      {members.data && !member ? <p className="office-page__muted">{memberText.notMember}</p> : null}
      <p className="team__message" aria-live="polite">
        {notice ?? ''}
      </p>
      {office && member?.user_id ? (
        <>
          {office.role === 'admin' ? (
            <section className="office-page__panel team__panel" aria-labelledby="member-role-title">
              <h2 id="member-role-title" className="office-page__subtitle">
                {memberText.roleTitle}
              </h2>
              <RoleForm
                key={member.role}
                office={office}
                userId={member.user_id}
                role={member.role}
                onDone={setNotice}
              />
            </section>
          ) : null}
          <ArtistsPanel office={office} userId={member.user_id} />
        </>
      ) : null}
    </div>
  );
}
