// The demo artist-side user's office, made the way the product makes it, never written into the
// table by hand: a second member; supporter fans who paid pies through the Stripe sandbox 35 days ago (backdated as
// the demo fan's pie is), listened mostly to one sandbox artist, and whose ended pies the split divided; that artist
// claimed by the office, verified and approved by the demo staff member, which releases the held earnings to the
// office's payable; the office's Connect account onboarded on the sandbox's hosted page; and one payout of part of it.
// Stripe pays a payout out two days after it is made (`payout.paid`); for the demo the sandbox's bank confirms it at
// once, so the payout is completed at the first start. Every step looks first at what is there, so a start interrupted
// half-way finishes the rest at the next start.
import { randomBytes, randomUUID } from 'node:crypto';
import { createAccount, findAccountByEmail } from '../functions/data/accounts';
import { listOfficeClaims } from '../functions/data/claims';
import { addOfficeMember } from '../functions/data/offices/members';
import { getPersonalOfficeId } from '../functions/data/offices/office';
import { getOfficeStripeAccount } from '../functions/data/offices/stripe-account';
import { listOfficePayouts } from '../functions/data/payouts';
import { listFanPies } from '../functions/data/pies';
import { recomputeDailyListening, savePlays } from '../functions/data/listening';
import { isSeeded, markSeeded } from '../functions/data/seed-markers';
import type { TableRef } from '../functions/data/table';
import { msPerDay } from '../functions/domain/calendar';
import { buildAccount } from '../functions/domain/identity/account';
import { toPlays } from '../functions/domain/listening/plays';
import { getClock } from '../functions/runtime/clock';
import type { Logger } from '../functions/runtime/logger';
import { createLogger } from '../functions/runtime/logger';
import { claimDependencies, createClaimForUser } from '../functions/services/claims/claims';
import { changeClaimStatusByStaff, staffClaimDependencies } from '../functions/services/claims/staff-claims';
import { completeOnboarding, readPayoutAccount } from '../functions/services/connect/onboarding';
import { createPayout, officePayableOf, payoutDependencies } from '../functions/services/connect/payouts';
import { getBalance } from '../functions/services/ledger';
import { officeDependencies, listMyOffices } from '../functions/services/offices/offices';
import { createCheckout } from '../functions/services/payments/checkout';
import { paymentsDependencies } from '../functions/services/payments/dependencies';
import { pieSplitDependencies, splitEndedPie } from '../functions/services/pie/pie-split';
import { spotifyAccountIdOf } from './oauth-sandbox/identities';
import { artistsById, favouriteArtistsOf, tracksOfArtist } from './spotify-sandbox/catalogue';
import type { StripeSandbox } from './stripe-sandbox';
import { cardExpiryAfter } from './stripe-sandbox/cards';

export const demoOfficeMarker = 'demo-office-v1';

/** Who the demo office is made of: the demo artist-side user (its admin), the second member and staff. */
export interface DemoOfficePeople {
  artistEmail: string;
  memberEmail: string;
  staffEmail: string;
  /** The demo fan: the claimed artist is the first of their sandbox favourites, so their own pie pays it too. */
  fanEmail: string;
}

/** Fans whose ended pies hold the claimed artist's earnings; no password: they never sign in. */
const supporterCount = 3;
const supporterPie = {
  amount: 2500,
  artistLimit: 0,
  artistPopularity: 0,
  excludeNonActive: false,
  pieDays: 30,
};
/** The demo payout: $30 of the office's payable (some $55 from the supporters' pies). */
const demoPayoutCents = 3000;
/** Long enough ago that the 30-day pie ended (and can be split), recent enough to count for give-back. */
const supporterPaidDaysAgo = 35;
/** A supporter listens on every fourth day of the pie's period. */
const supporterDayStep = 4;
/** A supporter's days of listening rebuilt at once (each day's rebuild is its own items). */
const daysRebuiltTogether = 4;

function supporterEmail(index: number): string {
  return `demo-supporter-${index + 1}@openpie.example`;
}

function randomVerificationString(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `openpie_${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

async function requireAccount(table: TableRef, kind: 'fan' | 'artist' | 'admin', email: string) {
  const account = await findAccountByEmail(table, kind, email);
  if (!account) throw new Error(`The demo account ${email} is missing`);
  return account;
}

/** A verified fan who never signs in (no password), made once. */
async function ensureSupporter(table: TableRef, email: string, now: Date): Promise<string> {
  const found = await findAccountByEmail(table, 'fan', email);
  if (found) return found.id;
  const account = buildAccount(
    {
      kind: 'fan',
      id: randomUUID(),
      email,
      firstName: 'Demo',
      lastName: 'Supporter',
      passwordHash: null,
      emailVerifiedAt: now.toISOString(),
      promoEligible: false,
    },
    now,
  );
  await createAccount(table, { ...account, email, phoneNumber: null, country: null });
  return (await requireAccount(table, 'fan', email)).id;
}

/**
 * Listening on every `supporterDayStep`th day of the pie's period (a fan who listens a few times a week: some 130 items
 * a supporter, where a day's listening every day took some 500 and was the first start's longest wait): mostly the
 * claimed artist's tracks, some of another artist's, ten minutes apart so each play counts in full.
 */
function supporterPlays(artistId: string, otherArtistId: string, periodStartMs: number, days: number) {
  const mainTracks = tracksOfArtist(artistId);
  const otherTracks = tracksOfArtist(otherArtistId);
  const listenedDays = Array.from(
    { length: Math.ceil(days / supporterDayStep) },
    (_, n) => n * supporterDayStep,
  );
  const items = listenedDays
    .map((day) =>
      Array.from({ length: 8 }, (__, index) => {
        const pool = index < 6 ? mainTracks : otherTracks;
        const track = pool[(day + index) % Math.max(1, pool.length)];
        if (!track) return [];
        return [
          {
            played_at: new Date(
              periodStartMs + day * msPerDay + (index + 1) * 10 * 60_000 + 3600_000,
            ).toISOString(),
            track: {
              id: track.id,
              name: track.name,
              duration_ms: track.durationMs,
              artists: track.artistIds.map((id) => ({ id, name: artistsById.get(id)?.name ?? id })),
            },
          },
        ];
      }).flat(),
    )
    .flat();
  return toPlays({ items }, null);
}

/**
 * A supporter's pie, paid through the sandbox's Checkout (backdated) unless the supporter has one already, with the
 * listening of its whole period stored first: the pie is split whenever its split runs (the seed's own, or the hourly
 * `pie-renewals` job of a running product, which may fire the moment the paid pie opens), so the plays must be there
 * before the pie is. Before, a start that crossed the hour could see the job split the pies with no listening, leaving
 * the office's earnings, and so its payout, short. Settles once the listening is stored, with the payment under way
 * (null when the supporter has paid before).
 */
async function ensureSupporterPaid(
  table: TableRef,
  sandbox: StripeSandbox,
  fanId: string,
  artistIds: { claimed: string; other: string },
): Promise<{ paying: Promise<void> } | null> {
  if ((await listFanPies(table, fanId)).length > 0) return null;
  // Whole seconds, as Stripe's timestamps are: the pie's period starts exactly here.
  const paidAtMs = Math.floor((getClock().now().getTime() - supporterPaidDaysAgo * msPerDay) / 1000) * 1000;
  const paidAt = new Date(paidAtMs);
  const plays = supporterPlays(artistIds.claimed, artistIds.other, paidAtMs, supporterPie.pieDays - 1);
  const saved = await savePlays(table, fanId, plays);
  // The days at once, a few apart: one after another, their rebuilds are some 40 requests in a row.
  await Promise.all(
    Array.from({ length: daysRebuiltTogether }, (_, lane) =>
      recomputeDailyListening(
        table,
        fanId,
        saved.days.filter((_day, index) => index % daysRebuiltTogether === lane),
      ),
    ),
  );
  const paying = (async () => {
    const { url } = await createCheckout(paymentsDependencies(), fanId, supporterPie);
    const sessionId = new URL(url).pathname.split('/').pop() ?? '';
    const paid = await sandbox.payCheckout(
      sessionId,
      {
        number: '4242 4242 4242 4242',
        expiry: cardExpiryAfter(getClock().now()),
        cvc: '123',
        name: 'Demo Supporter',
      },
      { at: paidAt },
    );
    if (!paid.ok) throw new Error(`The sandbox refused a demo supporter's payment: ${paid.message}`);
  })();
  // Awaited by the caller after the next supporters' listening: a failure must not count as unhandled meanwhile.
  paying.catch(() => undefined);
  return { paying };
}

/**
 * The supporters, one after another as far as their listening goes (some 500 items each, which DynamoDB Local writes
 * one transaction at a time anyway), each one's payment going on while the next one's listening is stored.
 */
async function ensureSupporters(
  table: TableRef,
  sandbox: StripeSandbox,
  artistIds: { claimed: string; other: string },
  now: Date,
): Promise<string[]> {
  const fanIds: string[] = [];
  const payments: Promise<void>[] = [];
  for (let index = 0; index < supporterCount; index += 1) {
    const fanId = await ensureSupporter(table, supporterEmail(index), now);
    fanIds.push(fanId);
    const started = await ensureSupporterPaid(table, sandbox, fanId, artistIds);
    if (started) payments.push(started.paying);
  }
  await Promise.all(payments);
  return fanIds;
}

/** The supporter's ended pie (its listening stored before it was paid) split, once. */
async function ensureSupporterSplit(table: TableRef, fanId: string, log: Logger): Promise<void> {
  const pies = await listFanPies(table, fanId);
  const ended = pies.find((pie) => Date.parse(pie.periodEnd) <= getClock().now().getTime());
  if (!ended) throw new Error('A demo supporter paid, but no ended pie is there to split');
  if (ended.status === 'split') return;
  const split = await splitEndedPie(pieSplitDependencies(), ended.id, { log });
  if (split.outcome !== 'split' && split.outcome !== 'already_split') {
    throw new Error(`A demo supporter's pie was not split: ${JSON.stringify(split)}`);
  }
}

/** The office's claim on the artist, made once and moved Pending → Verified → Successful by staff (the release). */
async function ensureSuccessfulClaim(
  table: TableRef,
  officeId: string,
  adminId: string,
  staffId: string,
  artistId: string,
): Promise<{ releasedCents: number }> {
  let claim = (await listOfficeClaims(table, officeId)).find(
    (found) => found.artistId === artistId && found.status !== 'Deleted' && found.status !== 'Rejected',
  );
  if (!claim) {
    const made = await createClaimForUser(claimDependencies(), adminId, {
      artistId,
      officeId,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'spotify-bio',
      selectedPlatform: 'spotify',
      verificationString: randomVerificationString(),
    });
    claim = (await listOfficeClaims(table, officeId)).find((found) => found.id === made._id);
    if (!claim) throw new Error('The demo claim was made but cannot be read back');
  }
  const deps = staffClaimDependencies();
  if (claim.status === 'Pending') {
    await changeClaimStatusByStaff(deps, staffId, claim.id, {
      status: 'Verified',
      reason: 'Demo data: the verification string is in the artist’s Spotify bio',
    });
  }
  // Asking again on a successful claim finishes a release an interrupted start left.
  const decided = await changeClaimStatusByStaff(deps, staffId, claim.id, {
    status: 'Successful',
    reason: 'Demo data: approved by staff',
  });
  return { releasedCents: decided.release?.releasedCents ?? 0 };
}

/** Onboarding as a person does it: the product's link, then the sandbox's hosted form, submitted over loopback. */
async function ensureOnboarded(
  table: TableRef,
  sandbox: StripeSandbox,
  officeId: string,
  adminId: string,
  log: Logger,
): Promise<void> {
  const deps = payoutDependencies();
  if ((await getOfficeStripeAccount(table, officeId))?.payoutsEnabled) return;
  const { accountLink } = await completeOnboarding(deps, adminId, officeId, log);
  const submitted = await fetch(accountLink.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ari Artist', email: 'demo-artist@openpie.example' }).toString(),
    redirect: 'manual',
  });
  if (submitted.status >= 400) throw new Error(`The sandbox onboarding page answered ${submitted.status}`);
  await sandbox.settle();
  // Reads the account back from Stripe when the webhook has not stored it yet.
  const account = await readPayoutAccount(deps, adminId, officeId);
  if (account.status !== 'ready') throw new Error(`The demo office's Connect account is ${account.status}`);
}

async function ensurePayout(
  table: TableRef,
  sandbox: StripeSandbox,
  officeId: string,
  adminId: string,
  log: Logger,
): Promise<string> {
  const [existing] = await listOfficePayouts(table, officeId);
  if (!existing) {
    const deps = payoutDependencies();
    const payable = await getBalance(deps, officePayableOf(officeId));
    // Part of it, so the office keeps a balance to show and to give back from.
    const amountCents = payable > demoPayoutCents ? demoPayoutCents : payable;
    await createPayout(deps, adminId, { officeId, amountCents }, log);
    await sandbox.settle();
  }
  // The bank confirms it at once (a sandbox shortcut for seeding: Stripe pays a payout out days later), and the
  // product's webhook completes it the way it completes every payout.
  await sandbox.arrivePendingPayouts();
  const [payout] = await listOfficePayouts(table, officeId);
  return payout?.status ?? 'missing';
}

/** The demo artist-side user's personal office with the second member in it. */
async function ensureOfficeWithMember(table: TableRef, people: DemoOfficePeople, now: Date) {
  const admin = await requireAccount(table, 'artist', people.artistEmail);
  const member = await requireAccount(table, 'artist', people.memberEmail);
  const staff = await requireAccount(table, 'admin', people.staffEmail);
  // The personal office: made on the first `GET offices`, as the artist area's first visit makes it.
  await listMyOffices(officeDependencies(), admin.id);
  const officeId = await getPersonalOfficeId(table, admin.id);
  if (!officeId) throw new Error('The demo artist has no personal office');
  const joined = await addOfficeMember(
    table,
    officeId,
    { userId: member.id, email: people.memberEmail, role: 'member' },
    now,
  );
  if (joined !== 'added' && joined !== 'already-member')
    throw new Error(`The demo member could not join: ${joined}`);
  return { admin, staff, officeId };
}

/**
 * Seeds the demo office once (a marker says it was); answers the lines the start prints about it. Needs the demo
 * accounts and catalogue (seed.ts) and the running product, whose webhook route books what the sandbox raises.
 */
export async function seedDemoOffice(
  table: TableRef,
  people: DemoOfficePeople,
  sandbox: StripeSandbox,
  /**
   * The sandbox artists being put in the catalogue at the same time: the supporters pay meanwhile, and their pies are
   * split and the artist claimed once it is done.
   */
  catalogueSeeded: Promise<void> = Promise.resolve(),
): Promise<string[]> {
  const log = createLogger('warn', { seed: 'demo-office' });
  const lines = [
    `The demo artist's office: a second member (${people.memberEmail}), a successful claim with earnings from`,
    '    demo supporters’ pies, an onboarded sandbox Connect account and a completed payout',
  ];
  if (await isSeeded(table, demoOfficeMarker)) return lines;
  const now = getClock().now();
  const [claimed, other] = favouriteArtistsOf(spotifyAccountIdOf(people.fanEmail));
  if (!claimed || !other) throw new Error('The sandbox has no favourite artists for the demo fan');
  // The office and its second member beside the supporters: neither reads what the other writes.
  const [{ admin, staff, officeId }, supporterIds] = await Promise.all([
    ensureOfficeWithMember(table, people, now),
    ensureSupporters(table, sandbox, { claimed, other }, now),
  ]);
  // Once for all: delivers the payments' webhooks (or, after an interrupted start, those still undelivered) and runs
  // what fell due since (the funds, the renewals).
  await sandbox.advance();
  // The earnings (split, then claimed and released) and the Connect account side by side; the payout needs both.
  await Promise.all([
    (async () => {
      await catalogueSeeded;
      await Promise.all(supporterIds.map((fanId) => ensureSupporterSplit(table, fanId, log)));
      await ensureSuccessfulClaim(table, officeId, admin.id, staff.id, claimed);
    })(),
    ensureOnboarded(table, sandbox, officeId, admin.id, log),
  ]);
  await ensurePayout(table, sandbox, officeId, admin.id, log);
  await markSeeded(table, demoOfficeMarker, getClock().now());
  return lines;
}
