// Invitations to join an office (decision 026; SPEC §3 "invitation", §7 "Members"): an admin invites an
// e-mail address with a role, the invitee opens the mailed link (valid 7 days, single use), and accepts it signed in
// with the artist-side account of that address. Only the SHA-256 of the link's secret is stored, so neither the table
// nor any reply can give the secret back; a resend makes a new one and the old link dies.
import { createHash, randomBytes } from 'node:crypto';
import type {
  InvitationValidationReply,
  OfficeInvitationReply,
  OfficeMemberEntryReply,
  OfficeReply,
} from '../../contracts/offices';
import type { OfficeWithMembers } from '../../data/offices/office';
import {
  acceptOfficeInvitation,
  getOfficeInvitation,
  listOfficeInvitations,
  putOfficeInvitation,
  renewInvitationToken,
} from '../../data/offices/invitations';
import { forgoPersonalOffice, getOfficeWithMembers } from '../../data/offices/office';
import type { TableRef, TransactionItem } from '../../data/table';
import { AppError } from '../../domain/errors';
import { normalizeEmail } from '../../domain/identity/email-address';
import { maxOfficeMembers } from '../../domain/offices/office';
import type { OfficeInvitation } from '../../domain/offices/invitations';
import {
  buildInvitationLink,
  buildOfficeInvitationMail,
  checkInvitationAcceptance,
  invitationExpiry,
  invitationMessages,
  invitationStateOf,
  invitationTokenBytes,
} from '../../domain/offices/invitations';
import type { OfficeRole } from '../../domain/offices/rights';
import { findMember, officeMessages } from '../../domain/offices/rights';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import { getTable } from '../../runtime/table';
import { requireAccount } from '../identity/accounts';
import { queueMail, requireSiteOrigin } from '../identity/mail';
import { countInvitationResend } from './invitation-resend-limit';
import { requireOffice } from './office-gate';

export interface InvitationDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin, for the link in the invitation mail. */
  siteOrigin: string | undefined;
}

export function invitationDependencies(): InvitationDependencies {
  return { table: getTable(), clock: getClock(), siteOrigin: getEnv().SITE_ORIGIN };
}

function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(invitationTokenBytes).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

function toInvitationReply(invitation: OfficeInvitation, now: Date): OfficeInvitationReply {
  return {
    officeId: invitation.officeId,
    email: invitation.email,
    role: invitation.role,
    state: invitationStateOf(invitation, now),
    invitedAt: invitation.invitedAt,
    expiresAt: invitation.expiresAt,
  };
}

const alreadyMember = () => new AppError('conflict', undefined, { code: 'already_member' });

function queueInvitationMail(
  deps: InvitationDependencies,
  office: OfficeWithMembers,
  invitation: { email: string; role: OfficeRole },
  token: string,
  now: Date,
) {
  const link = buildInvitationLink(requireSiteOrigin(deps), office.office.id, token);
  return queueMail(
    deps.table,
    buildOfficeInvitationMail({
      to: invitation.email,
      officeName: office.office.name,
      role: invitation.role,
      link,
    }),
    now,
  );
}

/**
 * A new pending invitation of `email` with `role` to the office and its mail (the link's secret only in the mail),
 * to write with putOfficeInvitation: an admin's invitation below, and staff handing an office with no admin to a new
 * one (services/admin/office-actions.ts).
 */
export function prepareOfficeInvitation(
  deps: InvitationDependencies,
  office: OfficeWithMembers,
  input: { email: string; role: OfficeRole },
  invitedBy: string,
  now: Date,
): { invitation: OfficeInvitation; mail: TransactionItem } {
  const { token, tokenHash } = newInvitationToken();
  const invitation: OfficeInvitation = {
    officeId: office.office.id,
    email: input.email,
    role: input.role,
    tokenHash,
    invitedBy,
    invitedAt: now.toISOString(),
    expiresAt: invitationExpiry(now),
    status: 'pending',
  };
  return { invitation, mail: queueInvitationMail(deps, office, invitation, token, now) };
}

/**
 * `POST offices/{officeId}/members`: admins only. Whether or not the address has an artist-side account, it gets a
 * pending invitation and a mail with the link; the person becomes a member when they accept. 409 when the address
 * is a member already, has a pending invitation (resend it instead), or the office has 49 members and invitations.
 */
export async function inviteOfficeMember(
  deps: InvitationDependencies,
  callerId: string,
  officeId: string,
  input: { email: string; role: OfficeRole },
): Promise<OfficeMemberEntryReply> {
  const found = await requireOffice(deps, callerId, officeId, 'manage-members');
  const email = normalizeEmail(input.email);
  if (found.members.some((member) => member.email === email)) throw alreadyMember();
  const now = deps.clock.now();
  const waiting = (await listOfficeInvitations(deps.table, officeId)).filter(
    (invitation) => invitationStateOf(invitation, now) === 'pending',
  );
  if (waiting.some((invitation) => invitation.email === email)) {
    throw new AppError('conflict', undefined, { code: 'invitation_pending' });
  }
  if (found.members.length + waiting.length >= maxOfficeMembers) {
    throw new AppError('conflict', undefined, { code: 'office_full' });
  }
  const { invitation, mail } = prepareOfficeInvitation(
    deps,
    found,
    { email, role: input.role },
    callerId,
    now,
  );
  const outcome = await putOfficeInvitation(deps.table, invitation, mail, now);
  if (outcome === 'missing') throw new AppError('not_found', officeMessages.notFound);
  if (outcome === 'pending') throw new AppError('conflict', undefined, { code: 'invitation_pending' });
  return {
    user_id: null,
    role: invitation.role,
    email,
    status: 'invited',
    expiresAt: invitation.expiresAt,
  };
}

/**
 * `GET offices/{officeId}/members`: any member sees the members, in the order they joined, then the invitations
 * still waiting for an answer (expired ones too, so an admin sees what to resend).
 */
export async function listOfficeMemberEntries(
  deps: { table: TableRef; clock: Clock },
  callerId: string,
  officeId: string,
): Promise<OfficeMemberEntryReply[]> {
  const found = await requireOffice(deps, callerId, officeId, 'view-office');
  const invitations = await listOfficeInvitations(deps.table, officeId);
  const memberEmails = new Set(found.members.map((member) => member.email));
  return [
    ...found.members.map((member): OfficeMemberEntryReply => ({
      user_id: member.userId,
      role: member.role,
      email: member.email,
      status: 'active',
    })),
    ...invitations
      .filter((invitation) => invitation.status === 'pending' && !memberEmails.has(invitation.email))
      .map((invitation): OfficeMemberEntryReply => ({
        user_id: null,
        role: invitation.role,
        email: invitation.email,
        status: 'invited',
        expiresAt: invitation.expiresAt,
      })),
  ];
}

/** The invitation whose secret is `token`, with its office; a 404 that reveals nothing when either is missing. */
async function findInvitationByToken(
  deps: { table: TableRef },
  officeId: string,
  token: string,
): Promise<{ invitation: OfficeInvitation; office: OfficeWithMembers }> {
  const tokenHash = hashInvitationToken(token);
  const [office, invitations] = await Promise.all([
    getOfficeWithMembers(deps.table, officeId),
    listOfficeInvitations(deps.table, officeId),
  ]);
  const invitation = invitations.find((candidate) => candidate.tokenHash === tokenHash);
  if (!office || !invitation) throw new AppError('not_found', invitationMessages.notFound);
  return { invitation, office };
}

/**
 * `GET offices/{officeId}/validate-invitation?token=` (public): what the link's holder is invited to, and whether
 * it still waits, expired or was accepted, so the screen can say so before anyone signs in.
 */
export async function validateOfficeInvitation(
  deps: { table: TableRef; clock: Clock },
  officeId: string,
  token: string,
): Promise<InvitationValidationReply> {
  const { invitation, office } = await findInvitationByToken(deps, officeId, token);
  return {
    officeId,
    officeName: office.office.name,
    email: invitation.email,
    role: invitation.role,
    state: invitationStateOf(invitation, deps.clock.now()),
    expiresAt: invitation.expiresAt,
  };
}

/**
 * `POST offices/accept-invitation/{token}` {officeId}: the signed-in artist-side user whose address the invitation
 * was sent to becomes a member with its role. Another address is a 403 `invitation_email_mismatch`; an expired or
 * used invitation a 409. Two accepts at once make one membership (data/offices/invitations.ts
 * `acceptOfficeInvitation`).
 */
export async function acceptInvitationForUser(
  deps: { table: TableRef; clock: Clock },
  userId: string,
  token: string,
  officeId: string,
): Promise<OfficeReply> {
  const account = await requireAccount(deps, 'artist', userId);
  const { invitation, office } = await findInvitationByToken(deps, officeId, token);
  const now = deps.clock.now();
  checkInvitationAcceptance(invitation, normalizeEmail(account.email), now);
  if (findMember(office.members, userId)) throw alreadyMember();
  const outcome = await acceptOfficeInvitation(deps.table, invitation, userId, now);
  if (outcome === 'used') throw new AppError('conflict', undefined, { code: 'invitation_used' });
  if (outcome === 'already-member') throw alreadyMember();
  if (outcome === 'full') throw new AppError('conflict', undefined, { code: 'office_full' });
  if (outcome === 'missing') throw new AppError('not_found', invitationMessages.notFound);
  // Joined by invitation: this is their office, so their first visit makes no personal office nobody asked for.
  await forgoPersonalOffice(deps.table, userId, now);
  const joined = await requireOffice(deps, userId, officeId, 'view-office');
  return {
    _id: joined.office.id,
    name: joined.office.name,
    type: joined.office.type,
    role: invitation.role,
    members: joined.members.map((member) => ({
      user_id: member.userId,
      role: member.role,
      email: member.email,
    })),
  };
}

async function requireInvitationOfAddress(
  deps: { table: TableRef },
  callerId: string,
  officeId: string,
  email: string,
): Promise<{ office: OfficeWithMembers; invitation: OfficeInvitation }> {
  const office = await requireOffice(deps, callerId, officeId, 'manage-members');
  const address = normalizeEmail(email);
  const invitation = await getOfficeInvitation(deps.table, officeId, address);
  if (!invitation) throw new AppError('not_found', invitationMessages.noInvitation);
  return { office, invitation };
}

/**
 * `GET offices/{officeId}/member-token?email=` (admins): the state of the address's invitation: waiting, expired or
 * accepted, and until when. Never the secret: the table holds only its hash (decision 026).
 */
export async function readMemberInvitation(
  deps: { table: TableRef; clock: Clock },
  callerId: string,
  officeId: string,
  email: string,
): Promise<OfficeInvitationReply> {
  const { invitation } = await requireInvitationOfAddress(deps, callerId, officeId, email);
  return toInvitationReply(invitation, deps.clock.now());
}

/**
 * `POST offices/{officeId}/resend-invitation` {email} (admins): a new secret and 7 more days for an invitation not
 * accepted yet (expired ones too), mailed again; the previous link stops working at once.
 */
export async function resendOfficeInvitation(
  deps: InvitationDependencies,
  callerId: string,
  officeId: string,
  email: string,
): Promise<OfficeInvitationReply> {
  const { office, invitation } = await requireInvitationOfAddress(deps, callerId, officeId, email);
  if (office.members.some((member) => member.email === invitation.email)) throw alreadyMember();
  if (invitation.status === 'accepted') {
    throw new AppError('conflict', undefined, { code: 'invitation_used' });
  }
  await countInvitationResend(deps, officeId, invitation.email);
  const now = deps.clock.now();
  const { token, tokenHash } = newInvitationToken();
  const renewed = {
    tokenHash,
    invitedAt: now.toISOString(),
    expiresAt: invitationExpiry(now),
    invitedBy: callerId,
  };
  const mail = queueInvitationMail(deps, office, invitation, token, now);
  const outcome = await renewInvitationToken(deps.table, officeId, invitation.email, renewed, mail);
  if (outcome === 'not-pending') throw new AppError('conflict', undefined, { code: 'invitation_used' });
  return toInvitationReply({ ...invitation, ...renewed }, now);
}
