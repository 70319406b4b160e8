// Reconciliation's ledger check: every transaction balances and is its entries, every balance item is the sum of
// its entries, nothing stays pending, no account people are owed goes below zero.
import { isGuardedAccount, parseAccountId } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciledEntry, ReconciliationProblem } from './checks';
import { cents, pendingGraceMs, sum } from './checks';

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
    const total = (account.openingCents ?? 0) + sum(account.entries.map((entry) => entry.amountCents));
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
