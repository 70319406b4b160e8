// Staff's drill-down from a balance to the Stripe object behind it (decision 039): an account with its entries, one
// whole transaction, the platform's accounts, and a pie's receipt as its fan reads it.
import * as z from 'zod/mini';
import {
  staffLedgerAccountPageSchema,
  staffLedgerTransactionSchema,
  staffPieReceiptSchema,
  staffPlatformAccountSchema,
} from '../admin-ledger';
import type { ResourceContracts } from './contract';
import { json } from './contract';
import { idParams, textField, wholeNumberParam } from './fields';

/**
 * A ledger account id, `<type>:<owner>`: any characters but spaces and the path's own (the owner may be a
 * normalised artist name, or `<officeId>:<requestId>`). An id of no known type is a 404 in the service.
 */
const accountIdParam = z
  .string()
  .check(
    z.maxLength(260, { error: 'Use a ledger account id', abort: true }),
    z.regex(/^[a-z-]{1,40}:[^\s/?#]{1,210}$/, 'Use a ledger account id'),
  );

export const adminLedgerContracts = {
  'GET /api/admin/ledger/platform-accounts': { reply: json(z.array(staffPlatformAccountSchema)) },
  'GET /api/admin/ledger/accounts/{accountId}': {
    params: z.object({ accountId: accountIdParam }),
    query: z.object({
      limit: wholeNumberParam(100, 20),
      cursor: z.optional(textField(600)),
    }),
    reply: json(staffLedgerAccountPageSchema),
  },
  'GET /api/admin/ledger/transactions/{transactionId}': {
    params: idParams('transactionId'),
    reply: json(staffLedgerTransactionSchema),
  },
  'GET /api/admin/ledger/pies/{pieId}': { params: idParams('pieId'), reply: json(staffPieReceiptSchema) },
} satisfies ResourceContracts<'admin-ledger'>;
