// The auditor's checks of the newer promises, held against the table's items and Stripe's own records after a day: a
// promo pie funded once with $5 from promo-funding; every fan's payments booked as Stripe took them (first payments
// and renewals alike, a failed renewal booked as nothing); a cancelled subscription and a deleted fan's card never
// charged after the request; a rejected office never paid; nothing held under a name the catalogue learnt once the
// escrow job ran after it; no lot still held past its holding period once the day's escrow job ran.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { normalizeArtistName } from '../../functions/domain/listening/rules';
import { promoPieIdOf } from '../../functions/services/promo/promo';
import type { SimModel } from './model';

type Item = Record<string, NativeAttributeValue>;

/** Stripe's charges as the auditor reads them. */
export type ChargeSeen = Pick<Stripe.Charge, 'amount' | 'created' | 'paid' | 'status'> & {
  customerId: string | null;
};

export interface ExpectationInput {
  items: Item[];
  transactions: Item[];
  model: SimModel;
  /** Stripe's charges, once no webhook is held back (null before). */
  charges: ChargeSeen[] | null;
  /** Stripe's invoices of a subscription. */
  invoicesOf: (
    subscriptionId: string,
  ) => Promise<Pick<Stripe.Invoice, 'status' | 'created' | 'amount_paid'>[]>;
  /** Product time now, ms. */
  now: number;
}

const postingsOf = (transaction: Item) =>
  transaction['postings'] as { accountId: string; amountCents: number }[];
const referencesOf = (transaction: Item) => transaction['references'] as Record<string, string>;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b).join(', ');

export async function auditExpectations(
  input: ExpectationInput,
): Promise<{ problems: string[]; checks: number }> {
  const { items, transactions, model, charges, now } = input;
  const problems: string[] = [];
  let checks = 0;

  // A promo pie: one promo-funding transaction of $5 for its pie, however often the fan clicked.
  checks += 1;
  const promoFunding = new Map<string, number[]>();
  for (const transaction of transactions.filter((t) => t['kind'] === 'promo-funding')) {
    const pieId = referencesOf(transaction)['pieId'] ?? '?';
    const cents = postingsOf(transaction).reduce((sum, p) => sum + Math.max(0, p.amountCents), 0);
    promoFunding.set(pieId, [...(promoFunding.get(pieId) ?? []), cents]);
  }
  for (const promo of model.expect.promos) {
    const funded = promoFunding.get(promoPieIdOf(promo.fanId)) ?? [];
    if (funded.length !== 1 || funded[0] !== 500)
      problems.push(
        `auditor: ${promo.fan}'s promo pie is funded as [${funded.join(', ')}], not once with 500`,
      );
  }

  // Every fan's payments, as Stripe took them: the ledger books each succeeded charge of the fan's customer once.
  const pies = new Map<string, Item>();
  for (const item of items) if (item['entity'] === 'pie') pies.set(String(item['id']), item);
  if (charges) {
    checks += 1;
    const bookedOfFan = new Map<string, number[]>();
    for (const payment of transactions.filter((t) => t['kind'] === 'fan-payment')) {
      const fanId = String(pies.get(referencesOf(payment)['pieId'] ?? '')?.['fanId'] ?? '?');
      const gross = postingsOf(payment).reduce((sum, p) => sum + Math.max(0, p.amountCents), 0);
      bookedOfFan.set(fanId, [...(bookedOfFan.get(fanId) ?? []), gross]);
    }
    for (const fan of model.fans) {
      if (!fan.customerId) continue;
      const taken = charges
        .filter((c) => c.customerId === fan.customerId && c.paid && c.status === 'succeeded')
        .map((c) => c.amount);
      const booked = bookedOfFan.get(fan.account.userId) ?? [];
      if (sorted(taken) !== sorted(booked))
        problems.push(
          `auditor: Stripe took [${sorted(taken)}] from ${fan.label}'s card; the ledger books [${sorted(booked)}]`,
        );
    }

    // A deleted fan's card is never charged after the deletion.
    checks += 1;
    for (const deleted of model.expect.deleted) {
      if (!deleted.customerId) continue;
      const after = charges.filter(
        (c) => c.customerId === deleted.customerId && c.paid && c.created > deleted.at,
      );
      if (after.length > 0)
        problems.push(
          `auditor: ${deleted.fan} deleted their account, and Stripe charged their card ${after.length} times after`,
        );
    }

    // A cancelled pie runs to its end, and Stripe charges its subscription no more.
    checks += 1;
    for (const cancelled of model.expect.cancelled) {
      const invoices = await input.invoicesOf(cancelled.subscriptionId);
      const renewed = invoices.filter(
        (i) => i.status === 'paid' && i.amount_paid > 0 && i.created > cancelled.at,
      );
      if (renewed.length > 0)
        problems.push(
          `auditor: ${cancelled.fan} cancelled their pie, and Stripe charged its subscription ${renewed.length} times after`,
        );
    }
  }

  // A rejected office holds no artist's money: nothing ever posted to its payable account.
  checks += 1;
  for (const office of model.rejectedOffices) {
    const account = `office-payable:${office.officeId}`;
    const posted = transactions.filter((t) => postingsOf(t).some((p) => p.accountId === account));
    if (posted.length > 0)
      problems.push(
        `auditor: ${office.label}'s claim was rejected, and ${posted.length} transactions pay its office`,
      );
  }

  // Lots: none held past its holding period once the day's escrow job ran (02:15; the audit comes after 03:30), and
  // none held under a name the catalogue learnt before the last escrow run (unless the pie's lot of the artist itself
  // is no longer held, which the name's lot may not join).
  const lots = items.filter((item) => item['entity'] === 'escrow-lot');
  checks += 1;
  const ranBefore = new Date(now - 2 * 3_600_000).toISOString();
  const overdue = lots.filter((lot) => lot['status'] === 'held' && String(lot['heldUntil']) <= ranBefore);
  if (overdue.length > 0)
    problems.push(
      `auditor: ${overdue.length} lots still held past their holding period (the first for ${String(overdue[0]?.['artistName'])}, due ${String(overdue[0]?.['heldUntil'])})`,
    );
  checks += 1;
  for (const learnt of model.expect.learntNames) {
    if (learnt.day >= model.days) continue;
    const nameKey = `name:${normalizeArtistName(learnt.name)}`;
    const artist = model.artists.find((a) => a.name === learnt.name);
    const idKey = `id:${artist?.id ?? '?'}`;
    const left = lots.filter(
      (lot) =>
        lot['artistKey'] === nameKey &&
        lot['status'] === 'held' &&
        !lots.some(
          (other) =>
            other['pieId'] === lot['pieId'] && other['artistKey'] === idKey && other['status'] !== 'held',
        ),
    );
    if (left.length > 0)
      problems.push(
        `auditor: the catalogue learnt ${learnt.name} on day ${learnt.day}; ${left.length} lots are still held under the name`,
      );
  }
  return { problems, checks };
}
