// Reconciliation's rules (DESIGN §5, docs/decisions/038-reconciliation.md), pure: given what the table holds about
// money (the ledger's transactions, entries and balances, the pies and their receipts, the escrow lots), say every
// place where it does not add up. Each check names the thing that is wrong (`subject`), what it should be, what it
// is, and a sentence for staff. The service reads the table; nothing here reads or writes anything.
import type { EscrowLot } from '../money/escrow';
import type { AccountId, Posting, TransactionKind } from '../money/ledger';
import { isGuardedAccount, parseAccountId } from '../money/ledger';

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

/** One account: its balance item (0 when it has none) and every entry under it. */
export interface ReconciledAccount {
  accountId: AccountId;
  balanceCents: number;
  entries: readonly ReconciledEntry[];
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

const cents = (value: number) => String(value);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The ledger check: every transaction sums to zero and its entries are its postings; every balance item equals the
 * sum of its entries; no entry names a transaction that does not exist; no chunked transaction stays pending past a
 * few minutes; no guarded account (a balance people are owed) is below zero.
 */
export function checkLedger(snapshot: LedgerSnapshot, now: Date): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (subject: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'ledger', subject, expected, found, message });
  const entriesOf = new Map<string, ReconciledEntry[]>();
  for (const account of snapshot.accounts.values()) {
    for (const entry of account.entries) {
      const list = entriesOf.get(entry.transactionId) ?? [];
      list.push(entry);
      entriesOf.set(entry.transactionId, list);
    }
  }
  for (const [id, transaction] of snapshot.transactions) {
    const subject = `transaction:${id}`;
    if (!transaction) {
      const orphans = entriesOf.get(id) ?? [];
      for (const entry of orphans) {
        problem(
          entry.accountId,
          'an entry of an existing transaction',
          `an entry of ${entry.amountCents} cents naming transaction ${id}, which does not exist`,
          `An entry of ${entry.accountId} belongs to no transaction.`,
        );
      }
      continue;
    }
    const total = sum(transaction.postings.map((posting) => posting.amountCents));
    if (total !== 0) {
      problem(
        subject,
        cents(0),
        cents(total),
        `Transaction ${id} (${transaction.kind}) does not sum to zero.`,
      );
    }
    const pendingFor = now.getTime() - Date.parse(transaction.at);
    if (transaction.status === 'pending' && pendingFor > pendingGraceMs) {
      problem(
        subject,
        'complete',
        `pending for ${Math.round(pendingFor / 60_000)} minutes`,
        `Chunked transaction ${id} (${transaction.kind}) was left half-written.`,
      );
      continue;
    }
    if (transaction.status !== 'complete') continue;
    const posted = new Map<string, number>();
    for (const entry of entriesOf.get(id) ?? []) {
      if (parseAccountId(entry.accountId).type === 'ledger-clearing') continue;
      posted.set(entry.accountId, (posted.get(entry.accountId) ?? 0) + entry.amountCents);
    }
    for (const posting of transaction.postings) {
      const found = posted.get(posting.accountId) ?? 0;
      posted.delete(posting.accountId);
      if (found !== posting.amountCents) {
        problem(
          `${subject}/${posting.accountId}`,
          cents(posting.amountCents),
          cents(found),
          `Transaction ${id} (${transaction.kind}) posts ${posting.amountCents} cents to ${posting.accountId}, its entries ${found}.`,
        );
      }
    }
    for (const [accountId, found] of posted) {
      if (found === 0) continue;
      problem(
        `${subject}/${accountId}`,
        cents(0),
        cents(found),
        `Transaction ${id} has entries on ${accountId}, which it does not post to.`,
      );
    }
  }
  for (const account of snapshot.accounts.values()) {
    const total = sum(account.entries.map((entry) => entry.amountCents));
    if (total !== account.balanceCents) {
      problem(
        account.accountId,
        cents(total),
        cents(account.balanceCents),
        `The balance of ${account.accountId} is not the sum of its entries.`,
      );
    }
    if (isGuardedAccount(account.accountId) && account.balanceCents < 0) {
      problem(
        account.accountId,
        'at least 0',
        cents(account.balanceCents),
        `${account.accountId} is owed to someone and may never be negative.`,
      );
    }
  }
  return { check: 'ledger', checked: snapshot.transactions.size + snapshot.accounts.size, problems };
}

/** How each kind of movement counts in a fan's wallet: what it adds and what it takes. */
const walletCredits: ReadonlySet<TransactionKind> = new Set([
  'fan-payment',
  'promo-funding',
  'give-back',
  'escrow-return',
  'dispute-reinstated',
  'reversal',
]);
const walletDebits: ReadonlySet<TransactionKind> = new Set([
  'processing-fee',
  'split',
  'refund',
  'dispute',
  'dispute-fee',
  'reversal',
]);

export interface FanWallet {
  fanId: string;
  /** `fan-wallet:<fanId>` and the `pie-funds` account of each of the fan's pies. */
  accountIds: readonly AccountId[];
}

/** The figures a wallet is built from, in cents (debits as positive amounts taken). */
export interface WalletFigures {
  paidInCents: number;
  feesCents: number;
  splitCents: number;
  refundedCents: number;
  givenBackCents: number;
  returnedCents: number;
  reversedCents: number;
}

export function walletFiguresOf(entries: readonly ReconciledEntry[]): WalletFigures {
  const figures: WalletFigures = {
    paidInCents: 0,
    feesCents: 0,
    splitCents: 0,
    refundedCents: 0,
    givenBackCents: 0,
    returnedCents: 0,
    reversedCents: 0,
  };
  for (const entry of entries) {
    const amount = entry.amountCents;
    if (entry.kind === 'reversal') figures.reversedCents += amount;
    else if (amount > 0 && (entry.kind === 'fan-payment' || entry.kind === 'promo-funding'))
      figures.paidInCents += amount;
    else if (amount > 0 && entry.kind === 'give-back') figures.givenBackCents += amount;
    else if (amount > 0 && (entry.kind === 'escrow-return' || entry.kind === 'dispute-reinstated'))
      figures.returnedCents += amount;
    else if (amount < 0 && entry.kind === 'processing-fee') figures.feesCents -= amount;
    else if (amount < 0 && entry.kind === 'split') figures.splitCents -= amount;
    else if (
      amount < 0 &&
      (entry.kind === 'refund' || entry.kind === 'dispute' || entry.kind === 'dispute-fee')
    )
      figures.refundedCents -= amount;
  }
  return figures;
}

/** paid in − fees − split − refunded + given back + returned (± reversals). */
export function walletOf(figures: WalletFigures): number {
  return (
    figures.paidInCents -
    figures.feesCents -
    figures.splitCents -
    figures.refundedCents +
    figures.givenBackCents +
    figures.returnedCents +
    figures.reversedCents
  );
}

/**
 * The wallet check: each fan's wallet (the balances of their accounts) equals what was paid in, less Stripe's fees,
 * what was split and what was refunded, plus what offices gave back and escrow returned, all from the ledger's
 * entries; every credit of a fan's wallet comes from a movement that may credit it (its origin), every debit from
 * one that may debit it.
 */
export function checkWallets(snapshot: LedgerSnapshot, wallets: readonly FanWallet[]): CheckResult {
  const problems: ReconciliationProblem[] = [];
  for (const wallet of wallets) {
    const accounts = wallet.accountIds.flatMap((id) => {
      const account = snapshot.accounts.get(id);
      return account ? [account] : [];
    });
    const entries = accounts.flatMap((account) => account.entries);
    for (const entry of entries) {
      const allowed = entry.amountCents > 0 ? walletCredits : walletDebits;
      if (entry.amountCents === 0 || allowed.has(entry.kind)) continue;
      const credit = entry.amountCents > 0;
      problems.push({
        check: 'wallet',
        subject: `${entry.accountId}/transaction:${entry.transactionId}`,
        expected: credit ? [...walletCredits].join(' | ') : [...walletDebits].join(' | '),
        found: `${entry.kind} ${entry.amountCents}`,
        message: credit
          ? `Fan ${wallet.fanId}'s wallet got ${entry.amountCents} cents from a ${entry.kind}, which is no origin of wallet money.`
          : `Fan ${wallet.fanId}'s wallet lost ${-entry.amountCents} cents to a ${entry.kind}, which may not take wallet money.`,
      });
    }
    const expected = walletOf(walletFiguresOf(entries));
    const found = sum(accounts.map((account) => account.balanceCents));
    if (expected !== found) {
      problems.push({
        check: 'wallet',
        subject: `fan:${wallet.fanId}`,
        expected: cents(expected),
        found: cents(found),
        message: `Fan ${wallet.fanId}'s wallet is not paid in − fees − split − refunded + given back + returned.`,
      });
    }
  }
  return { check: 'wallet', checked: wallets.length, problems };
}

const artistAccountTypes: ReadonlySet<string> = new Set(['artist-earnings', 'artist-name-earnings']);

/**
 * The escrow check: each artist account holds exactly its held lots; no lot stays held past its holding period (a
 * daily run of grace); no lot of an artist an office has claimed is still held.
 */
export function checkEscrow(input: {
  snapshot: LedgerSnapshot;
  lots: readonly EscrowLot[];
  /** Catalogue artist ids with a successful claim. */
  claimedArtistIds: ReadonlySet<string>;
  now: Date;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const heldByAccount = new Map<string, number>();
  for (const account of input.snapshot.accounts.values()) {
    if (artistAccountTypes.has(parseAccountId(account.accountId).type))
      heldByAccount.set(account.accountId, 0);
  }
  for (const lot of input.lots) {
    if (lot.status !== 'held') continue;
    heldByAccount.set(lot.accountId, (heldByAccount.get(lot.accountId) ?? 0) + lot.cents);
    const subject = `lot:${lot.pieId}/${lot.artistKey}`;
    if (Date.parse(lot.heldUntil) + dailyJobGraceMs < input.now.getTime()) {
      problems.push({
        check: 'escrow',
        subject,
        expected: `returned after ${lot.heldUntil}`,
        found: 'held',
        message: `${lot.cents} cents held for ${lot.artistName} are still held past ${lot.heldUntil}.`,
      });
    }
    if (lot.artistId !== null && input.claimedArtistIds.has(lot.artistId)) {
      problems.push({
        check: 'escrow',
        subject,
        expected: 'released',
        found: 'held',
        message: `${lot.artistName} was claimed, yet ${lot.cents} cents are still held for them.`,
      });
    }
  }
  for (const [accountId, held] of heldByAccount) {
    const balance = input.snapshot.accounts.get(accountId as AccountId)?.balanceCents ?? 0;
    if (balance !== held) {
      problems.push({
        check: 'escrow',
        subject: accountId,
        expected: cents(held),
        found: cents(balance),
        message: `${accountId} does not hold exactly its held lots.`,
      });
    }
  }
  return { check: 'escrow', checked: heldByAccount.size + input.lots.length, problems };
}

/** A pie as the pie check reads it. */
export interface ReconciledPie {
  id: string;
  status: 'open' | 'inactive' | 'split';
  inactiveReason: 'renewal-failed' | 'refunded' | 'disputed' | null;
  periodEnd: string;
  splitRaisedAt?: string;
  /** The totals the pie item keeps of its receipt (null before the split). */
  receipt: {
    outcome: 'split' | 'nothing_to_split';
    allocatedCents: number;
    keptInWalletCents: number;
  } | null;
}

/** A pie's receipt item, as far as its money goes. */
export interface ReconciledReceipt {
  pieId: string;
  outcome: 'split' | 'nothing_to_split';
  allocatedCents: number;
  platformFeeCents: number;
  keptInWalletCents: number;
  payouts: readonly { artistKey: string; cents: number }[];
}

/**
 * The pie check: every pie past its end (a daily run of grace) that may be split is split, or raised to staff after
 * its split failed; each split pie has its receipt, the totals on the pie are the receipt's, and its split
 * transaction takes the receipt's allocated cents and platform fee from the fan and credits each paid artist its cents
 * and the platform its fee.
 */
export function checkPies(input: {
  pies: readonly ReconciledPie[];
  receipts: ReadonlyMap<string, ReconciledReceipt>;
  /** Each split pie's split transaction, by pie id (null: none written). */
  splits: ReadonlyMap<string, ReconciledTransaction | null>;
  accountOfArtistKey: (artistKey: string) => AccountId;
  platformFeesAccount: AccountId;
  now: Date;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (pieId: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'pie', subject: `pie:${pieId}`, expected, found, message });
  for (const pie of input.pies) {
    const splittable =
      pie.status === 'open' || (pie.status === 'inactive' && pie.inactiveReason === 'renewal-failed');
    if (splittable) {
      const late = Date.parse(pie.periodEnd) + dailyJobGraceMs < input.now.getTime();
      if (late && pie.splitRaisedAt === undefined) {
        problem(
          pie.id,
          'split or raised',
          pie.status,
          `Pie ${pie.id} ended ${pie.periodEnd} and was not split.`,
        );
      }
      continue;
    }
    if (pie.status !== 'split') continue;
    const receipt = input.receipts.get(pie.id);
    if (!receipt) {
      problem(pie.id, 'a receipt', 'none', `Pie ${pie.id} is split but has no receipt.`);
      continue;
    }
    if (
      !pie.receipt ||
      pie.receipt.outcome !== receipt.outcome ||
      pie.receipt.allocatedCents !== receipt.allocatedCents ||
      pie.receipt.keptInWalletCents !== receipt.keptInWalletCents
    ) {
      problem(
        pie.id,
        `${receipt.outcome} ${receipt.allocatedCents} allocated, ${receipt.keptInWalletCents} kept`,
        pie.receipt
          ? `${pie.receipt.outcome} ${pie.receipt.allocatedCents} allocated, ${pie.receipt.keptInWalletCents} kept`
          : 'no totals',
        `Pie ${pie.id}'s totals are not its receipt's.`,
      );
    }
    const owed = receipt.allocatedCents + receipt.platformFeeCents;
    const split = input.splits.get(pie.id) ?? null;
    if (receipt.outcome === 'nothing_to_split' || owed === 0) {
      if (split && split.postings.some((posting) => posting.amountCents !== 0)) {
        problem(
          pie.id,
          'no split transaction',
          `transaction ${split.id}`,
          `Pie ${pie.id} had nothing to split yet moved money.`,
        );
      }
      continue;
    }
    if (!split) {
      problem(pie.id, `a split of ${owed}`, 'none', `Pie ${pie.id}'s receipt has no split transaction.`);
      continue;
    }
    const taken = -sum(split.postings.filter((p) => p.amountCents < 0).map((p) => p.amountCents));
    if (taken !== owed) {
      problem(
        pie.id,
        cents(owed),
        cents(taken),
        `Pie ${pie.id}'s split takes ${taken} cents, not its receipt's allocated + platform fee.`,
      );
    }
    const credited = new Map<string, number>();
    for (const posting of split.postings) {
      if (posting.amountCents > 0)
        credited.set(posting.accountId, (credited.get(posting.accountId) ?? 0) + posting.amountCents);
    }
    const owedTo = new Map<string, number>();
    for (const payout of receipt.payouts) {
      const account = input.accountOfArtistKey(payout.artistKey);
      owedTo.set(account, (owedTo.get(account) ?? 0) + payout.cents);
    }
    if (receipt.platformFeeCents > 0) {
      owedTo.set(
        input.platformFeesAccount,
        (owedTo.get(input.platformFeesAccount) ?? 0) + receipt.platformFeeCents,
      );
    }
    for (const accountId of new Set([...owedTo.keys(), ...credited.keys()])) {
      const expected = owedTo.get(accountId) ?? 0;
      const found = credited.get(accountId) ?? 0;
      if (expected !== found) {
        problem(
          pie.id,
          `${expected} to ${accountId}`,
          `${found} to ${accountId}`,
          `Pie ${pie.id}'s split does not credit ${accountId} what its receipt says.`,
        );
      }
    }
  }
  return { check: 'pie', checked: input.pies.length, problems };
}

/** A payout of an office as the payout check reads it (data/payouts.ts). */
export interface ReconciledPayout {
  id: string;
  officeId: string;
  status: 'pending' | 'in_progress' | 'completed' | 'failed';
  amountCents: number;
  netCents: number;
  stripeAccountId: string;
  transactionId: string;
  transferId?: string;
  stripePayoutId?: string;
  settlementTransactionId?: string;
}

/** What Stripe says of a payout's two legs; absent when the payout has not reached that leg. */
export interface StripeLegs {
  /** null: Stripe knows no such transfer. */
  transfer?: { amountCents: number; destination: string | null } | null;
  /** null: Stripe knows no such payout of the connected account. */
  bankPayout?: { amountCents: number; status: string } | null;
}

/**
 * The payout check: each payout's booking takes its amount from the office payable and puts its net in flight; a
 * payout that was sent has its Stripe transfer of the net to the office's account; a completed one has its bank payout
 * of the net and the transaction that settled it out of flight; and each office's money in flight
 * (`connect-in-flight`) is exactly the net of its open payouts (pending or in progress).
 */
export function checkPayouts(input: {
  snapshot: LedgerSnapshot;
  payouts: readonly ReconciledPayout[];
  /** Every office, so an office with money in flight and no payout is seen. */
  officeIds: readonly string[];
  stripe: ReadonlyMap<string, StripeLegs>;
  inFlightAccountOf: (officeId: string) => AccountId;
  payableAccountOf: (officeId: string) => AccountId;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (subject: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'payout', subject, expected, found, message });
  const postedTo = (transaction: ReconciledTransaction | null | undefined, accountId: AccountId) =>
    sum((transaction?.postings ?? []).filter((p) => p.accountId === accountId).map((p) => p.amountCents));
  const openNet = new Map<string, number>(input.officeIds.map((id) => [id, 0]));
  for (const payout of input.payouts) {
    const subject = `payout:${payout.id}`;
    const inFlight = input.inFlightAccountOf(payout.officeId);
    const booking = input.snapshot.transactions.get(payout.transactionId);
    if (!booking) {
      problem(
        subject,
        `booking ${payout.transactionId}`,
        'none',
        `Payout ${payout.id} has no booking on the ledger.`,
      );
    } else {
      const taken = -postedTo(booking, input.payableAccountOf(payout.officeId));
      const sent = postedTo(booking, inFlight);
      if (taken !== payout.amountCents || sent !== payout.netCents) {
        problem(
          subject,
          `${payout.amountCents} from the payable, ${payout.netCents} in flight`,
          `${taken} from the payable, ${sent} in flight`,
          `Payout ${payout.id}'s booking is not its amounts.`,
        );
      }
    }
    if (payout.status === 'pending' || payout.status === 'in_progress') {
      openNet.set(payout.officeId, (openNet.get(payout.officeId) ?? 0) + payout.netCents);
    }
    const legs = input.stripe.get(payout.id) ?? {};
    if (payout.status === 'in_progress' || payout.status === 'completed') {
      if (!payout.transferId) {
        problem(subject, 'a transfer', 'none', `Payout ${payout.id} is ${payout.status} without a transfer.`);
      } else if (legs.transfer === null) {
        problem(
          subject,
          `transfer ${payout.transferId}`,
          'unknown to Stripe',
          `Stripe has no transfer of payout ${payout.id}.`,
        );
      } else if (
        legs.transfer &&
        (legs.transfer.amountCents !== payout.netCents ||
          legs.transfer.destination !== payout.stripeAccountId)
      ) {
        problem(
          subject,
          `${payout.netCents} to ${payout.stripeAccountId}`,
          `${legs.transfer.amountCents} to ${legs.transfer.destination ?? 'nobody'}`,
          `Payout ${payout.id}'s transfer at Stripe is not its net to its office's account.`,
        );
      }
    }
    if (payout.status === 'completed') {
      if (!payout.stripePayoutId || legs.bankPayout === null) {
        problem(subject, 'a bank payout', 'none', `Payout ${payout.id} is completed without a bank payout.`);
      } else if (legs.bankPayout && legs.bankPayout.amountCents !== payout.netCents) {
        problem(
          subject,
          cents(payout.netCents),
          cents(legs.bankPayout.amountCents),
          `Payout ${payout.id}'s bank payout is not its net.`,
        );
      }
      const settlement = payout.settlementTransactionId
        ? input.snapshot.transactions.get(payout.settlementTransactionId)
        : undefined;
      if (-postedTo(settlement, inFlight) !== payout.netCents) {
        problem(
          subject,
          `${payout.netCents} out of flight`,
          `${-postedTo(settlement, inFlight)} out of flight`,
          `Payout ${payout.id} is completed but its net was not settled out of flight.`,
        );
      }
    }
  }
  for (const [officeId, expected] of openNet) {
    const accountId = input.inFlightAccountOf(officeId);
    const found = input.snapshot.accounts.get(accountId)?.balanceCents ?? 0;
    if (found !== expected) {
      problem(
        accountId,
        cents(expected),
        cents(found),
        `Office ${officeId}'s money in flight is not its open payouts.`,
      );
    }
  }
  return { check: 'payout', checked: input.payouts.length + openNet.size, problems };
}
