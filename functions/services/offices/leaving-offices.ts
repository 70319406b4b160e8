// What deleting an artist-side account does to the person's offices (SPEC §7, docs/decisions/032-deleting-accounts.md).
// The last admin of an office that still holds money (its payable) or claims is refused with 409, as deleting the
// office is, and told what to do first: nobody could reach that money otherwise. Anyone else leaves every office with
// the account, and an office that holds nothing and loses its last admin goes with it; those writes are items of the
// erasure's own transaction, so the last-admin rule is kept by the table under concurrent deletions too.
import type { OfficeWithMembers } from '../../data/offices/office';
import { buildMemberRemovalItems } from '../../data/offices/members';
import { buildOfficeDeletionItems, listUserOffices } from '../../data/offices/office';
import type { TableRef, TransactionItem } from '../../data/table';
import { AppError } from '../../domain/errors';
import { accountIdOf } from '../../domain/money/ledger';
import { formatUsd } from '../../domain/money/usd';
import { findMember, isLastAdmin } from '../../domain/offices/rights';
import { getBalance } from '../ledger';
import { checkOfficeClaimsBlockingDeletion } from './office-claims';

/** Room left in the erasure's transaction (100 items) beside the account, its e-mail guard and the mail. */
const maxLeavingItems = 90;

function refuseLastAdmin(office: OfficeWithMembers['office'], reason: string, firstStep: string): AppError {
  return new AppError(
    'conflict',
    `You are the last admin of ${office.name}, which still ${reason}. Make another member an admin, or ${firstStep} and delete the office, before you delete your account.`,
    { code: 'last_office_admin' },
  );
}

/**
 * The writes that take the user out of every office, for the erasure's transaction; throws 409 `last_office_admin`
 * when the user is the last admin of an office holding money or claims, before anything is written.
 */
export async function planLeavingOffices(
  deps: { table: TableRef },
  userId: string,
  at: Date,
): Promise<TransactionItem[]> {
  const items: TransactionItem[] = [];
  for (const found of await listUserOffices(deps.table, userId)) {
    const member = findMember(found.members, userId);
    if (!member) continue;
    if (!isLastAdmin(found.members, member)) {
      items.push(...buildMemberRemovalItems(deps.table, found.office.id, member, at));
      continue;
    }
    const [payable, claims] = await Promise.all([
      getBalance(deps, accountIdOf('office-payable', found.office.id)),
      checkOfficeClaimsBlockingDeletion(deps, found.office.id),
    ]);
    if (payable !== 0) {
      throw refuseLastAdmin(found.office, `holds ${formatUsd(payable)}`, 'pay it out');
    }
    if (claims !== 'none') {
      throw refuseLastAdmin(found.office, 'has claims', 'remove its claimed artists');
    }
    items.push(...buildOfficeDeletionItems(deps.table, found));
  }
  if (items.length > maxLeavingItems) throw new AppError('conflict', undefined, { code: 'too_many_offices' });
  return items;
}
