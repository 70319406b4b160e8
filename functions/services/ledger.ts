// The one service that moves money (DESIGN §5, docs/decisions/019-ledger.md): every payment, fee, split, payout and
// correction is a transaction posted here. It checks the ledger's rules, writes through data/ledger.ts and turns
// what the write came to into the product's errors: a refused guard, a reused key or a second reversal is a 409.
import type { LedgerEntry, LedgerEntryPage, StoredTransaction, WriteLedgerOptions } from '../data/ledger';
import {
  getLedgerBalance,
  getLedgerTransaction,
  listLedgerEntries,
  listLedgerEntriesSince,
  transactionIdOf,
  writeLedgerTransaction,
} from '../data/ledger';
import type { TableRef, TransactionItem } from '../data/table';
import { AppError } from '../domain/errors';
import type { AccountId, TransactionDraft, TransactionReferences } from '../domain/money/ledger';
import { buildReversal, LedgerRuleError, validateTransaction } from '../domain/money/ledger';
import type { Clock } from '../runtime/clock';

export interface LedgerDependencies {
  table: TableRef;
  clock: Clock;
  /** Tests only (see WriteLedgerOptions). */
  failBeforeChunk?: WriteLedgerOptions['failBeforeChunk'];
}

export interface PostedTransaction {
  transaction: StoredTransaction;
  /** False when the idempotency key was written before: the first result is answered and nothing is written. */
  written: boolean;
}

function toValid<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof LedgerRuleError) throw new AppError('bad_request', error.message, { cause: error });
    throw error;
  }
}

/** A transaction's date: when its money moved, if that is known and earlier, else when it is booked. */
function dateOf(deps: LedgerDependencies, occurredAt: Date | undefined): Date {
  const now = deps.clock.now();
  return occurredAt && occurredAt.getTime() < now.getTime() ? occurredAt : now;
}

async function write(
  deps: LedgerDependencies,
  transaction: ReturnType<typeof validateTransaction>,
  alongside: readonly TransactionItem[] = [],
  occurredAt?: Date,
): Promise<PostedTransaction> {
  const result = await writeLedgerTransaction(deps.table, transaction, {
    at: dateOf(deps, occurredAt),
    ...(deps.failBeforeChunk ? { failBeforeChunk: deps.failBeforeChunk } : {}),
    ...(alongside.length > 0 ? { alongside } : {}),
  });
  switch (result.outcome) {
    case 'written':
    case 'repeated':
      return { transaction: result.transaction, written: result.outcome === 'written' };
    case 'key-conflict':
      throw new AppError('conflict', undefined, { code: 'idempotency_key_reused' });
    case 'insufficient-balance':
      // The registry's sentence for people; the account (an internal id) only in the cause, for the logs.
      throw new AppError('conflict', undefined, {
        code: 'insufficient_balance',
        cause: new Error(`Not enough money in ${result.accountId}`),
      });
    case 'already-reversed':
      throw new AppError('conflict', undefined, { code: 'already_reversed' });
    case 'alongside-refused':
      throw new AlongsideRefusedError();
  }
}

/** An item written alongside a transaction failed its own condition, so nothing was written. */
export class AlongsideRefusedError extends Error {
  constructor() {
    super('An item written alongside the ledger transaction refused it; nothing was written.');
    this.name = 'AlongsideRefusedError';
  }
}

/**
 * Posts a transaction that fits one chunk together with `alongside` items (e.g. a lot leaving escrow) in one
 * TransactWriteItems: a retry answers the first result (`written: false`); null, and nothing written, when an
 * alongside item's condition failed.
 */
export async function postTransactionAlongside(
  deps: LedgerDependencies,
  draft: Omit<TransactionDraft, 'reverses'>,
  alongside: readonly TransactionItem[],
): Promise<PostedTransaction | null> {
  const transaction = toValid(() => validateTransaction(draft));
  try {
    return await write(deps, transaction, alongside, draft.occurredAt);
  } catch (error) {
    if (error instanceof AlongsideRefusedError) return null;
    throw error;
  }
}

/** Posts a transaction once per idempotency key; a retry answers the first result and writes nothing. */
export async function postTransaction(
  deps: LedgerDependencies,
  draft: Omit<TransactionDraft, 'reverses'>,
): Promise<PostedTransaction> {
  const transaction = toValid(() => validateTransaction(draft));
  return write(deps, transaction, [], draft.occurredAt);
}

/**
 * Corrects a transaction by one that negates each of its postings, linked both ways (`reverses`, `reversedBy`).
 * A retry with the same key answers the first reversal; a second reversal under another key is refused.
 */
export async function reverseTransaction(
  deps: LedgerDependencies,
  {
    transactionId,
    idempotencyKey,
    references = {},
  }: {
    transactionId: string;
    idempotencyKey: string;
    references?: TransactionReferences;
  },
): Promise<PostedTransaction> {
  const original = await getLedgerTransaction(deps.table, transactionId);
  if (!original) throw new AppError('not_found', 'There is no such ledger transaction.');
  const reversal = toValid(() => buildReversal(original, idempotencyKey, references));
  if (original.reversedBy && original.reversedBy !== transactionIdOf(idempotencyKey)) {
    throw new AppError('conflict', undefined, { code: 'already_reversed' });
  }
  return write(deps, reversal);
}

/** The balance of an account, in cents. */
export function getBalance(deps: Pick<LedgerDependencies, 'table'>, accountId: AccountId): Promise<number> {
  return getLedgerBalance(deps.table, accountId);
}

/** An account's entries, newest first; pass the answer's cursor for the next page. */
export function listEntries(
  deps: Pick<LedgerDependencies, 'table'>,
  accountId: AccountId,
  page: { limit?: number; cursor?: string | null } = {},
): Promise<LedgerEntryPage> {
  return getLedgerEntriesChecked(deps.table, accountId, page);
}

/** Every entry of an account, oldest first, through all its pages (a fan's wallet, the reconciliation). */
export function listAllEntries(
  deps: Pick<LedgerDependencies, 'table'>,
  accountId: AccountId,
): Promise<LedgerEntry[]> {
  return listLedgerEntriesSince(deps.table, accountId, null);
}

async function getLedgerEntriesChecked(
  table: TableRef,
  accountId: AccountId,
  page: { limit?: number; cursor?: string | null },
): Promise<LedgerEntryPage> {
  try {
    return await listLedgerEntries(table, accountId, page);
  } catch (error) {
    if (
      error instanceof SyntaxError ||
      error instanceof RangeError ||
      (error as { name?: string }).name === 'ZodError'
    ) {
      throw new AppError('bad_request', 'This page cursor is not valid.', { cause: error });
    }
    throw error;
  }
}

/** A transaction with its postings, or a 404. */
export async function getTransaction(
  deps: Pick<LedgerDependencies, 'table'>,
  transactionId: string,
): Promise<StoredTransaction> {
  const transaction = await getLedgerTransaction(deps.table, transactionId);
  if (!transaction) throw new AppError('not_found', 'There is no such ledger transaction.');
  return transaction;
}
