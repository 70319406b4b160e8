// The double-entry ledger's rules (DESIGN §5, docs/decisions/019-ledger.md), pure: which accounts exist, what a
// transaction is, and how one too large for a single TransactWriteItems is cut into chunks that each balance.
// A posting's amount is added to its account's balance: money moving from A to B posts A −x and B +x, so the
// accounts money enters from (Stripe clearing, promo funding) run negative by what came in.

export const accountTypes = [
  'stripe-clearing',
  'processing-fees',
  'platform-fees',
  'promo-funding',
  'dispute-losses',
  /** Money the platform lost: a refund of money already split, Stripe's fee it keeps on a refund. */
  'platform-losses',
  'fan-wallet',
  /**
   * The money of one pie while it is in the fan's wallet (owner: the pie id): its payment less Stripe's fee and what
   * refunds took, later what its lots returned and what it kept when it had nothing to split. A fan's wallet is their
   * `fan-wallet` account (credit that came from no payment: give-backs) plus the `pie-funds` of their pies, so every
   * cent in it knows the payment it came from (docs/decisions/031-money-by-origin.md).
   */
  'pie-funds',
  /** Escrow returns that had no fan to go back to (the fan deleted their account): kept for staff to see. */
  'deleted-fan-returns',
  'artist-earnings',
  'artist-name-earnings',
  'office-payable',
  'connect-in-flight',
  /**
   * A give-back too large for one transaction (owner: `<officeId>:<requestId>`): its first part takes the whole amount
   * from the office's payable and holds what later parts credit to fans; it ends at zero.
   */
  'give-back-in-flight',
  'ledger-clearing',
] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * OpenPie's own accounts, in the order staff read them: where money enters the ledger (Stripe clearing, promo
 * funding) and leaves it, the fees, then what OpenPie covered or keeps. Every movement reaches one of them or a fan's.
 */
export const platformAccountTypes = [
  'stripe-clearing',
  'processing-fees',
  'platform-fees',
  'promo-funding',
  'platform-losses',
  'dispute-losses',
  'deleted-fan-returns',
] as const satisfies readonly AccountType[];

/** Balances people are owed and can spend: never below zero, checked inside the write that would lower them. */
export const guardedAccountTypes: ReadonlySet<AccountType> = new Set([
  'fan-wallet',
  'pie-funds',
  'office-payable',
]);

export const transactionKinds = [
  'fan-payment',
  'processing-fee',
  'promo-funding',
  'split',
  'escrow-hold',
  'escrow-release',
  'escrow-return',
  'transfer',
  'transfer-reversal',
  'payout',
  'refund',
  'dispute',
  'dispute-fee',
  /** A dispute decided for us: Stripe gave the disputed money back, and it returns to where it was taken from. */
  'dispute-reinstated',
  'give-back',
  'reversal',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** `<type>:<owner>`; platform accounts are owned by `platform`, an artist known only by name by its normalised name. */
export type AccountId = `${AccountType}:${string}`;

export interface Account {
  id: AccountId;
  type: AccountType;
  owner: string;
}

export interface Posting {
  accountId: AccountId;
  amountCents: number;
}

/** Stripe ids, the pie, the payout: where the money movement came from, for people and reconciliation. */
export type TransactionReferences = Readonly<Record<string, string>>;

export interface TransactionDraft {
  kind: TransactionKind;
  /** Stripe event id, split run id, payout request id …: the same key is the same transaction, written once. */
  idempotencyKey: string;
  postings: readonly Posting[];
  references?: TransactionReferences;
  /** The transaction this one reverses (set by `buildReversal`). */
  reverses?: string;
  /**
   * When the money moved where it came from (Stripe charged the card), when that is before it is booked: the
   * transaction is dated then, never later than its booking. Absent: dated when it is booked.
   */
  occurredAt?: Date;
}

export interface ValidTransaction {
  kind: TransactionKind;
  idempotencyKey: string;
  /** Sorted by account id, so the same postings in any order are the same transaction. */
  postings: Posting[];
  references: Record<string, string>;
  reverses: string | null;
}

export class LedgerRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerRuleError';
  }
}

export const platformOwner = 'platform';
const maxOwnerLength = 200;
const maxKeyLength = 300;
/** A transaction item keeps its postings; 1,000 of about 80 bytes stays far below DynamoDB's 400 KB item limit. */
export const maxPostings = 1000;

const accountTypeSet: ReadonlySet<string> = new Set(accountTypes);
const kindSet: ReadonlySet<string> = new Set(transactionKinds);

export function accountIdOf(type: AccountType, owner: string): AccountId {
  if (owner.length === 0 || owner.length > maxOwnerLength || /\s/.test(owner)) {
    throw new LedgerRuleError(
      `An account owner is 1-${maxOwnerLength} characters without spaces, not "${owner}"`,
    );
  }
  return `${type}:${owner}`;
}

/** Splits an account id into type and owner; throws on an id of no known type. */
export function parseAccountId(id: string): Account {
  const at = id.indexOf(':');
  const type = id.slice(0, at);
  const owner = id.slice(at + 1);
  if (at <= 0 || !accountTypeSet.has(type) || owner.length === 0) {
    throw new LedgerRuleError(`"${id}" is not a ledger account`);
  }
  return { id: id as AccountId, type: type as AccountType, owner };
}

/**
 * The fan whose money an account holds: a fan's wallet names its fan, a pie's funds the fan of that pie (looked up in
 * `fanOfPie`); any other account, or a pie not in the map, is no fan's.
 */
export function fanOfAccount(id: string, fanOfPie: ReadonlyMap<string, string>): string | undefined {
  const account = parseAccountId(id);
  if (account.type === 'fan-wallet') return account.owner;
  return account.type === 'pie-funds' ? fanOfPie.get(account.owner) : undefined;
}

export function isGuardedAccount(id: AccountId): boolean {
  return guardedAccountTypes.has(parseAccountId(id).type);
}

/** The clearing account a chunked transaction balances through: its own, so it ends at zero and is no hot item. */
export function clearingAccountOf(transactionId: string): AccountId {
  return accountIdOf('ledger-clearing', transactionId);
}

/**
 * Checks a draft against the ledger's rules: a known kind, an idempotency key, integer cents only, no zero posting, no
 * account twice (one TransactWriteItems cannot touch an item twice, and a double posting is a mistake), at least two
 * postings, and a sum of zero. Answers the transaction with its postings in account order.
 */
export function validateTransaction(draft: TransactionDraft): ValidTransaction {
  if (!kindSet.has(draft.kind)) throw new LedgerRuleError(`"${draft.kind}" is not a transaction kind`);
  if (draft.idempotencyKey.length === 0 || draft.idempotencyKey.length > maxKeyLength) {
    throw new LedgerRuleError(`An idempotency key is 1-${maxKeyLength} characters`);
  }
  if (draft.postings.length < 2) throw new LedgerRuleError('A transaction has at least two postings');
  if (draft.postings.length > maxPostings) {
    throw new LedgerRuleError(`A transaction has at most ${maxPostings} postings`);
  }
  const seen = new Set<string>();
  let sum = 0;
  for (const posting of draft.postings) {
    const account = parseAccountId(posting.accountId);
    if (account.type === 'ledger-clearing') {
      throw new LedgerRuleError('Clearing accounts are posted to only by chunking');
    }
    if (!Number.isSafeInteger(posting.amountCents)) {
      throw new LedgerRuleError(`${posting.accountId}: amounts are whole cents, not ${posting.amountCents}`);
    }
    if (posting.amountCents === 0) throw new LedgerRuleError(`${posting.accountId}: a posting of 0 cents`);
    if (seen.has(posting.accountId)) throw new LedgerRuleError(`${posting.accountId} is posted to twice`);
    seen.add(posting.accountId);
    sum += posting.amountCents;
  }
  if (!Number.isSafeInteger(sum) || sum !== 0) {
    throw new LedgerRuleError(`The postings sum to ${sum} cents, not 0`);
  }
  const references = { ...(draft.references ?? {}) };
  return {
    kind: draft.kind,
    idempotencyKey: draft.idempotencyKey,
    postings: [...draft.postings]
      .map(({ accountId, amountCents }) => ({ accountId, amountCents }))
      .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0)),
    references,
    reverses: draft.reverses ?? null,
  };
}

/**
 * What makes two writes under one idempotency key the same transaction: kind, postings, references and what it
 * reverses, never the time (a retry comes later). A different fingerprint under a used key is a conflict.
 */
export function fingerprintOf(transaction: ValidTransaction): string {
  const references = Object.keys(transaction.references)
    .sort()
    .map((key) => [key, transaction.references[key]]);
  return JSON.stringify([
    transaction.kind,
    transaction.postings.map((posting) => [posting.accountId, posting.amountCents]),
    references,
    transaction.reverses,
  ]);
}

/** The correction of a transaction: every posting negated, linked to the original; entries are never edited. */
export function buildReversal(
  original: { id: string; postings: readonly Posting[] },
  idempotencyKey: string,
  references: TransactionReferences = {},
): ValidTransaction {
  return validateTransaction({
    kind: 'reversal',
    idempotencyKey,
    postings: original.postings.map((posting) => ({
      accountId: posting.accountId,
      amountCents: -posting.amountCents,
    })),
    references,
    reverses: original.id,
  });
}

/**
 * Items of one TransactWriteItems call is 100. A transaction written whole takes its header, perhaps the link on the
 * transaction it reverses, and two items per posting (balance, entry): 48 postings. A chunk also takes its clearing
 * posting (two items) and the header's completion: 47 postings.
 */
export const postingsInOneWrite = 48;
export const postingsPerChunk = 47;

/**
 * Cuts a transaction too large for one write into chunks that each sum to zero through `clearingAccount`. Debits of
 * guarded accounts go first, so the only chunk that can be refused for want of money is the first, which writes
 * nothing when refused; a transaction with more guarded debits than one chunk holds is refused outright. A
 * transaction small enough answers one chunk without a clearing posting.
 */
export function planChunks(postings: readonly Posting[], clearingAccount: AccountId): Posting[][] {
  if (postings.length <= postingsInOneWrite) return [postings.map((posting) => ({ ...posting }))];
  const guardedDebits = postings.filter((p) => p.amountCents < 0 && isGuardedAccount(p.accountId));
  if (guardedDebits.length > postingsPerChunk) {
    throw new LedgerRuleError(`A chunked transaction debits at most ${postingsPerChunk} guarded accounts`);
  }
  const rest = postings.filter((p) => !(p.amountCents < 0 && isGuardedAccount(p.accountId)));
  const ordered = [...guardedDebits, ...rest];
  const chunks: Posting[][] = [];
  for (let start = 0; start < ordered.length; start += postingsPerChunk) {
    const chunk = ordered.slice(start, start + postingsPerChunk).map((posting) => ({ ...posting }));
    const sum = chunk.reduce((acc, posting) => acc + posting.amountCents, 0);
    if (sum !== 0) chunk.push({ accountId: clearingAccount, amountCents: -sum });
    chunks.push(chunk);
  }
  return chunks;
}
