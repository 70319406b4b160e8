// The simulation's commands (fast-check model-based testing): what people and time do in the world. Each one acts
// through the product as its user would — the handlers with a signed-in session, the hosted Checkout page, Stripe's
// dashboard through the real SDK for refunds and dispute evidence, the office's payout request — and records what
// it expects in the model; `AdvanceDays` lets the days pass, each ending with every check (test/simulation/auditor.ts).
import fc from 'fast-check';
import type { GiveBackPreviewReply } from '../../functions/contracts/give-back';
import { recomputeDailyListening, savePlays } from '../../functions/data/listening';
import { isAppError } from '../../functions/domain/errors';
import { toPlays } from '../../functions/domain/listening/plays';
import { getClock } from '../../functions/runtime/clock';
import { getTable } from '../../functions/runtime/table';
import { createPayout, payoutDependencies } from '../../functions/services/connect/payouts';
import { giveBack, previewGiveBack } from '../support/give-back';
import { createSignedInAccount, dataOf } from '../support/identity';
import { requestCheckout, sessionIdOf } from '../support/payments-harness';
import { cardExpiryAfter, testCards } from '../support/stripe-sandbox';
import { claimCommands } from './claim-commands';
import type { Command } from './command-support';
import { ProductFault, isRefusal, log, signedInNow } from './command-support';
import { fanCommands } from './fan-commands';
import type { OfficeModel, SimModel } from './model';
import type { SimReal } from './real';

export { ProductFault } from './command-support';

const cards = [
  'pays',
  'pays',
  'pays',
  'pays',
  'declined',
  'insufficientFunds',
  'disputed',
  'inquiry',
] as const;
type Card = (typeof cards)[number];
/** The cards Stripe takes the money of (a dispute or inquiry comes later): Checkout refusing one is a break. */
const payingCards: ReadonlySet<Card> = new Set(['pays', 'disputed', 'inquiry']);

export class JoinFan implements Command {
  check = () => true;
  async run(model: SimModel, real: SimReal) {
    const label = `fan${model.fans.length + 1}`;
    model.log.push(`join ${label}`);
    const account = await createSignedInAccount('fan', { email: `${label}@fans.example` });
    model.fans.push({ label, account, customerId: null, subscribed: false, deleted: false, fromTry: false });
    real.counters.fans += 1;
  }
  toString = () => 'JoinFan';
}

export class Listen implements Command {
  constructor(
    readonly fan: number,
    readonly artists: number[],
    readonly minutes: number,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.length > 0;
  async run(model: SimModel, real: SimReal) {
    const fan = model.fans[this.fan % model.fans.length];
    if (!fan || fan.deleted) return;
    const now = getClock().now().getTime();
    const items = this.artists.map((pick, index) => {
      const artist = model.artists[pick % model.artists.length] ?? { id: 'x', name: 'x' };
      real.counters.plays += 1;
      return {
        played_at: new Date(now - (index + 1) * 600_000 - 137).toISOString(),
        track: {
          id: `${artist.id.slice(0, 14)}t${String(real.counters.plays).padStart(7, '0')}`,
          name: `Song ${real.counters.plays}`,
          duration_ms: this.minutes * 60_000,
          artists: [artist],
        },
      };
    });
    model.log.push(`${fan.label} listens to ${items.length} songs`);
    const saved = await savePlays(getTable(), fan.account.userId, toPlays({ items }, null));
    await recomputeDailyListening(getTable(), fan.account.userId, saved.days);
  }
  toString = () => `Listen(${this.fan}, [${this.artists.join(',')}], ${this.minutes})`;
}

export class FundPie implements Command {
  constructor(
    readonly fan: number,
    readonly amountCents: number,
    readonly card: Card,
    readonly doubleClick: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.length > 0;
  async run(model: SimModel, real: SimReal) {
    const fan = model.fans[this.fan % model.fans.length];
    if (!fan || fan.deleted) return;
    model.log.push(
      `${fan.label} funds a pie of ${this.amountCents} with card ${this.card}${this.doubleClick ? ' (double click)' : ''}`,
    );
    const checkouts = await Promise.all(
      (this.doubleClick ? [1, 2] : [1]).map(async () =>
        requestCheckout(await signedInNow(fan.account, 'fan'), this.amountCents),
      ),
    );
    const statuses = checkouts.map((checkout) => checkout.statusCode);
    if (statuses.every((status) => status === 409)) {
      fan.subscribed = true;
      return;
    }
    if (statuses.some((status) => status !== 200)) {
      throw new ProductFault(
        `createCheckout answered ${statuses.join(' and ')}: ${checkouts[0]?.body ?? ''}`,
      );
    }
    const urls = new Set(checkouts.map((checkout) => dataOf<{ url: string }>(checkout).url));
    if (urls.size !== 1) throw new ProductFault('a double click opened two Checkout sessions');
    const sessionId = sessionIdOf([...urls][0] ?? '');
    const crash = real.maybeArmCrash();
    const paid = await real.world.sandbox.payCheckout(sessionId, {
      number: testCards[this.card],
      expiry: cardExpiryAfter(getClock().now()),
      cvc: '123',
      name: fan.label,
    });
    await real.world.settle();
    real.disarmCrash(crash);
    if (!paid.ok) {
      // A declining card is refused, as it should be; a card that pays being refused means the world stopped paying
      // (a card expiry fixed in the past of the product's clock did so from the 48th month, unseen).
      if (payingCards.has(this.card)) {
        throw new ProductFault(`Checkout refused the ${this.card} card: ${paid.code}: ${paid.message}`);
      }
      return;
    }
    fan.subscribed = true;
    const session = await real.world.stripe.checkout.sessions.retrieve(sessionId);
    fan.customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    model.expect.paidCheckouts.push({
      fan: fan.label,
      fanId: fan.account.userId,
      sessionId,
      amountCents: this.amountCents,
    });
  }
  toString = () => `FundPie(${this.fan}, ${this.amountCents}, ${this.card}, ${this.doubleClick})`;
}

class Refund implements Command {
  constructor(
    readonly fan: number,
    readonly part: number,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => fan.customerId !== null);
  async run(model: SimModel, real: SimReal) {
    const paying = model.fans.filter((fan) => fan.customerId !== null);
    const fan = paying[this.fan % paying.length];
    if (!fan?.customerId) return;
    const charges = (await real.world.stripe.charges.list({ customer: fan.customerId, limit: 100 })).data
      .filter((charge) => charge.paid && !charge.disputed && charge.amount_refunded < charge.amount)
      .sort((a, b) => a.created - b.created || a.amount - b.amount);
    const charge = charges[this.fan % Math.max(1, charges.length)];
    if (!charge) return;
    const left = charge.amount - charge.amount_refunded;
    const amount = this.part >= 1 ? left : Math.max(1, Math.floor(left * this.part));
    model.log.push(`support refunds ${amount} of ${fan.label}'s payment of ${charge.amount}`);
    const refund = await real.world.stripe.refunds.create({ charge: charge.id, amount });
    await real.world.settle();
    if (refund.status === 'succeeded') {
      model.expect.refunds.push({ fan: fan.label, refundId: refund.id, amountCents: refund.amount });
    }
  }
  toString = () => `Refund(${this.fan}, ${this.part})`;
}

class DecideDispute implements Command {
  constructor(
    readonly pick: number,
    readonly won: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => fan.customerId !== null);
  async run(model: SimModel, real: SimReal) {
    const open = (await real.world.stripe.disputes.list({ limit: 100 })).data
      .filter((dispute) => dispute.status === 'needs_response' || dispute.status === 'warning_needs_response')
      .sort((a, b) => a.created - b.created || a.amount - b.amount);
    const dispute = open[this.pick % Math.max(1, open.length)];
    if (!dispute) return;
    model.log.push(`the bank decides a dispute of ${dispute.amount}: ${this.won ? 'won' : 'lost'}`);
    await real.world.stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: this.won ? 'winning_evidence' : 'losing_evidence' },
    });
    await real.world.settle();
  }
  toString = () => `DecideDispute(${this.pick}, ${this.won})`;
}

class PayOut implements Command {
  constructor(
    readonly office: number,
    readonly doubleClick: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.offices.length > 0;
  async run(model: SimModel, real: SimReal) {
    const office = model.offices[this.office % model.offices.length];
    if (!office) return;
    const deps = payoutDependencies();
    if (!(await real.onboard(model, office))) return;
    // Offices have several admins: one payout request in three meets another admin's give-back at that moment
    const beside = this.doubleClick ? -1 : real.world.faults.pick('a give-back beside the payout', 9);
    if (
      beside >= 0 &&
      beside < 3 &&
      (await giveBackOf(model, real, office, giveBackParts[beside] ?? 1, true))
    )
      return;
    model.log.push(`${office.label} asks to be paid out${this.doubleClick ? ' (double click)' : ''}`);
    const attempts = await Promise.allSettled(
      (this.doubleClick ? [1, 2] : [1]).map(() =>
        createPayout(deps, office.admin.userId, { officeId: office.officeId }, log),
      ),
    );
    const seen = new Set<string>();
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') {
        if (!isRefusal(attempt.reason)) throw attempt.reason;
        model.log.push(`  refused: ${isAppError(attempt.reason) ? attempt.reason.code : '?'}`);
        continue;
      }
      const reply = attempt.value;
      if (seen.has(reply.id) || reply.status === 'failed') continue;
      seen.add(reply.id);
      model.expect.payouts.push({ office: office.label, payoutId: reply.id, amountCents: reply.amountCents });
    }
    await real.world.settle();
  }
  toString = () => `PayOut(${this.office}, ${this.doubleClick})`;
}

/**
 * How far apart two people's clicks "at the same moment" land, in DynamoDB requests: the second request starts after
 * the first one sent up to this many (either may come first). A give-back reads the payable a few requests in and
 * lowers it a few later, so some of these land the payout inside that window (seed 1's world: 1 to 4 requests in).
 */
const clickSpread = 6;

/**
 * The give-back and the payout of one office, the second click landing a seeded number of DynamoDB requests into the
 * first (or at once, or after the first finished): each reads the payable, plans within it and lowers it, and only
 * the payable's guard in the write keeps the two together within what the office holds.
 */
function race<A, B>(
  real: SimReal,
  offset: number,
  giving: () => Promise<A>,
  paying: () => Promise<B>,
): [Promise<A>, Promise<B>] {
  const after = <T>(requests: number, first: Promise<unknown>, second: () => Promise<T>) =>
    Promise.race([real.world.faults.afterRequests(requests), first.then(noop, noop)]).then(second);
  if (offset >= 0) {
    const given = giving();
    return [given, after(offset, given, paying)];
  }
  const paid = paying();
  return [after(-offset, paid, giving), paid];
}

const noop = () => undefined;

/**
 * An admin of the office gives `part` of what it may give back to the fans who funded its artist, maybe while it asks
 * to be paid out (the two racing on one payable). False when there is nothing to give back (or the office cannot be
 * paid out yet, for a race).
 */
async function giveBackOf(
  model: SimModel,
  real: SimReal,
  office: OfficeModel,
  part: number,
  payingOutAtOnce: boolean,
): Promise<boolean> {
  const artist = model.artists[office.artistIndex];
  if (!artist) return false;
  const admin = await signedInNow(office.admin, 'artist');
  const target = { officeId: office.officeId, artistId: artist.id };
  const preview = await previewGiveBack(admin, target);
  if (preview.statusCode !== 200) return false;
  const { availableCents } = dataOf<GiveBackPreviewReply>(preview);
  if (availableCents <= 0) return false;
  const amount = Math.max(1, Math.floor(availableCents * part));
  const deps = payoutDependencies();
  if (payingOutAtOnce && !(await real.onboard(model, office))) return false;
  real.counters.giveBacks += 1;
  const offset = payingOutAtOnce
    ? real.world.faults.pick('give-back and payout', 2 * clickSpread + 1) - clickSpread
    : 0;
  const apart =
    offset === 0 ? 'at once' : `the ${offset > 0 ? 'payout' : 'give-back'} ${Math.abs(offset)} requests in`;
  model.log.push(
    `${office.label} gives ${amount} back to its fans${payingOutAtOnce ? ` while asking to be paid out (${apart})` : ''}`,
  );
  const giving = () => giveBack(admin, target, amount, `give-back-${real.counters.giveBacks}`);
  const paying = () => createPayout(deps, office.admin.userId, { officeId: office.officeId }, log);
  const [given, paid] = await Promise.allSettled(
    payingOutAtOnce ? race(real, offset, giving, paying) : [giving(), Promise.resolve(null)],
  );
  if (given.status === 'rejected') throw given.reason;
  if (given.value.statusCode >= 500) throw new ProductFault(`a give-back answered ${given.value.statusCode}`);
  if (paid.status === 'rejected' && !isRefusal(paid.reason)) throw paid.reason;
  if (paid.status === 'fulfilled' && paid.value && paid.value.status !== 'failed') {
    model.expect.payouts.push({
      office: office.label,
      payoutId: paid.value.id,
      amountCents: paid.value.amountCents,
    });
  }
  await real.world.settle();
  return true;
}

class GiveBack implements Command {
  constructor(
    readonly office: number,
    readonly part: number,
    readonly payingOutAtOnce: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.offices.length > 0;
  async run(model: SimModel, real: SimReal) {
    const office = model.offices[this.office % model.offices.length];
    if (office) await giveBackOf(model, real, office, this.part, this.payingOutAtOnce);
  }
  toString = () => `GiveBack(${this.office}, ${this.part}, ${this.payingOutAtOnce})`;
}

class AdvanceDays implements Command {
  constructor(readonly days: number) {}
  check = (model: Readonly<SimModel>) => model.days < model.periodEnd;
  async run(model: SimModel, real: SimReal) {
    for (let index = 0; index < this.days && model.days < model.periodEnd; index += 1) {
      model.days += 1;
      model.log.push(`day ${model.days} passes`);
      await real.passDay(model);
    }
  }
  toString = () => `AdvanceDays(${this.days})`;
}

const index = fc.nat({ max: 999 });
/** What part of what it may give back an office gives. */
const giveBackParts = [0.1, 0.5, 1] as const;

/** Every command, weighted as a month of many fans has them. */
export function simulationCommands(options: { maxCommands: number }) {
  const join = fc.constant(new JoinFan());
  const listen = fc
    .tuple(index, fc.array(index, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 9 }))
    .map(([fan, artists, minutes]) => new Listen(fan, artists, minutes));
  const fund = fc
    .tuple(index, fc.constantFrom(500, 1000, 2000), fc.constantFrom(...cards), fc.boolean())
    .map(([fan, amount, card, double]) => new FundPie(fan, amount, card, double));
  const payOut = fc.tuple(index, fc.boolean()).map(([office, double]) => new PayOut(office, double));
  const giveBack = fc
    .tuple(index, fc.constantFrom(...giveBackParts), fc.boolean())
    .map(([office, part, paying]) => new GiveBack(office, part, paying));
  // Listed more than once: drawn more often (fast-check picks among the list evenly)
  return fc.commands(
    [
      join,
      join,
      listen,
      listen,
      listen,
      fund,
      fund,
      fc.tuple(index, fc.constantFrom(0.25, 0.5, 1)).map(([fan, part]) => new Refund(fan, part)),
      fc.tuple(index, fc.boolean()).map(([pick, won]) => new DecideDispute(pick, won)),
      claimCommands.claim,
      claimCommands.compete,
      claimCommands.learn,
      fanCommands.joinFromTry,
      fanCommands.promo,
      fanCommands.importHistory,
      fanCommands.importHistory,
      fanCommands.cancel,
      fanCommands.card,
      fanCommands.deleteAccount,
      payOut,
      payOut,
      giveBack,
      fc.integer({ min: 1, max: 3 }).map((days) => new AdvanceDays(days)),
    ],
    { maxCommands: options.maxCommands, size: 'max' },
  );
}
