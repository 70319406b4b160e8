// What staff's lists share (decision 037): their dependencies, the search rule (a part of a name or an e-mail, any
// case, or an exact id) and the page cut from a list sorted in the service.
import type { StaffFanSummary } from '../../contracts/admin-people';
import type { Pagination } from '../../contracts/envelope';
import type { DirectoryAccount } from '../../data/directories';
import type { TableRef } from '../../data/table';
import type { StripeGateway } from '../../integrations/stripe/port';
import type { Clock } from '../../runtime/clock';
import { payoutDependencies } from '../connect/payouts';

export interface StaffReadDependencies {
  table: TableRef;
  clock: Clock;
  /** Stripe, for what only Stripe knows (a charge's refunds). */
  stripe(): Promise<StripeGateway>;
  /** The payout minimum the office's funds screen shows beside its payable. */
  payoutMinimumCents: number;
}

/** The deployment's table, clock, Stripe and payout minimum. */
export function staffReadDependencies(): StaffReadDependencies {
  const { table, clock, stripe, payoutMinimumCents } = payoutDependencies();
  return { table, clock, stripe, payoutMinimumCents };
}

/** Whether a row matches staff's search: a part of one of `texts` (any case), or exactly its id. */
export function matchesSearch(
  search: string | undefined,
  id: string,
  texts: readonly (string | null | undefined)[],
): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return id.toLowerCase() === needle || texts.some((text) => text?.toLowerCase().includes(needle) === true);
}

/** One numbered page of an already sorted list; a page past the last is empty. */
export function pageOfList<T>(
  items: readonly T[],
  page: number,
  limit: number,
): { items: T[]; pagination: Pagination } {
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: items.length, pages: Math.ceil(items.length / limit) },
  };
}

/** A person's shown name from the account's parts, null when there is none (a deleted account). */
export function fullNameOf(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName].filter((part) => part !== null && part !== '').join(' ');
  return name === '' ? null : name;
}

/** The account fields a person, fan or artist, opens with in staff's lists and details. */
export type StaffPersonAccount = Pick<
  DirectoryAccount,
  'id' | 'firstName' | 'lastName' | 'email' | 'status' | 'createdAt' | 'deletedAt'
>;

/** How staff see a person first: the id, the shown name, e-mail, status and when the account began and ended. */
export function staffPersonOf(
  account: StaffPersonAccount,
): Pick<StaffFanSummary, '_id' | 'name' | 'email' | 'status' | 'createdAt' | 'deletedAt'> {
  return {
    _id: account.id,
    name: fullNameOf(account.firstName, account.lastName),
    email: account.email,
    status: account.status,
    createdAt: account.createdAt,
    deletedAt: account.deletedAt,
  };
}

/** Compares by `key`, then newest first and by id, so equal keys keep one order from page to page. */
export function compareBy<T extends { createdAt: string; id: string }>(
  key: (item: T) => string | number,
  order: 'asc' | 'desc',
): (a: T, b: T) => number {
  const direction = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const left = key(a);
    const right = key(b);
    if (left !== right) return (left < right ? -1 : 1) * direction;
    return b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
  };
}
