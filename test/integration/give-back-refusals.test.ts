// What a refused give-back leaves behind, and what its refusals say, through the artist-payments handler on DynamoDB
// Local (decisions 030, 044): the probe saw "There is not enough money in office-payable:c864…", a history row whose
// transaction answers 404, and amounts of 0 and 1.5 cents answered with a message that did not say what was wrong.
// The money reaches the office the real way: a split-like transaction credits the artist, lots are held, and the
// claim's release moves them to the office. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GiveBackOverviewReply } from '../../functions/contracts/give-back';
import { accountIdOf, accountTypes } from '../../functions/domain/money/ledger';
import { getClock } from '../../functions/runtime/clock';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { giveBack } from '../support/give-back';
import type { GivenFundedOffice } from '../support/factories/funding';
import { givenOfficeWithFunding } from '../support/factories/funding';
import { testTable } from '../support/test-table';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const loadPayments = async () => (await import('../../functions/handlers/artist-payments')).handler;
const loadStaffLedger = async () => (await import('../../functions/handlers/admin-ledger')).handler;

const internalAccount = new RegExp(`(^|[^a-z-])(${accountTypes.join('|')}):[^\\s"]+`);

function deps() {
  return { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' };
}

type Given = GivenFundedOffice & { fan: SignedInAccount };

/** An office whose successful claim of a catalogue artist received `cents` from one fan, released to the office. */
async function givenOfficeWithOneFan(cents: number): Promise<Given> {
  const given = await givenOfficeWithFunding([cents], {
    officeName: 'Refusal Records',
    artistPrefix: 'Refused Echo',
  });
  const [fan] = given.fans;
  if (!fan) throw new Error('no fan gave');
  return { ...given, fan };
}

/**
 * A give-back of `cents` planned and stored while the payable held enough, after which a payout took `drained` of the
 * payable: the ledger's guard refuses it when the request runs (as when a payout lands between the plan and the post).
 */
async function givenPlannedThenDrained(given: Given, cents: number, drained: number): Promise<string> {
  const d = deps();
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
    const given = await givenOfficeWithOneFan(1000);
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
    const given = await givenOfficeWithOneFan(600);
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
    const given = await givenOfficeWithOneFan(300);
    // Act
    const reply = await giveBack(given.admin, given, amountCents, `req-${randomUUID()}`);
    // Assess
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({ code: 'validation_failed', fields: { amountCents: message } });
  });
});
