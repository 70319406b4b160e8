// Reconciliation's wallet check: each fan's wallet is what was paid in, less fees, splits and refunds, plus what
// was given back and returned, and every movement of it comes from a kind of movement that may make it.
import type { AccountId, TransactionKind } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciledEntry, ReconciliationProblem } from './checks';
import { cents, sum } from './checks';

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
    // What a clean run found before the entries read counts whole: every entry of it was of a kind that may be there.
    const opening = sum(accounts.map((account) => account.openingCents ?? 0));
    const expected = opening + walletOf(walletFiguresOf(entries));
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
