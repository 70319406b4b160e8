// Reconciliation's rules (DESIGN §5, docs/decisions/038-reconciliation.md), pure: given what the table holds about
// money (the ledger's transactions, entries and balances, the pies and their receipts, the escrow lots), say every
// place where it does not add up. Each check names the thing that is wrong (`subject`), what it should be, what it
// is, and a sentence for staff. The service reads the table; nothing here reads or writes anything.
//
// This module is what every check shares: the finding, a check's result, the ledger as the checks read it and the
// grace periods. Each check is a module of its own beside it: ledger-check.ts, wallet-check.ts, escrow-check.ts,
// pie-check.ts, payout-check.ts and stripe-check.ts.
import type { AccountId, Posting, TransactionKind } from '../money/ledger';

export const reconciliationCheckTypes = ['ledger', 'wallet', 'escrow', 'pie', 'payout', 'stripe'] as const;
export type ReconciliationCheckType = (typeof reconciliationCheckTypes)[number];

export interface ReconciliationProblem {
  check: ReconciliationCheckType;
  /** What is wrong: an account id, `transaction:<id>`, `pie:<id>`, `lot:<pieId>/<artistKey>` … */
  subject: string;
  expected: string;
  found: string;
  message: string;
}

export interface CheckResult {
  check: ReconciliationCheckType;
  /** How many things the check looked at (transactions and accounts, fans, artist accounts and lots, pies …). */
  checked: number;
  problems: ReconciliationProblem[];
}

/** A ledger transaction as reconciliation reads it. */
export interface ReconciledTransaction {
  id: string;
  kind: TransactionKind;
  postings: readonly Posting[];
  status: 'pending' | 'complete';
  at: string;
  chunkCount: number;
  references: Readonly<Record<string, string>>;
}

export interface ReconciledEntry {
  accountId: AccountId;
  transactionId: string;
  kind: TransactionKind;
  amountCents: number;
  at: string;
}

/**
 * One account: its balance item (0 when it has none) and every entry under it, or, read from a clean run's checkpoint
 * on, the entries since and what the entries before them sum to (`openingCents`, all of a kind that may be there).
 */
export interface ReconciledAccount {
  accountId: AccountId;
  balanceCents: number;
  entries: readonly ReconciledEntry[];
  /** What the account's entries before `entries` sum to, as a clean run found them (0 or absent: none before). */
  openingCents?: number;
}

export interface LedgerSnapshot {
  accounts: ReadonlyMap<AccountId, ReconciledAccount>;
  /** Every transaction an entry names, found or not (null: an entry names a transaction that does not exist). */
  transactions: ReadonlyMap<string, ReconciledTransaction | null>;
}

/** A chunked transaction still pending after this long is stuck: the next write of its key finishes it. */
export const pendingGraceMs = 5 * 60 * 1000;
/**
 * The jobs that split pies and return held lots run daily: a pie or lot is late only once a whole run has passed
 * since it became due (a day and two hours, for a run that starts late).
 */
export const dailyJobGraceMs = 26 * 60 * 60 * 1000;

/** A figure in cents as a finding shows it. */
export const cents = (value: number) => String(value);
export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
