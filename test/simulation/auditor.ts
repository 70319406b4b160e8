// The checks every simulated day ends with: the staff console's reconciliation checks (all six), the ledger audit
// every integration test file ends with (each transaction sums to zero, each balance equals its entries), the money
// identity (money in = fees + held + released + paid out + wallets + refunded + returned, with Stripe's own figures
// for what came in and went out), and the auditor: what the model expects from the requests made and the replies
// received, held against the ledger (each paid checkout booked once with its amount, each refund taken back once,
// each accepted payout booked once, no balance people are owed below zero; promos, renewals, cancellations, deleted
// fans, rejected offices, learnt names and aged lots in test/simulation/expectations.ts).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { TableRef } from '../../functions/data/table';
import type { AccountType } from '../../functions/domain/money/ledger';
import { guardedAccountTypes } from '../../functions/domain/money/ledger';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { getClock } from '../../functions/runtime/clock';
import {
  builtReconciliationChecks,
  runReconciliationChecks,
} from '../../functions/services/admin/reconciliation';
import type { JobRunFinding } from '../../functions/data/job-runs';
import { getLedgerBalances } from '../../functions/data/ledger';
import { connectInFlightOf } from '../../functions/services/connect/money';
import { auditLedgerItems } from '../support/ledger-audit';
import { scanTable } from '../support/table-scan';
import type { ChargeSeen } from './expectations';
import { auditExpectations } from './expectations';
import type { SimModel } from './model';
import type { Edge } from './ledger-feed';
import { LedgerFeed, addToEdge, clearingAccount } from './ledger-feed';
import { notePhase, noteScanned, timedPhase } from './profile';
import { AuditMirror } from './audit-mirror';

type Item = Record<string, NativeAttributeValue>;

async function listAll<T extends { id: string }>(
  page: (startingAfter: string | undefined) => Promise<Stripe.ApiList<T>>,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (;;) {
    const list = await page(after);
    all.push(...list.data);
    if (!list.has_more || list.data.length === 0) return all;
    after = list.data[list.data.length - 1]?.id;
  }
}

function chargeSeen(charge: Stripe.Charge): ChargeSeen {
  return {
    amount: charge.amount,
    created: charge.created,
    paid: charge.paid,
    status: charge.status,
    customerId: typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? null),
  };
}

/** Stripe's charges listed from `since` (unix seconds) on, or all of them. */
function listCharges(stripe: Stripe, since?: number): Promise<Stripe.Charge[]> {
  return listAll((after) =>
    stripe.charges.list({
      limit: 100,
      ...(since === undefined ? {} : { created: { gte: since } }),
      ...(after ? { starting_after: after } : {}),
    }),
  );
}

/** How far back a day's charges are listed again from the newest read: one created late in a day comes first. */
const chargeLookBackSeconds = 86_400;

/**
 * Stripe's charges as read so far, by id: a day lists only those created since a day before the newest one read (a
 * charge's amount, customer and outcome do not change once made), so it costs what Stripe took since, not every charge
 * of the run. The month-end audit lists them all and holds the book against the list.
 */
export class ChargeBook {
  private readonly byId = new Map<string, ChargeSeen>();
  private newest: number | null = null;

  async catchUp(stripe: Stripe): Promise<ChargeSeen[]> {
    const since = this.newest === null ? undefined : this.newest - chargeLookBackSeconds;
    const fresh = await listCharges(stripe, since);
    for (const charge of fresh) this.note(charge);
    return [...this.byId.values()];
  }

  /**
   * Every charge listed again, held against the book caught up first (problems: each charge the book missed or read
   * differently); then the list is the book.
   */
  async verify(stripe: Stripe): Promise<string[]> {
    await this.catchUp(stripe);
    const all = await listCharges(stripe);
    const problems: string[] = [];
    for (const charge of all) {
      const mine = this.byId.get(charge.id);
      if (mine && JSON.stringify(mine) !== JSON.stringify(chargeSeen(charge)))
        problems.push(`auditor: the book of Stripe's charges read a charge of ${charge.amount} differently`);
    }
    if (all.length !== this.byId.size)
      problems.push(`auditor: the book of Stripe's charges holds ${this.byId.size}, Stripe ${all.length}`);
    this.byId.clear();
    this.newest = null;
    for (const charge of all) this.note(charge);
    return problems;
  }

  private note(charge: Stripe.Charge): void {
    this.byId.set(charge.id, chargeSeen(charge));
    this.newest = Math.max(this.newest ?? charge.created, charge.created);
  }
}

/**
 * Stripe's own figures: what came in by card, what went back to cards and banks, what disputes took. With a book of
 * the charges, only the charges made since it last read are listed.
 */
export async function stripeFigures(stripe: Stripe, book?: ChargeBook) {
  const [charges, refunds, disputes, transfers] = await Promise.all([
    book ? book.catchUp(stripe) : listCharges(stripe).then((all) => all.map(chargeSeen)),
    listAll((after) => stripe.refunds.list({ limit: 100, ...(after ? { starting_after: after } : {}) })),
    listAll((after) => stripe.disputes.list({ limit: 100, ...(after ? { starting_after: after } : {}) })),
    listAll((after) => stripe.transfers.list({ limit: 100, ...(after ? { starting_after: after } : {}) })),
  ]);
  const paid = charges.filter((charge) => charge.paid && charge.status === 'succeeded');
  return {
    charges,
    moneyIn: paid.reduce((sum, charge) => sum + charge.amount, 0),
    refunded: refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0),
    refundsById: new Map(refunds.map((refund) => [refund.id, refund.amount])),
    // A chargeback takes its money when it opens and gives it back when won; an inquiry takes none.
    disputed: disputes
      .filter((d) => d.status !== 'won' && !d.status.startsWith('warning'))
      .reduce((sum, d) => sum + d.amount, 0),
    paidOut: transfers.reduce((sum, t) => sum + t.amount - t.amount_reversed, 0),
  };
}

/**
 * What the full audit reads of the table: the ledger, the pies and the escrow lots (the rest, most of the table once
 * fans listen for months, is no part of any check here).
 */
const auditedEntities = ['ledger-transaction', 'ledger-balance', 'ledger-entry', 'pie', 'escrow-lot'];

/** Each run's feed (a run has its own model, table and Stripe). */
const feeds = new WeakMap<SimModel, LedgerFeed>();

/** Each run's copy of the audited items (test/simulation/audit-mirror.ts). */
const mirrors = new WeakMap<SimModel, AuditMirror>();

/** Each run's book of Stripe's charges. */
const chargeBooks = new WeakMap<SimModel, ChargeBook>();

function chargeBookOf(model: SimModel): ChargeBook {
  const book = chargeBooks.get(model) ?? new ChargeBook();
  chargeBooks.set(model, book);
  return book;
}

/** The full audit's days: every seventh, each month end, and the run's last day. */
export function fullAuditDue(day: number, last: boolean): boolean {
  return last || day % 7 === 0 || day % 30 === 0;
}

/**
 * The full audits that scan the table: each month end and the run's last day (and any day something was found, or the
 * reconciliation did not finish). The weekly ones between read what was written since (audit-mirror.ts) and check
 * the whole copy.
 */
export function scanDue(day: number, last: boolean): boolean {
  return last || day % 30 === 0;
}

/** What the ledger booked, as the auditor holds it against the model: read from the day's feed or from a scan. */
interface Booked {
  readonly payments: readonly { fanId: string; postings: readonly { amountCents: number }[] }[];
  readonly refundIds: readonly string[];
  readonly payouts: readonly { payoutId: string; postings: readonly { amountCents: number }[] }[];
}

/**
 * The auditor's expectations of what is booked: each paid checkout among its fan's payments and each refund once
 * (once the world is quiet, since a webhook may still be on its way), and each payout once with its amount.
 */
function compareBooked(model: SimModel, booked: Booked, quiescent: boolean, problems: string[]): void {
  if (quiescent) {
    const paidOfFan = new Map<string, number[]>();
    for (const payment of booked.payments) {
      const gross = payment.postings.reduce((sum, posting) => sum + Math.max(0, posting.amountCents), 0);
      paidOfFan.set(payment.fanId, [...(paidOfFan.get(payment.fanId) ?? []), gross]);
    }
    for (const checkout of model.expect.paidCheckouts) {
      const paid = paidOfFan.get(checkout.fanId) ?? [];
      if (!paid.includes(checkout.amountCents)) {
        problems.push(
          `auditor: ${checkout.fan} paid a checkout of ${checkout.amountCents}; the ledger books their payments as [${paid.join(', ')}]`,
        );
      }
    }
    const refundsBooked = new Map<string, number>();
    for (const id of booked.refundIds) refundsBooked.set(id, (refundsBooked.get(id) ?? 0) + 1);
    for (const refund of model.expect.refunds) {
      const times = refundsBooked.get(refund.refundId) ?? 0;
      if (times !== 1) {
        problems.push(
          `auditor: a refund of ${refund.amountCents} to ${refund.fan} is booked ${times} times, not once`,
        );
      }
    }
  }
  const payoutsBooked = new Map<string, number[]>();
  for (const payout of booked.payouts) {
    const amount = payout.postings.reduce((sum, posting) => sum + Math.max(0, -posting.amountCents), 0);
    payoutsBooked.set(payout.payoutId, [...(payoutsBooked.get(payout.payoutId) ?? []), amount]);
  }
  for (const payout of model.expect.payouts) {
    const paid = payoutsBooked.get(payout.payoutId) ?? [];
    if (paid.length !== 1 || paid[0] !== payout.amountCents) {
      problems.push(
        `auditor: ${payout.office}'s payout of ${payout.amountCents} is booked as [${paid.join(', ')}]`,
      );
    }
  }
}

/**
 * The days between full audits: the auditor and the money identity's edge from the running feed and Stripe's own
 * figures. Each paid checkout booked, each refund once, each payout once with its amount; Stripe's money in, refunds
 * and transfers equal to what the ledger's clearing account moved. (The rest of the identity, the balances by type,
 * follows from every transaction summing to zero and every balance being its entries, which the reconciliation's
 * ledger check proves daily; the full audit adds them up.)
 */
async function auditFromFeed(
  table: TableRef,
  stripe: Stripe,
  model: SimModel,
  feed: LedgerFeed,
  quiescent: boolean,
): Promise<DayAudit> {
  const problems: string[] = [];
  let checksRun = 1;
  compareBooked(
    model,
    {
      payments: feed.ofKind('fan-payment').map((payment) => ({
        fanId: feed.fanOfPayment.get(payment.id) ?? '?',
        postings: payment.postings,
      })),
      refundIds: feed.ofKind('refund').map((refund) => String(refund.references['refundId'])),
      payouts: feed.ofKind('payout').map((payout) => ({
        payoutId: String(payout.references['payoutId']),
        postings: payout.postings,
      })),
    },
    quiescent,
    problems,
  );
  if (!quiescent) return { problems, checksRun };
  checksRun += 1;
  const edge = feed.edge();
  const moneyIn = await timedPhase('audit stripe lists', () => stripeFigures(stripe, chargeBookOf(model)));
  if (moneyIn.moneyIn !== edge.in) {
    problems.push(
      `money identity: Stripe took in ${moneyIn.moneyIn}, the ledger's clearing account ${edge.in}`,
    );
  }
  if (moneyIn.refunded !== edge.refunded) {
    problems.push(
      `money identity: Stripe refunded ${moneyIn.refunded} to cards, the ledger ${edge.refunded}`,
    );
  }
  const inFlight = await getLedgerBalances(
    table,
    model.offices.map((office) => connectInFlightOf(office.officeId)),
  );
  const transfersInFlight = [...inFlight.values()].reduce((sum, cents) => sum + cents, 0);
  if (moneyIn.paidOut !== edge.paidOut + transfersInFlight) {
    problems.push(
      `money identity: Stripe transferred ${moneyIn.paidOut} to offices, the ledger ${edge.paidOut} paid out and ${transfersInFlight} in flight`,
    );
  }
  return { problems, checksRun };
}

export interface DayAudit {
  /** One line per problem; empty when the day is clean. */
  problems: string[];
  checksRun: number;
}

export async function auditDay(
  table: TableRef,
  stripe: Stripe,
  sandbox: { apiKey: string; apiUrl: string },
  model: SimModel,
  options: {
    quiescent: boolean;
    /** What the day's reconciliation job found (null: it did not finish, so the checks run here). */
    reconciliation?: readonly JobRunFinding[] | null;
    /** The full audit: weekly, at each month end, on the last day (see fullAuditDue). */
    full?: boolean;
    /** Whether the full audit scans the table (see scanDue) or reads what was written since the last one. */
    scan?: boolean;
  },
): Promise<DayAudit> {
  const problems: string[] = [];
  let checksRun = 0;

  // The staff console's reconciliation, read with a Stripe client of its own (the staff console's calls are not the
  // product's faulty path under test here). The stripe check compares with Stripe only once no webhook is held back.
  // The day's reconciliation job ran them all just now (its findings keep the first problems of each check and their
  // count); when it could not finish, they run here.
  const wanted = (check: string) => options.quiescent || check !== 'stripe';
  if (options.reconciliation) {
    for (const finding of options.reconciliation.filter((found) => wanted(found.check))) {
      checksRun += 1;
      for (const problem of finding.firstProblems)
        problems.push(`reconciliation ${finding.check}: ${problem.message}`);
      const more = finding.problemCount - finding.firstProblems.length;
      if (more > 0) problems.push(`reconciliation ${finding.check}: and ${more} more problems`);
    }
  } else {
    const gateway = createStripeGateway({ apiKey: sandbox.apiKey, apiUrl: sandbox.apiUrl });
    const results = await runReconciliationChecks(
      { table, clock: getClock(), stripe: () => Promise.resolve(gateway) },
      builtReconciliationChecks.filter(wanted),
    );
    for (const result of results) {
      checksRun += 1;
      for (const problem of result.problems)
        problems.push(`reconciliation ${result.check}: ${problem.message}`);
    }
  }

  // The running reading of what crossed the edge: every day, whichever audit follows.
  const feed = feeds.get(model) ?? new LedgerFeed();
  feeds.set(model, feed);
  // The in-flight accounts of the offices that were paid out: a payout's booking posts to its office's (an office
  // never paid out has no payout to check; money through Stripe's clearing account is followed whoever it is for).
  const paidOut = new Set(model.expect.payouts.map((payout) => payout.office));
  await timedPhase('audit feed', () =>
    feed.catchUp(
      table,
      model.offices
        .filter((office) => paidOut.has(office.label))
        .map((office) => connectInFlightOf(office.officeId)),
    ),
  );
  const full = (options.full ?? true) || problems.length > 0 || !options.reconciliation;
  if (!full) {
    const daily = await auditFromFeed(table, stripe, model, feed, options.quiescent);
    problems.push(...daily.problems);
    return { problems, checksRun: checksRun + daily.checksRun };
  }

  // One reading of the audited items for the ledger audit and the checks below: a scan of the table, held against the
  // copy kept from the writes; or the copy, caught up with what was written since.
  const mirror = mirrors.get(model) ?? new AuditMirror(auditedEntities);
  mirrors.set(model, mirror);
  const scan = (options.scan ?? true) || problems.length > 0 || !options.reconciliation || !mirror.ready;
  let items: Item[];
  if (scan) {
    const scanned = await timedPhase('audit scan', () => scanTable(table, auditedEntities, 4));
    noteScanned(scanned);
    checksRun += 1;
    if (mirror.ready) await timedPhase('audit copy', () => mirror.catchUp(table));
    problems.push(...mirror.replaceWithScan(table, scanned).map((problem) => `auditor: ${problem}`));
    items = scanned;
  } else {
    await timedPhase('audit copy', () => mirror.catchUp(table));
    items = mirror.all();
  }
  checksRun += 1;
  const audit = auditLedgerItems(items);
  problems.push(...audit.problems.map((problem) => `ledger audit: ${problem}`));

  const byType = new Map<string, number>();
  const balances = new Map<string, number>();
  for (const item of items) {
    if (item['entity'] !== 'ledger-balance') continue;
    const type = String(item['accountType']);
    byType.set(type, (byType.get(type) ?? 0) + Number(item['balance']));
    const account = `${type}:${String(item['owner'])}`;
    balances.set(account, (balances.get(account) ?? 0) + Number(item['balance']));
  }
  const total = (...types: AccountType[]) => types.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0);

  // No balance people are owed is below zero.
  checksRun += 1;
  for (const [account, balance] of [...balances].sort(([a], [b]) => a.localeCompare(b))) {
    const type = account.split(':')[0] as AccountType;
    if (guardedAccountTypes.has(type) && balance < 0)
      problems.push(`auditor: ${account} is ${balance}, below zero`);
  }

  // The auditor: each expectation of the model against the ledger's transactions.
  const transactions = items.filter((item) => item['entity'] === 'ledger-transaction');
  const pies = new Map<string, Item>();
  for (const item of items) if (item['entity'] === 'pie') pies.set(String(item['id']), item);
  const payments = transactions.filter((t) => t['kind'] === 'fan-payment');
  checksRun += 1;
  const referencesOf = (transaction: Item) => transaction['references'] as Record<string, string>;
  const postingsOf = (transaction: Item) => transaction['postings'] as { amountCents: number }[];
  compareBooked(
    model,
    {
      payments: payments.map((payment) => ({
        fanId: String(pies.get(referencesOf(payment)['pieId'] ?? '')?.['fanId'] ?? '?'),
        postings: postingsOf(payment),
      })),
      refundIds: transactions
        .filter((t) => t['kind'] === 'refund')
        .map((refund) => String(referencesOf(refund)['refundId'])),
      payouts: transactions
        .filter((t) => t['kind'] === 'payout')
        .map((payout) => ({
          payoutId: String(referencesOf(payout)['payoutId']),
          postings: postingsOf(payout),
        })),
    },
    options.quiescent,
    problems,
  );

  // The money identity. What crossed the platform's edge is what the ledger's Stripe clearing account moved, by kind
  // of transaction; money in is Stripe's own figure (every charge that succeeded), and what went back to cards and on
  // to offices' banks is held against Stripe's figures too.
  const edge: Edge = { in: 0, refunded: 0, disputed: 0, paidOut: 0, other: 0 };
  const clearing = new Set<string>();
  for (const transaction of transactions) {
    const postings = transaction['postings'] as { accountId: string; amountCents: number }[];
    addToEdge(edge, String(transaction['kind']), postings);
    if (postings.some((posting) => posting.accountId === clearingAccount))
      clearing.add(String(transaction['id']));
  }
  // The daily feed against the scan: the same transactions through Stripe's clearing account, the same edge.
  checksRun += 1;
  const fed = feed.edge();
  const missed = [...clearing].filter((id) => !feed.transactions.has(id));
  if (missed.length > 0 || JSON.stringify(fed) !== JSON.stringify(edge)) {
    problems.push(
      `auditor: the daily feed of Stripe's clearing account read ${feed.transactions.size} transactions (edge ${JSON.stringify(fed)}), the table holds ${clearing.size} (edge ${JSON.stringify(edge)}; ${missed.length} not read)`,
    );
  }
  checksRun += 1;
  const fees = total('processing-fees', 'platform-fees');
  const held = total('artist-earnings', 'artist-name-earnings');
  const released = total('office-payable');
  const inFlight = total('connect-in-flight', 'give-back-in-flight', 'ledger-clearing');
  const wallets = total('fan-wallet', 'pie-funds');
  const returned = total('deleted-fan-returns');
  const covered = total('platform-losses', 'dispute-losses', 'promo-funding');
  const right =
    fees +
    held +
    released +
    inFlight +
    wallets +
    returned +
    covered +
    edge.refunded +
    edge.disputed +
    edge.paidOut +
    edge.other;
  const moneyIn = options.quiescent
    ? await timedPhase('audit stripe lists', async () => {
        // The scan's days list every charge again, and hold the book against them.
        if (scan) problems.push(...(await chargeBookOf(model).verify(stripe)));
        return stripeFigures(stripe, chargeBookOf(model));
      })
    : null;
  const expectationsStarted = performance.now();
  const expected = await auditExpectations({
    items,
    transactions,
    model,
    charges: moneyIn?.charges ?? null,
    invoicesOf: async (subscription) => (await stripe.invoices.list({ subscription, limit: 100 })).data,
    now: getClock().now().getTime(),
  });
  notePhase('audit expectations', performance.now() - expectationsStarted);
  checksRun += expected.checks;
  problems.push(...expected.problems);
  const inCents = moneyIn ? moneyIn.moneyIn : edge.in;
  if (inCents !== right) {
    problems.push(
      `money identity: in ${inCents} ≠ fees ${fees} + held ${held} + released ${released} + in flight ${inFlight} + wallets ${wallets} + returned ${returned} + covered ${covered} + refunded ${edge.refunded} + disputed ${edge.disputed} + paid out ${edge.paidOut} + other ${edge.other} = ${right}`,
    );
  }
  if (moneyIn) {
    if (moneyIn.refunded !== edge.refunded) {
      problems.push(
        `money identity: Stripe refunded ${moneyIn.refunded} to cards, the ledger ${edge.refunded}`,
      );
    }
    // A payout's transfer leaves Stripe when it is asked for, while the ledger moves its money from the office's
    // in-flight account to Stripe's clearing only when the bank has it (payout.paid, days later): until then it is
    // in flight.
    const transfersInFlight = total('connect-in-flight');
    if (moneyIn.paidOut !== edge.paidOut + transfersInFlight) {
      problems.push(
        `money identity: Stripe transferred ${moneyIn.paidOut} to offices, the ledger ${edge.paidOut} paid out and ${transfersInFlight} in flight`,
      );
    }
  }
  return { problems, checksRun };
}
