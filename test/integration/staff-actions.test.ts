// Staff's actions with a reason and an audit entry (decision 043), through the admin-offices, admin-fans, admin-claims
// and admin-audit handlers on DynamoDB Local and the Stripe sandbox: removing an office's Stripe connection (the
// office's name typed, refused while a payout is on its way), handing an office with no admin to a new admin by
// invitation, refunding a fan's payment through Stripe (booked by the webhook, once), and the trail that lists them
// with the claim decisions, those made before the trail existed included.
import { randomBytes, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { StaffAuditEntry } from '../../functions/contracts/admin-audit';
import type { StaffFanDetail } from '../../functions/contracts/admin-people';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { payAs, paymentsHarnessPerTest } from '../support/payments-harness';
import { givenOfficeOf, readyStripeAccount } from '../support/factories/offices';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

const handlers = {
  offices: async () => (await import('../../functions/handlers/admin-offices')).handler,
  fans: async () => (await import('../../functions/handlers/admin-fans')).handler,
  audit: async () => (await import('../../functions/handlers/admin-audit')).handler,
};

function uniqueWord(): string {
  return Array.from(randomBytes(16), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** The office holds a connected account, as the `account.updated` webhook leaves it. */
async function connectOffice(officeId: string): Promise<string> {
  const { storeOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
  const accountId = `acct_${uniqueWord()}`;
  const stored = await storeOfficeStripeAccount(testTable(), officeId, readyStripeAccount(accountId));
  expect(stored).toBe('stored');
  return accountId;
}

async function removeConnection(staff: SignedInAccount, officeId: string, body: Record<string, unknown>) {
  return call(await handlers.offices(), 'DELETE', `/api/admin/offices/${officeId}/stripe-connection`, {
    cookies: [staff.cookie],
    body,
  });
}

async function auditOf(staff: SignedInAccount, query: Record<string, string>): Promise<StaffAuditEntry[]> {
  const result = await call(await handlers.audit(), 'GET', '/api/admin/audit', {
    cookies: [staff.cookie],
    query,
  });
  expect(result.statusCode).toBe(200);
  return dataOf<StaffAuditEntry[]>(result);
}

describe('DELETE /api/admin/offices/{id}/stripe-connection', () => {
  it('removes the connection with a reason and the typed name, once, with its audit entry before and after', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const admin = await createSignedInAccount('artist');
    const office = await givenOfficeOf(admin, `Label ${uniqueWord()}`);
    const accountId = await connectOffice(office._id);
    // Act: the same removal twice at once, then again
    const [first, second] = await Promise.all([
      removeConnection(staff, office._id, { reason: 'Wrong bank country', confirmation: office.name }),
      removeConnection(staff, office._id, { reason: 'Wrong bank country', confirmation: office.name }),
    ]);
    const again = await removeConnection(staff, office._id, { reason: 'Again', confirmation: office.name });
    // Assess
    expect([first.statusCode, second.statusCode].sort()).toContain(200);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).code).toBe('no_stripe_connection');
    const { getOfficeStripeAccount, storeOfficeStripeAccount } =
      await import('../../functions/data/offices/stripe-account');
    expect(await getOfficeStripeAccount(testTable(), office._id)).toBeNull();
    const entries = await auditOf(staff, { targetType: 'office', targetId: office._id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'office-stripe-connection-removed',
        actor: { id: staff.userId, email: expect.any(String) as unknown },
        target: { type: 'office', id: office._id },
        reason: 'Wrong bank country',
        before: expect.objectContaining({ stripeAccountId: accountId, payoutsEnabled: true }),
        after: expect.objectContaining({ stripeAccountId: null }),
      }),
    ]);
    // A late account.updated of the removed account does not bring it back.
    const late = await storeOfficeStripeAccount(
      testTable(),
      office._id,
      readyStripeAccount(accountId, new Date(Date.now() + 1000)),
    );
    expect(late).toBe('stale');
    expect(await getOfficeStripeAccount(testTable(), office._id)).toBeNull();
  });

  it('refuses without a reason or with a name not typed exactly (422), an unknown office (404), a payout on its way (409)', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const admin = await createSignedInAccount('artist');
    const office = await givenOfficeOf(admin, `Label ${uniqueWord()}`);
    await connectOffice(office._id);
    // Act
    const noReason = await removeConnection(staff, office._id, { reason: '  ', confirmation: office.name });
    const wrongName = await removeConnection(staff, office._id, {
      reason: 'Wrong account',
      confirmation: office.name.toUpperCase(),
    });
    const unknown = await removeConnection(staff, randomUUID(), { reason: 'x', confirmation: 'x' });
    const { payoutOpenGuardKey } = await import('../../functions/data/keys');
    const table = testTable();
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...payoutOpenGuardKey(office._id), entity: 'payout-open', v: 1, payoutId: randomUUID() },
      }),
    );
    const inFlight = await removeConnection(staff, office._id, {
      reason: 'Wrong account',
      confirmation: office.name,
    });
    // Assess
    expect(noReason.statusCode).toBe(422);
    expect(bodyOf(noReason).fields).toHaveProperty('reason');
    expect(wrongName.statusCode).toBe(422);
    expect(bodyOf(wrongName).fields).toHaveProperty('confirmation');
    expect(unknown.statusCode).toBe(404);
    expect(inFlight.statusCode).toBe(409);
    expect(bodyOf(inFlight).code).toBe('payout_in_flight');
    const { getOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
    expect(await getOfficeStripeAccount(table, office._id)).not.toBeNull();
    expect(await auditOf(staff, { targetType: 'office', targetId: office._id })).toEqual([]);
  });
});

describe('onboarding again after staff removed the connection', () => {
  it('makes a new connected account at Stripe, not the replay of the removed one', async () => {
    // Prepare: an office onboarded on the sandbox, its connection then removed by staff
    const { givenOffice, onboardOffice, startPayoutHarness } = await import('../support/payouts-harness');
    const payouts = await startPayoutHarness();
    try {
      const { officeId, admin } = await givenOffice(payouts.deps);
      const removed = await onboardOffice(payouts, officeId, admin);
      const { removeOfficeStripeConnection } = await import('../../functions/services/admin/office-actions');
      await removeOfficeStripeConnection(payouts.deps, randomUUID(), officeId, {
        reason: 'The office wants another account',
        confirmation: 'Night Owls Records',
      });
      // Act
      const again = await onboardOffice(payouts, officeId, admin);
      // Assess
      expect(again).not.toBe(removed);
      const { getOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
      expect((await getOfficeStripeAccount(testTable(), officeId))?.accountId).toBe(again);
    } finally {
      await payouts.stop();
    }
  });
});

describe('POST /api/admin/offices/{id}/admin-invitation', () => {
  it('invites a new admin to an office with no admin, once, with the usual mail; refuses an office with an admin', async () => {
    // Prepare: an office whose only admin became a member (as when an admin's account is deleted).
    const staff = await createSignedInAccount('admin');
    const admin = await createSignedInAccount('artist');
    const office = await givenOfficeOf(admin, `Label ${uniqueWord()}`);
    const withAdmin = await givenOfficeOf(admin, `Label ${uniqueWord()}`);
    const table = testTable();
    const { officeKey, officeMemberKey } = await import('../../functions/data/keys');
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeMemberKey(office._id, admin.userId),
        UpdateExpression: 'SET #role = :member',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':member': 'member' },
      }),
    );
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeKey(office._id),
        UpdateExpression: 'SET adminCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    const invitee = `new-admin-${uniqueWord()}@example.com`;
    const invite = async (officeId: string, body: Record<string, unknown>) =>
      call(await handlers.offices(), 'POST', `/api/admin/offices/${officeId}/admin-invitation`, {
        cookies: [staff.cookie],
        body,
      });
    // Act
    const noReason = await invite(office._id, { email: invitee, reason: '' });
    const first = await invite(office._id, { email: invitee, reason: 'The last admin left' });
    const again = await invite(office._id, { email: invitee, reason: 'The last admin left' });
    const refused = await invite(withAdmin._id, { email: invitee, reason: 'No' });
    // Assess
    expect(noReason.statusCode).toBe(422);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused).code).toBe('office_has_admin');
    const { getOfficeInvitation } = await import('../../functions/data/offices/invitations');
    expect(await getOfficeInvitation(table, office._id, invitee)).toMatchObject({
      role: 'admin',
      status: 'pending',
      invitedBy: staff.userId,
    });
    const { listOutboxMail } = await import('../../functions/data/outbox');
    const mails = (await listOutboxMail(table, 1000)).filter((mail) => mail.to === invitee);
    expect(mails).toHaveLength(1);
    const entries = await auditOf(staff, { targetType: 'office', targetId: office._id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'office-admin-invited',
        reason: 'The last admin left',
        after: expect.objectContaining({
          invitation: expect.objectContaining({ email: invitee, role: 'admin' }),
        }),
      }),
    ]);
  });
});

describe('POST /api/admin/fans/{id}/payments/{paymentId}/refund', () => {
  it('refunds part of a payment at Stripe once per request, booked by the webhook once, then the rest; refuses more than is left', async () => {
    // Prepare
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const fan = await createSignedInAccount('fan', { firstName: 'Refund', lastName: uniqueWord() });
    const other = await createSignedInAccount('fan', { firstName: 'Other', lastName: uniqueWord() });
    await payAs(harness, fan, 2000);
    await payAs(harness, other, 1000);
    const fans = await handlers.fans();
    const detailOf = async (id: string) =>
      dataOf<StaffFanDetail>(await call(fans, 'GET', `/api/admin/fans/${id}`, { cookies: [staff.cookie] }));
    const [payment] = (await detailOf(fan.userId)).paymentList;
    const [otherPayment] = (await detailOf(other.userId)).paymentList;
    if (!payment || !otherPayment) throw new Error('no payment');
    const refund = async (fanId: string, paymentId: string, body: Record<string, unknown>) =>
      call(fans, 'POST', `/api/admin/fans/${fanId}/payments/${paymentId}/refund`, {
        cookies: [staff.cookie],
        body,
      });
    const requestId = randomUUID();
    // Act: the same request twice, a refund for more than is left, another fan's payment, no reason
    const first = await refund(fan.userId, payment.transactionId, {
      amountCents: 500,
      reason: 'Charged twice',
      requestId,
    });
    const repeat = await refund(fan.userId, payment.transactionId, {
      amountCents: 500,
      reason: 'Charged twice',
      requestId,
    });
    await harness.sandbox.settle();
    const tooMuch = await refund(fan.userId, payment.transactionId, {
      amountCents: 1501,
      reason: 'Too much',
    });
    const notTheirs = await refund(fan.userId, otherPayment.transactionId, { reason: 'Wrong fan' });
    const noReason = await refund(fan.userId, payment.transactionId, { amountCents: 100, reason: '' });
    const rest = await refund(fan.userId, payment.transactionId, {
      reason: 'Goodwill',
      requestId: randomUUID(),
    });
    await harness.sandbox.settle();
    // Assess
    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    const made = dataOf<{ refundId: string; amountCents: number }>(first);
    expect(dataOf<{ refundId: string }>(repeat).refundId).toBe(made.refundId);
    expect(made.amountCents).toBe(500);
    expect(tooMuch.statusCode).toBe(422);
    expect(bodyOf(tooMuch).fields).toHaveProperty('amountCents');
    expect(notTheirs.statusCode).toBe(404);
    expect(noReason.statusCode).toBe(422);
    expect(rest.statusCode).toBe(200);
    expect(dataOf<{ amountCents: number }>(rest).amountCents).toBe(1500);
    const detail = await detailOf(fan.userId);
    expect(detail.refunds?.map((row) => [row.amountCents, row.transactionId !== null]).sort()).toEqual([
      [1500, true],
      [500, true],
    ]);
    const { getLedgerTransaction, transactionIdOf } = await import('../../functions/data/ledger');
    const booked = await getLedgerTransaction(testTable(), transactionIdOf(`refund:${made.refundId}`));
    expect(booked?.kind).toBeDefined();
    const entries = await auditOf(staff, { targetType: 'payment', targetId: payment.transactionId });
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['payment-refunded', 'Goodwill'],
      ['payment-refunded', 'Charged twice'],
    ]);
    expect(entries[1]?.after).toMatchObject({
      refundId: made.refundId,
      amountCents: 500,
      amountRefundedCents: 500,
    });
  });
});

describe('GET /api/admin/audit', () => {
  it("lists staff's claim decisions, new ones and those stored before the trail, newest first and paged", async () => {
    // Prepare: a decision stored before the trail existed (a claim and its claim-audit item, as the table held them).
    const staff = await createSignedInAccount('admin');
    const table = testTable();
    const claimId = randomUUID();
    const { claimAuditKey, claimKey, claimsByStatusPartition } = await import('../../functions/data/keys');
    const at = '2020-01-02T03:04:05.000Z';
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...claimKey(claimId),
          entity: 'claim',
          v: 1,
          id: claimId,
          officeId: randomUUID(),
          artistId: randomUUID(),
          artistName: 'Old Artist',
          status: 'Rejected',
          verificationMethod: 'spotify-bio',
          selectedPlatform: 'spotify',
          verificationString: `openpie_${uniqueWord().slice(0, 8)}`,
          agreedAt: at,
          createdBy: randomUUID(),
          createdAt: at,
          updatedAt: at,
          gsi3pk: claimsByStatusPartition('Rejected'),
          gsi3sk: `${at}#${claimId}`,
        },
      }),
    );
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...claimAuditKey(claimId, at, 'old-entry'),
          entity: 'claim-audit',
          v: 1,
          claimId,
          from: 'Pending',
          to: 'Rejected',
          reason: 'Not their bio',
          actorKind: 'staff',
          actorId: staff.userId,
          at,
        },
      }),
    );
    const { backfillClaimDecisions } = await import('../../functions/services/admin/audit');
    const { isAuditBackfilled } = await import('../../functions/data/audit');
    // Another test file may have run the backfill already: run it again as the first read of a new deployment does.
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { auditBackfillKey } = await import('../../functions/data/keys');
    await table.client.send(
      new DeleteCommand({ TableName: table.name, Key: auditBackfillKey('claim-decisions') }),
    );
    // Act
    const listed = await auditOf(staff, { actorId: staff.userId });
    const twice = await backfillClaimDecisions({ table, clock: { now: () => new Date() } });
    const page = await call(await handlers.audit(), 'GET', '/api/admin/audit', {
      cookies: [staff.cookie],
      query: { action: 'claim-status-changed', limit: '1' },
    });
    // Assess
    expect(await isAuditBackfilled(table, 'claim-decisions')).toBe(true);
    expect(twice).toBe(0);
    expect(listed).toEqual([
      expect.objectContaining({
        action: 'claim-status-changed',
        at,
        target: { type: 'claim', id: claimId },
        before: { status: 'Pending' },
        after: { status: 'Rejected' },
        reason: 'Not their bio',
      }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(dataOf<StaffAuditEntry[]>(page)).toHaveLength(1);
    expect(bodyOf(page).pagination).toMatchObject({ page: 1, limit: 1 });
  });

  it('refuses fans and anonymous callers', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    // Act
    const asFan = await call(await handlers.audit(), 'GET', '/api/admin/audit', { cookies: [fan.cookie] });
    const anonymous = await call(await handlers.audit(), 'GET', '/api/admin/audit');
    // Assess
    expect(asFan.statusCode).toBe(401);
    expect(anonymous.statusCode).toBe(401);
  });
});
