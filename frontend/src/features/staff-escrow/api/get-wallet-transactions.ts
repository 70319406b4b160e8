// GET /api/admin/wallet-transactions: a page of every fan's wallet lines, newest first unless sorted.
import { staffWalletSorts, staffWalletTypes } from '@contracts/admin-escrow';
import { walletTransactionKinds } from '@contracts/payments';
import { listQuery, oneOf, sortQuery, staffList } from '../../../components/staff-table/staff-list';

/** `choice` is money in (`credit`), out (`debit`), one kind of line (the server's `status`), or empty for all. */
export const staffWalletTransactions = staffList('GET /api/admin/wallet-transactions', (filter, limit) => ({
  ...listQuery(filter, limit),
  ...sortQuery(filter.sort, staffWalletSorts),
  type: oneOf(filter.choice, staffWalletTypes),
  status: oneOf(filter.choice, walletTransactionKinds),
}));
