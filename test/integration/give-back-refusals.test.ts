// What a refused give-back leaves behind, and what its refusals say, through the artist-payments handler on DynamoDB
// Local (decisions 030, 044): the probe saw "There is not enough money in office-payable:c864…", a history row whose
// transaction answers 404, and amounts of 0 and 1.5 cents answered with a message that did not say what was wrong.
// The money reaches the office the real way: a split-like transaction credits the artist, lots are held, and the
// claim's release moves them to the office. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GiveBackOverviewReply } from '../../functions/contracts/give-back';
import type { EscrowLot } from '../../functions/domain/money/escrow';
import { accountIdOf, accountTypes } from '../../functions/domain/money/ledger';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { giveBack } from '../support/give-back';
import { givenArtist } from '../support/factories/catalogue';
import { givenOfficeAdmin } from '../support/factories/offices';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const loadPayments = async () => (await import('../../functions/handlers/artist-payments')).handler;
const loadClaims = async () => (await import('../../functions/handlers/artist-claims')).handler;
const loadStaffLedger = async () => (await import('../../functions/handlers/admin-ledger')).handler;

const internalAccount = new RegExp(`(^|[^a-z-])(${accountTypes.join('|')}):[^\\s"]+`);

async function deps() {
  const { getTable } = await import('../../functions/runtime/table');
  const { getClock } = await import('../../functions/runtime/clock');
  return { table: getTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' };
}

interface Given {
  admin: SignedInAccount;
  officeId: string;
  artistId: string;
  artistName: string;
  fan: SignedInAccount;
}

/** An office whose successful claim of a catalogue artist received `cents` from one fan, released to the office. */
async function givenOfficeWithFunding(cents: number): Promise<Given> {
  const d = await deps();
  const { admin, office } = await givenOfficeAdmin('Refusal Records');
  const { id: artistId, name: artistName } = await givenArtist(`Refused Echo ${randomUUID().slice(0, 6)}`);
  const created = await call(await loadClaims(), 'POST', '/api/for-artists/claims', {
    body: {
      artistId,
      officeId: office._id,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'social-bio',
      selectedPlatform: 'instagram',
      verificationString: `openpie_${randomUUID().replace(/-/g, '').slice(0, 8)}`,
    },
    cookies: [admin.cookie],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { moveClaim } = await import('../../functions/services/claims/claims');
  const { getClaim } = await import('../../functions/data/claims');
  let claim = await getClaim(d.table, dataOf<{ _id: string }>(created)._id);
  if (!claim) throw new Error('no claim');
  claim = await moveClaim(d, claim, 'Verified', { kind: 'staff', id: 'staff-test' }, 'bio found');
  claim = await moveClaim(d, claim, 'Successful', { kind: 'staff', id: 'staff-test' }, 'approved');
  const { postTransaction } = await import('../../functions/services/ledger');
  const fan = await createSignedInAccount('fan');
  const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
  await postTransaction(d, {
    kind: 'fan-payment',
    idempotencyKey: `fan-payment:${pieId}`,
    postings: [
      { accountId: accountIdOf('fan-wallet', fan.userId), amountCents: cents },
      { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -cents },
    ],
  });
  await postTransaction(d, {
    kind: 'split',
    idempotencyKey: `split:${pieId}`,
    postings: [
      { accountId: accountIdOf('fan-wallet', fan.userId), amountCents: -cents },
      { accountId: accountIdOf('artist-earnings', artistId), amountCents: cents },
    ],
  });
  const periodEnd = new Date(d.clock.now().getTime() - 20 * 86_400_000).toISOString();
  const lot: EscrowLot = {
    pieId,
    fanId: fan.userId,
    artistKey: `id:${artistId}`,
    artistId,
    artistName,
    accountId: accountIdOf('artist-earnings', artistId),
    cents,
    status: 'held',
    heldFrom: periodEnd,
    heldUntil: new Date(Date.parse(periodEnd) + 365 * 86_400_000).toISOString(),
  };
  const { putEscrowLots } = await import('../../functions/data/escrow-lots');
  await putEscrowLots(d.table, [lot]);
  const { releaseLotsToClaim } = await import('../../functions/services/claims/release');
  await releaseLotsToClaim(d, claim, [lot], { mail: false });
  return { admin, officeId: office._id, artistId, artistName, fan };
}

/**
 * A give-back of `cents` planned and stored while the payable held enough, after which a payout took `drained` of the
 * payable: the ledger's guard refuses it when the request runs (as when a payout lands between the plan and the post).
 */
async function givenPlannedThenDrained(given: Given, cents: number, drained: number): Promise<string> {
  const d = await deps();
  const { startGiveBack } = await import('../../functions/data/give-backs');
  const { transactionIdOf } = await import('../../functions/data/ledger');
  const { giveBackIdempotencyKey } = await import('../../functions/domain/money/give-back');
  const requestId = `req-${randomUUID()}`;
  const started = await startGiveBack(
    d.table,
    {
      officeId: given.officeId,
      requestId,
      artistId: given.artistId,
      artistName: given.artistName,
      amountCents: cents,
      shares: [{ fanId: given.fan.userId, cents }],
      transactionId: transactionIdOf(giveBackIdempotencyKey(given.officeId, requestId)),
      createdBy: given.admin.userId,
      createdAt: new Date().toISOString(),
    },
    { givenBackCents: 0, version: 0 },
  );
  expect(started).toBe('started');
  const { postTransaction } = await import('../../functions/services/ledger');
  await postTransaction(d, {
    kind: 'payout',
    idempotencyKey: `drain:${given.officeId}:${requestId}`,
    postings: [
      { accountId: accountIdOf('office-payable', given.officeId), amountCents: -drained },
      { accountId: accountIdOf('connect-in-flight', given.officeId), amountCents: drained },
    ],
  });
  return requestId;
}

describe('a give-back the ledger refuses', () => {
  it('answers in product words, naming no ledger account, and leaves no history row whose transaction answers 404', async () => {
    // Prepare: 1,000 cents received; 800 planned back, then a payout took 500 of the payable
    const given = await givenOfficeWithFunding(1000);
    const requestId = await givenPlannedThenDrained(given, 800, 500);
    const staff = await createSignedInAccount('admin');
    // Act
    const refused = await giveBack(given.admin, given, 800, requestId);
    const again = await giveBack(given.admin, given, 800, requestId);
    const overview = await call(await loadPayments(), 'GET', '/api/for-artists/give-back', {
      query: { officeId: given.officeId },
      cookies: [given.admin.cookie],
    });
    const history = dataOf<GiveBackOverviewReply>(overview).history;
    const transactions = await Promise.all(
      history.map(async (row) =>
        call(await loadStaffLedger(), 'GET', `/api/admin/ledger/transactions/${row.transactionId}`, {
          cookies: [staff.cookie],
        }),
      ),
    );
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    for (const reply of [refused, again]) {
      expect(reply.body).not.toMatch(internalAccount);
      expect(bodyOf(reply)).toMatchObject({ code: 'insufficient_balance' });
    }
    expect(bodyOf(refused)['message']).toBe(
      "The office's balance went down while this give-back was being made (a payout, most likely), so nothing was given back. Look at what is available now and try again.",
    );
    expect(overview.statusCode).toBe(200);
    expect(history.map((row) => row.requestId)).not.toContain(requestId);
    expect(transactions.map((reply) => reply.statusCode).filter((status) => status === 404)).toEqual([]);
  });

  it('still lists a give-back that went through, with a transaction staff can open', async () => {
    // Prepare
    const given = await givenOfficeWithFunding(600);
    const staff = await createSignedInAccount('admin');
    const requestId = `req-${randomUUID()}`;
    // Act
    const made = await giveBack(given.admin, given, 200, requestId);
    const overview = await call(await loadPayments(), 'GET', '/api/for-artists/give-back', {
      query: { officeId: given.officeId },
      cookies: [given.admin.cookie],
    });
    const [row] = dataOf<GiveBackOverviewReply>(overview).history;
    const transaction = await call(
      await loadStaffLedger(),
      'GET',
      `/api/admin/ledger/transactions/${row?.transactionId ?? 'none'}`,
      { cookies: [staff.cookie] },
    );
    // Assess
    expect(made.statusCode, made.body).toBe(200);
    expect(row).toMatchObject({ requestId, status: 'done' });
    expect(transaction.statusCode, transaction.body).toBe(200);
  });
});

describe('give-back amounts that are not whole cents of at least one', () => {
  it.each([
    [0, 'The amount must be at least 1 cent'],
    [1.5, 'The amount must be whole cents, with no fraction of a cent'],
  ])('answers %s cents with a 422 that says "%s"', async (amountCents, message) => {
    // Prepare
    const given = await givenOfficeWithFunding(300);
    // Act
    const reply = await giveBack(given.admin, given, amountCents, `req-${randomUUID()}`);
    // Assess
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({ code: 'validation_failed', fields: { amountCents: message } });
  });
});
