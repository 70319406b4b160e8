// The simulation's newer fan commands: a fan comes through /try with Spotify and takes the free promo pie (double
// clicks too); a fan imports a Spotify export with a long tail of artists, some the catalogue does not know (heard
// only by name, held until the catalogue learns them or the holding period ends); a fan cancels their pie (it runs
// to its end, then Stripe charges no more); a fan's card starts to decline (the renewal fails, Stripe retries) or is
// replaced; a fan deletes their account with money in flight. Each acts through the product's handlers with a
// signed-in session (the bank's card and Stripe's dashboard through the real SDK) and records what it expects.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { HistoryImportResult } from '../../functions/contracts/listening';
import { createAccount, saveConnection } from '../../functions/data/accounts';
import { buildAccount } from '../../functions/domain/identity/account';
import { getClock } from '../../functions/runtime/clock';
import { getTable } from '../../functions/runtime/table';
import { addTryPromoCodes } from '../../functions/services/promo/promo';
import { sessionDependencies, startSession } from '../../functions/services/sessions';
import { call, dataOf, sessionCookie } from '../support/identity';
import { tailName } from './claim-commands';
import type { Command } from './command-support';
import { ProductFault, handlerOf, isServerFault, signedInNow } from './command-support';
import type { FanModel, SimModel } from './model';
import type { SimReal } from './real';

const pieSettings = { artistLimit: 10, artistPopularity: 20, excludeNonActive: false };
const nowSeconds = () => Math.floor(getClock().now().getTime() / 1000);

/** A live fan by pick (deleted fans act no more). */
function liveFan(model: SimModel, pick: number, which: (fan: FanModel) => boolean = () => true) {
  const fans = model.fans.filter((fan) => !fan.deleted && which(fan));
  return fans[pick % Math.max(1, fans.length)];
}

/** A fan who signs up through /try and connects Spotify, as registration with the promo and the sign-in leave them. */
class JoinFromTry implements Command {
  check = () => true;
  async run(model: SimModel, real: SimReal) {
    const label = `fan${model.fans.length + 1}`;
    model.log.push(`join ${label} through /try with Spotify`);
    const now = getClock().now();
    const id = randomUUID();
    const email = `${label}@fans.example`;
    const account = buildAccount(
      {
        kind: 'fan',
        id,
        email,
        firstName: 'Try',
        lastName: 'Fan',
        passwordHash: null,
        emailVerifiedAt: now.toISOString(),
        promoEligible: true,
      },
      now,
    );
    if ((await createAccount(getTable(), { ...account, email })) !== 'created')
      throw new ProductFault(`${email} could not be created`);
    await saveConnection(getTable(), 'fan', id, {
      provider: 'spotify',
      providerUserId: `spotify-${label}`,
      connectedAt: now.toISOString(),
    });
    const session = await startSession(sessionDependencies(), 'fan', id);
    model.fans.push({
      label,
      account: { userId: id, email, token: session.token, cookie: `${sessionCookie.fan}=${session.token}` },
      customerId: null,
      subscribed: false,
      deleted: false,
      fromTry: true,
    });
    real.counters.fans += 1;
  }
  toString = () => 'JoinFromTry';
}

class TakePromo implements Command {
  constructor(
    readonly fan: number,
    readonly doubleClick: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => fan.fromTry === true && !fan.deleted);
  async run(model: SimModel, real: SimReal) {
    const fan = liveFan(model, this.fan, (candidate) => candidate.fromTry === true);
    if (!fan) return;
    if (!model.promoPoolFilled) {
      await addTryPromoCodes({ table: getTable(), clock: getClock() }, { count: 40, batchId: 'simulation' });
      model.promoPoolFilled = true;
    }
    model.log.push(`${fan.label} takes the free promo pie${this.doubleClick ? ' (double click)' : ''}`);
    const payments = await handlerOf('fan-payments');
    const session = await signedInNow(fan.account, 'fan');
    const replies = await Promise.all(
      (this.doubleClick ? [1, 2] : [1]).map(() =>
        call(payments, 'POST', '/api/stripe/createPromoSubscription', {
          cookies: [session.cookie],
          body: { ...pieSettings, pieDays: 30 },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    if (statuses.some(isServerFault) || !statuses.every((s) => s === 201 || s === 409 || s === 503))
      throw new ProductFault(`createPromoSubscription answered ${statuses.join(' and ')}`);
    if (statuses.includes(201) && !model.expect.promos.some((promo) => promo.fanId === fan.account.userId)) {
      model.expect.promos.push({ fan: fan.label, fanId: fan.account.userId });
    }
    await real.world.settle();
  }
  toString = () => `TakePromo(${this.fan}, ${this.doubleClick})`;
}

/** `YYYY-MM-DD HH:MM` of the export's StreamingHistory files, `minutesAgo` before now (product time). */
function endTimeOf(minutesAgo: number): string {
  return new Date(getClock().now().getTime() - minutesAgo * 60_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
}

/**
 * A fan sends their Spotify export: a few plays of the catalogue's artists and one play each of a stretch of the
 * long tail (names the catalogue does not know, which the split holds by name).
 */
class ImportHistory implements Command {
  constructor(
    readonly fan: number,
    readonly headPlays: number,
    readonly tail: number,
    readonly newNames: number,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => !fan.deleted);
  async run(model: SimModel, real: SimReal) {
    const fan = liveFan(model, this.fan);
    if (!fan) return;
    // Some names heard before (by other fans), some new to the world
    const first = Math.max(1, model.tailNames - this.tail + this.newNames + 1);
    const last = first + this.tail - 1;
    model.tailNames = Math.max(model.tailNames, last);
    const records = [
      ...Array.from({ length: this.headPlays }, (_, index) => {
        const artist = model.artists[(this.fan + index) % model.artists.length];
        return { artistName: artist?.name ?? 'Sim Artist 1', trackName: `Hit ${index % 3}` };
      }),
      ...Array.from({ length: this.tail }, (_, index) => ({
        artistName: tailName(first + index),
        trackName: `Deep Cut ${first + index}`,
      })),
    ].map((record, index) => ({ ...record, endTime: endTimeOf(7 * (index + 1)), msPlayed: 200_000 }));
    model.log.push(
      `${fan.label} imports ${records.length} plays (${this.tail} of the long tail: ${tailName(first)} to ${tailName(last)})`,
    );
    const tracks = await handlerOf('fan-tracks');
    const session = await signedInNow(fan.account, 'fan');
    let from = 0;
    while (from < records.length) {
      const sent = records.slice(from);
      const reply = await call(tracks, 'POST', '/api/tracks/user/import', {
        cookies: [session.cookie],
        body: { source: 'spotify-account-data', records: sent },
      });
      if (reply.statusCode !== 200)
        throw new ProductFault(`an import answered ${reply.statusCode}: ${reply.body ?? ''}`);
      const result = dataOf<HistoryImportResult>(reply);
      const counted = result.imported + result.duplicates + result.ignored + result.tooOld + result.refused;
      if (counted !== result.processedRecords || result.processedRecords > sent.length)
        throw new ProductFault(
          `an import of ${sent.length} records counted ${counted} of ${result.processedRecords} gone through`,
        );
      if (result.nextRecord === null) {
        if (result.processedRecords !== sent.length)
          throw new ProductFault(
            `an import went through ${result.processedRecords} of ${sent.length} records`,
          );
        break;
      }
      if (result.nextRecord <= 0) throw new ProductFault('an import made no progress');
      from += result.nextRecord;
    }
    await real.world.settle();
  }
  toString = () => `ImportHistory(${this.fan}, ${this.headPlays}, ${this.tail}, ${this.newNames})`;
}

/** The fan's subscription as the product answers it (GET /api/stripe/activeSubscription), or null. */
async function activeSubscriptionOf(fan: FanModel): Promise<{ id: string } | null> {
  const payments = await handlerOf('fan-payments');
  const session = await signedInNow(fan.account, 'fan');
  const reply = await call(payments, 'GET', '/api/stripe/activeSubscription', { cookies: [session.cookie] });
  if (isServerFault(reply.statusCode))
    throw new ProductFault(`activeSubscription answered ${reply.statusCode}`);
  if (reply.statusCode !== 200) return null;
  const data = dataOf<{ id: string } | null>(reply);
  return data && typeof data.id === 'string' ? data : null;
}

/** The fan cancels: the pie runs to its period's end, and Stripe charges the subscription no more. */
class CancelPie implements Command {
  constructor(readonly fan: number) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => !fan.deleted && fan.customerId !== null);
  async run(model: SimModel, real: SimReal) {
    const fan = liveFan(model, this.fan, (candidate) => candidate.customerId !== null);
    if (!fan) return;
    const active = await activeSubscriptionOf(fan);
    if (!active) return;
    model.log.push(`${fan.label} cancels their pie`);
    const payments = await handlerOf('fan-payments');
    const session = await signedInNow(fan.account, 'fan');
    const cancelled = await call(payments, 'POST', '/api/stripe/cancelSubscription', {
      cookies: [session.cookie],
      body: { subscriptionId: active.id },
    });
    if (isServerFault(cancelled.statusCode))
      throw new ProductFault(`cancelSubscription answered ${cancelled.statusCode}`);
    if (cancelled.statusCode === 200) {
      model.expect.cancelled.push({ fan: fan.label, subscriptionId: active.id, at: nowSeconds() });
    }
    await real.world.settle();
  }
  toString = () => `CancelPie(${this.fan})`;
}

/** The fan's bank: their card starts to decline (the next renewal fails and Stripe retries it) or a good one replaces it. */
class ChangeCard implements Command {
  constructor(
    readonly fan: number,
    readonly declines: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => model.fans.some((fan) => !fan.deleted && fan.customerId !== null);
  async run(model: SimModel, real: SimReal) {
    const fan = liveFan(model, this.fan, (candidate) => candidate.customerId !== null);
    if (!fan?.customerId) return;
    const subscriptions = await real.world.stripe.subscriptions.list({ customer: fan.customerId });
    const subscription = subscriptions.data.find((s) => s.status !== 'canceled');
    if (!subscription) return;
    model.log.push(
      `${fan.label}'s card ${this.declines ? 'starts to decline' : 'is replaced by one that pays'}`,
    );
    await real.world.stripe.subscriptions.update(subscription.id, {
      default_payment_method: this.declines ? 'pm_card_chargeDeclined' : 'pm_card_visa',
    });
    await real.world.settle();
  }
  toString = () => `ChangeCard(${this.fan}, ${this.declines})`;
}

/** The fan deletes their account, whatever money is in flight (a pie running, a webhook late, a refund due). */
class DeleteAccount implements Command {
  constructor(readonly fan: number) {}
  check = (model: Readonly<SimModel>) => model.fans.filter((fan) => !fan.deleted).length > 1;
  async run(model: SimModel, real: SimReal) {
    const fan = liveFan(model, this.fan);
    if (!fan) return;
    model.log.push(`${fan.label} deletes their account`);
    const auth = await handlerOf('fan-auth');
    const session = await signedInNow(fan.account, 'fan');
    const deleted = await call(auth, 'DELETE', '/api/auth/account', { cookies: [session.cookie] });
    if (deleted.statusCode !== 200)
      throw new ProductFault(`deleting an account answered ${deleted.statusCode}: ${deleted.body ?? ''}`);
    fan.deleted = true;
    model.expect.deleted.push({
      fan: fan.label,
      fanId: fan.account.userId,
      customerId: fan.customerId,
      at: nowSeconds(),
    });
    await real.world.settle();
  }
  toString = () => `DeleteAccount(${this.fan})`;
}

const index = fc.nat({ max: 999 });

export const fanCommands = {
  joinFromTry: fc.constant(new JoinFromTry()),
  promo: fc.tuple(index, fc.boolean()).map(([fan, double]) => new TakePromo(fan, double)),
  importHistory: fc
    .tuple(
      index,
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 0, max: 40 }),
    )
    .map(([fan, head, tail, fresh]) => new ImportHistory(fan, head, tail, fresh)),
  cancel: index.map((fan) => new CancelPie(fan)),
  card: fc
    .tuple(index, fc.constantFrom(true, true, false))
    .map(([fan, declines]) => new ChangeCard(fan, declines)),
  deleteAccount: index.map((fan) => new DeleteAccount(fan)),
};
