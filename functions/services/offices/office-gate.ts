// The one gate for office rights (SPEC §6). Every call an artist-side user makes on an office passes here with the
// right its route's contract names (`officeRight` in functions/contracts/api), before anything of the office is read
// or changed: the office is read with its members once, and the caller's role decides. Someone outside the office
// gets a 404, so an office's existence is not revealed to strangers; a member whose role lacks the right gets a 403.
// The rights themselves are domain/offices/rights.ts's. A lint rule (lint/office-gate.js) keeps the office's member
// list from being read for a caller, or checked for a right, anywhere else.
import type { OfficeWithMembers } from '../../data/offices/office';
import { getOfficeWithMembers } from '../../data/offices/office';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import type { OfficeMember, OfficeRight } from '../../domain/offices/rights';
import { officeMessages, requireOfficeRight } from '../../domain/offices/rights';

/** The office, its members, and the caller among them, once the caller is shown to hold the right asked. */
export interface OfficeOfCaller extends OfficeWithMembers {
  caller: OfficeMember;
}

/**
 * The office with its members, when `userId` holds `right` in it: a 404 for an office that does not exist or that
 * the caller is not a member of, a 403 for a member whose role lacks the right. `view-office` is every member's.
 */
export async function requireOffice(
  deps: { table: TableRef },
  userId: string,
  officeId: string,
  right: OfficeRight,
): Promise<OfficeOfCaller> {
  const found = await getOfficeWithMembers(deps.table, officeId);
  if (!found) throw new AppError('not_found', officeMessages.notFound);
  return { ...found, caller: requireOfficeRight(found.members, userId, right) };
}

/**
 * A further right a call needs once it knows more than its route says (removing an address that is no member, or
 * reading another member's artists): a 403 unless the caller, already a member, holds it.
 */
export function requireFurtherRight(office: OfficeOfCaller, right: OfficeRight): void {
  requireOfficeRight(office.members, office.caller.userId, right);
}
