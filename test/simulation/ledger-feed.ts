// The auditor's running reading of the money that crossed the platform's edge: every ledger transaction that posted
// to Stripe's clearing account (payments in, refunds, disputes, transfers) or to an office's in-flight account (its
// payouts), read from those accounts' entries after the last ones read, so a day costs what it added, never the whole
// ledger. Running totals by kind, and what was
// booked per checkout, refund and payout, answer the auditor's daily checks; the weekly full audit (a scan of the
// table) recomputes the same figures from scratch and compares them with these, so the feed is checked too.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredTransaction } from '../../functions/data/ledger';
import { getLedgerTransactions } from '../../functions/data/ledger';
import { ledgerAccountPartition, ledgerEntrySortPrefix } from '../../functions/data/keys';
import { getPie } from '../../functions/data/pies';
import type { TableRef } from '../../functions/data/table';

/** What crossed the edge, as the clearing account's postings say (the money identity's right-hand terms). */
export interface Edge {
  in: number;
  refunded: number;
  disputed: number;
  paidOut: number;
  other: number;
}

export const clearingAccount = 'stripe-clearing:platform';

/** Adds one transaction's postings to Stripe's clearing account to the edge, by the transaction's kind. */
export function addToEdge(
  edge: Edge,
  kind: string,
  postings: readonly { accountId: string; amountCents: number }[],
): void {
  for (const posting of postings) {
    if (!posting.accountId.startsWith('stripe-clearing:')) continue;
    if (kind === 'fan-payment') edge.in -= posting.amountCents;
    else if (kind === 'refund') edge.refunded += posting.amountCents;
    else if (kind.startsWith('dispute')) edge.disputed += posting.amountCents;
    else if (kind === 'transfer' || kind === 'transfer-reversal' || kind === 'payout')
      edge.paidOut += posting.amountCents;
    else edge.other += posting.amountCents;
  }
}

/** A chunked transaction's later chunks carry its first instant: entries this much older are read again. */
const lookBackMs = 86_400_000;

export class LedgerFeed {
  /** Every transaction that posted to an account followed, by id, as read. */
  readonly transactions = new Map<string, StoredTransaction>();
  /** The fan of each payment read (its pie's fan, read once). */
  readonly fanOfPayment = new Map<string, string>();
  private readonly entriesSeen = new Set<string>();
  /** The latest entry instant read of each account followed. */
  private readonly lastAt = new Map<string, string>();

  /**
   * Reads the entries of each account since its last reading (a day's look-back for late chunks) and the
   * transactions they name: Stripe's clearing account, and the offices' in-flight accounts their payouts post to.
   */
  async catchUp(table: TableRef, accounts: readonly string[]): Promise<void> {
    const fresh: string[] = [];
    for (const account of [clearingAccount, ...accounts])
      fresh.push(...(await this.entriesOf(table, account)));
    const unread = [...new Set(fresh)].filter((id) => !this.transactions.has(id));
    for (const [id, transaction] of await getLedgerTransactions(table, unread)) {
      this.transactions.set(id, transaction);
      if (transaction.kind === 'fan-payment' && !this.fanOfPayment.has(id)) {
        const pie = await getPie(table, transaction.references['pieId'] ?? '');
        this.fanOfPayment.set(id, pie?.fanId ?? '?');
      }
    }
  }

  /** The transactions named by the account's entries not read before. */
  private async entriesOf(table: TableRef, account: string): Promise<string[]> {
    const last = this.lastAt.get(account);
    const from = last
      ? `${ledgerEntrySortPrefix}${new Date(Date.parse(last) - lookBackMs).toISOString()}`
      : ledgerEntrySortPrefix;
    const fresh: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': ledgerAccountPartition(account),
            ':from': from,
            ':to': `${ledgerEntrySortPrefix}\uffff`,
          },
          ProjectionExpression: 'pk, sk, transactionId, #at',
          ExpressionAttributeNames: { '#at': 'at' },
          ConsistentRead: true,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        const key = `${String(item['pk'])}\u0000${String(item['sk'])}`;
        const at = String(item['at']);
        if (at > (this.lastAt.get(account) ?? '')) this.lastAt.set(account, at);
        if (this.entriesSeen.has(key)) continue;
        this.entriesSeen.add(key);
        fresh.push(String(item['transactionId']));
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return fresh;
  }

  /** The edge as the transactions read so far post to the clearing account. */
  edge(): Edge {
    const edge: Edge = { in: 0, refunded: 0, disputed: 0, paidOut: 0, other: 0 };
    for (const transaction of this.transactions.values())
      addToEdge(edge, transaction.kind, transaction.postings);
    return edge;
  }

  ofKind(kind: string): StoredTransaction[] {
    return [...this.transactions.values()].filter((transaction) => transaction.kind === kind);
  }
}
