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

/** One movement of a Stripe balance as the stripe check reads it. */
export interface StripeBalanceMovement {
  id: string;
  amountCents: number;
  feeCents: number;
  reportingCategory: string;
  sourceId: string | null;
  /** The connected account whose balance it moved; null for the platform's own. */
  accountId: string | null;
}

/** What the ledger says of one Stripe object: the transactions that name it and what they put in one account. */
interface Booked {
  transactionIds: string[];
  cents: number;
}

/** The Stripe objects the ledger names, each with what its transactions posted to clearing (or fees). */
export interface LedgerStripeIndex {
  /** Charge id → fan payments: Stripe clearing. */
  charges: Map<string, Booked>;
  /** Charge id → processing fees: the processing-fees account. */
  chargeFees: Map<string, Booked>;
  /** Refund id → Stripe clearing. */
  refunds: Map<string, Booked>;
  /** Dispute id → what the dispute took back: Stripe clearing. */
  disputes: Map<string, Booked>;
  /** Dispute id → what a dispute decided for us gave back: Stripe clearing. */
  disputesReinstated: Map<string, Booked>;
  /** Balance transaction id → a dispute's fee: Stripe clearing. */
  disputeFees: Map<string, Booked>;
  /** Stripe payout id (a connected account's) → the payout's settlement: Stripe clearing. */
  payoutSettlements: Map<string, Booked>;
}

/** Each Stripe id the ledger names in a transaction of the period, with the transaction and the category. */
export interface LedgerStripeReference {
  transactionId: string;
  sourceId: string;
  category: 'charge' | 'refund' | 'dispute' | 'payout';
  /** The connected account, for a payout. */
  accountId: string | null;
}

function book(map: Map<string, Booked>, key: string | undefined, transactionId: string, cents: number) {
  if (!key) return;
  const booked = map.get(key) ?? { transactionIds: [], cents: 0 };
  booked.transactionIds.push(transactionId);
  booked.cents += cents;
  map.set(key, booked);
}

/** The Stripe objects every transaction of the ledger names, with what each put in Stripe clearing or fees. */
export function indexLedgerStripe(
  snapshot: LedgerSnapshot,
  clearingAccount: AccountId,
  feesAccount: AccountId,
): LedgerStripeIndex {
  const index: LedgerStripeIndex = {
    charges: new Map(),
    chargeFees: new Map(),
    refunds: new Map(),
    disputes: new Map(),
    disputesReinstated: new Map(),
    disputeFees: new Map(),
    payoutSettlements: new Map(),
  };
  for (const transaction of snapshot.transactions.values()) {
    if (!transaction) continue;
    const on = (accountId: AccountId) =>
      sum(transaction.postings.filter((p) => p.accountId === accountId).map((p) => p.amountCents));
    const refs = transaction.references;
    const clearing = on(clearingAccount);
    const id = transaction.id;
    if (transaction.kind === 'fan-payment') book(index.charges, refs['chargeId'], id, clearing);
    else if (transaction.kind === 'processing-fee')
      book(index.chargeFees, refs['chargeId'], id, on(feesAccount));
    else if (transaction.kind === 'refund') book(index.refunds, refs['refundId'], id, clearing);
    else if (transaction.kind === 'dispute') book(index.disputes, refs['disputeId'], id, clearing);
    else if (transaction.kind === 'dispute-reinstated')
      book(index.disputesReinstated, refs['disputeId'], id, clearing);
    else if (transaction.kind === 'dispute-fee')
      book(index.disputeFees, refs['balanceTransactionId'], id, clearing);
    else if (transaction.kind === 'transfer')
      book(index.payoutSettlements, refs['stripePayoutId'], id, clearing);
  }
  return index;
}

/**
 * The Stripe objects named by the ledger's transactions of `[from, to)`, so the service can look up at Stripe those
 * whose balance transactions fall outside the period's list (a charge settled the second before it began).
 */
export function ledgerStripeReferences(
  snapshot: LedgerSnapshot,
  payouts: readonly ReconciledPayout[],
  from: Date,
  to: Date,
): LedgerStripeReference[] {
  const accountOfPayout = new Map(
    payouts.flatMap((p) => (p.stripePayoutId ? [[p.stripePayoutId, p.stripeAccountId] as const] : [])),
  );
  const references: LedgerStripeReference[] = [];
  for (const transaction of snapshot.transactions.values()) {
    if (!transaction) continue;
    const at = Date.parse(transaction.at);
    if (at < from.getTime() || at >= to.getTime()) continue;
    const refs = transaction.references;
    const add = (category: LedgerStripeReference['category'], sourceId: string | undefined) => {
      if (!sourceId) return;
      const accountId = category === 'payout' ? (accountOfPayout.get(sourceId) ?? null) : null;
      references.push({ transactionId: transaction.id, sourceId, category, accountId });
    };
    if (transaction.kind === 'fan-payment') add('charge', refs['chargeId']);
    else if (transaction.kind === 'refund') add('refund', refs['refundId']);
    else if (transaction.kind === 'dispute') add('dispute', refs['disputeId']);
    else if (transaction.kind === 'transfer') add('payout', refs['stripePayoutId']);
  }
  return references;
}

/**
 * The categories of the platform's balance the stripe check compares (a connected account's: `payout`); the others
 * (the platform's own bank payouts, transfer reversals …) are not on the ledger.
 */
const platformCategories: ReadonlySet<string> = new Set([
  'charge',
  'refund',
  'dispute',
  'dispute_reversal',
  'fee',
  'transfer',
]);

/**
 * The stripe check: the ledger's Stripe clearing and processing-fees accounts against Stripe's balance transactions,
 * by `reporting_category`, each Stripe object against the ledger transactions that name it. From Stripe's side,
 * each movement of the period: a charge is booked as a fan payment of its amount and a processing fee of its fee; a
 * refund, a dispute and a dispute decided for us move Stripe clearing by what they moved Stripe's balance, and a
 * dispute's fee is booked by its balance transaction; a fee Stripe billed on its own is booked; a transfer is a
 * payout's net (and its settlement, once paid); a connected account's bank payout is a payout's net. From the
 * ledger's side, every charge, refund, dispute and bank payout a transaction of the period names exists at Stripe.
 */
export function checkStripe(input: {
  snapshot: LedgerSnapshot;
  /**
   * The balance transactions of the period (the platform's, and the connected accounts' payouts), with those looked
   * up by source for the ledger's transactions of the period whose Stripe object moved money just outside it.
   */
  movements: readonly StripeBalanceMovement[];
  payouts: readonly ReconciledPayout[];
  references: readonly LedgerStripeReference[];
  clearingAccount: AccountId;
  feesAccount: AccountId;
  /** A ledger transaction this recent may not have its Stripe balance transaction yet (async capture). */
  settledBefore: Date;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (subject: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'stripe', subject, expected, found, message });
  const index = indexLedgerStripe(input.snapshot, input.clearingAccount, input.feesAccount);
  const payoutOfTransfer = new Map(
    input.payouts.flatMap((p) => (p.transferId ? [[p.transferId, p] as const] : [])),
  );
  const payoutOfBankPayout = new Map(
    input.payouts.flatMap((p) => (p.stripePayoutId ? [[p.stripePayoutId, p] as const] : [])),
  );
  const named = (booked: Booked | undefined) =>
    booked ? booked.transactionIds.map((id) => `transaction:${id}`).join(', ') : 'no ledger transaction';
  const compare = (
    category: string,
    subject: string,
    booked: Booked | undefined,
    expectedCents: number,
    what: string,
  ) => {
    if (booked && booked.cents === expectedCents) return;
    problem(
      subject,
      `${expectedCents} in the ledger (${category})`,
      booked ? `${booked.cents} in ${named(booked)}` : 'not booked',
      booked
        ? `Stripe's ${what} ${subject} moved ${expectedCents} cents the ledger books as ${booked.cents}.`
        : `Stripe's ${what} ${subject} (${expectedCents} cents) has no booking on the ledger.`,
    );
  };
  let checked = 0;
  for (const movement of input.movements) {
    const source = movement.sourceId ?? movement.id;
    const expected = -movement.amountCents;
    const category = movement.reportingCategory;
    if (movement.accountId !== null) {
      // A connected account's balance: only its bank payouts are the ledger's business.
      if (category !== 'payout') continue;
      checked += 1;
      const payout = payoutOfBankPayout.get(source);
      if (!payout || payout.stripeAccountId !== movement.accountId) {
        problem(
          source,
          'a payout of an office',
          `a bank payout of ${expected} cents from ${movement.accountId}`,
          `Stripe paid ${expected} cents out of ${movement.accountId} to its bank, and no payout of an office names it.`,
        );
        continue;
      }
      if (payout.netCents !== expected) {
        problem(
          source,
          `${payout.netCents} (payout:${payout.id})`,
          cents(expected),
          `Stripe's bank payout ${source} is not the net of payout ${payout.id}.`,
        );
      }
      const settlement = index.payoutSettlements.get(source);
      if (settlement && settlement.cents !== expected)
        compare('payout', source, settlement, expected, 'payout');
      continue;
    }
    // The platform's own payouts to OpenPie's bank, transfer reversals and the rest are not on the ledger.
    if (!platformCategories.has(category)) continue;
    checked += 1;
    if (category === 'charge') {
      compare('charge', source, index.charges.get(source), expected, 'charge');
      if (movement.feeCents !== 0) {
        const fee = index.chargeFees.get(source);
        if (!fee || fee.cents !== movement.feeCents) {
          problem(
            source,
            `${movement.feeCents} in processing fees (fee)`,
            fee ? `${fee.cents} in ${named(fee)}` : 'not booked',
            `Stripe's fee on charge ${source} is ${movement.feeCents} cents; the ledger's processing fee is ${fee ? fee.cents : 'missing'}.`,
          );
        }
      }
    } else if (category === 'refund') {
      compare('refund', source, index.refunds.get(source), expected, 'refund');
    } else if (category === 'dispute' || category === 'dispute_reversal') {
      const booked =
        category === 'dispute' ? index.disputes.get(source) : index.disputesReinstated.get(source);
      compare(category, source, booked, expected, category === 'dispute' ? 'dispute' : 'dispute reversal');
      if (movement.feeCents !== 0) {
        const fee = index.disputeFees.get(movement.id);
        if (!fee || fee.cents !== movement.feeCents) {
          problem(
            source,
            `${movement.feeCents} dispute fee (fee, ${movement.id})`,
            fee ? `${fee.cents} in ${named(fee)}` : 'not booked',
            `Stripe's dispute fee ${movement.id} of ${source} is ${movement.feeCents} cents; the ledger books ${fee ? fee.cents : 'none'}.`,
          );
        }
      }
    } else if (category === 'fee') {
      problem(
        movement.id,
        `a booking of Stripe's fee of ${-movement.amountCents}`,
        'not booked',
        `Stripe took a fee of ${-movement.amountCents} cents (${movement.id}) on its own that the ledger has not booked.`,
      );
    } else if (category === 'transfer') {
      const payout = payoutOfTransfer.get(source);
      if (!payout) {
        problem(
          source,
          'a payout of an office',
          `a transfer of ${expected} cents`,
          `Stripe transferred ${expected} cents (${source}) and no payout of an office names it.`,
        );
      } else if (payout.netCents !== expected) {
        problem(
          source,
          `${payout.netCents} (payout:${payout.id})`,
          cents(expected),
          `Stripe's transfer ${source} is not the net of payout ${payout.id}.`,
        );
      }
    }
  }
  const known = new Set(input.movements.map((movement) => movement.sourceId ?? movement.id));
  for (const reference of input.references) {
    const at = input.snapshot.transactions.get(reference.transactionId)?.at;
    if (at !== undefined && Date.parse(at) >= input.settledBefore.getTime()) continue;
    checked += 1;
    if (known.has(reference.sourceId)) continue;
    problem(
      `transaction:${reference.transactionId}`,
      `Stripe's ${reference.category} ${reference.sourceId}`,
      'none at Stripe',
      `The ledger books Stripe's ${reference.category} ${reference.sourceId}, which has no balance transaction at Stripe.`,
    );
  }
  return { check: 'stripe', checked, problems };
}
