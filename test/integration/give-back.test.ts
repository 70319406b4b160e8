// Give-back on DynamoDB Local (decision 030), through the artist-payments handler: an office admin
// gives part of what the office received for a claimed artist back to the fans who funded it in the last 12 months,
// pro rata, in ONE ledger transaction; the preview is what is posted; the same request run twice, or three times at
// once, moves the money once and mails each fan once; rights and limits answer 404/403/422. The money reaches the
// office the real way: a split-like transaction credits the artist, lots are held, the claim's release
// (services/claims/release.ts) moves them to the office. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  GiveBackPreviewReply,
  GiveBackReply,
  StatementReply,
} from '../../functions/contracts/give-back';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { getClock } from '../../functions/runtime/clock';
import { givenListening } from '../support/factories/fans';
import { givenOfficeWithFunding } from '../support/factories/funding';
import { balanceOf } from '../support/factories/ledger';
import { givenJoined } from '../support/factories/offices';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { giveBack, previewGiveBack } from '../support/give-back';
import { testTable } from '../support/test-table';
import { call, createSignedInAccount, dataOf, readOutbox } from '../support/identity';

const loadPayments = async () => (await import('../../functions/handlers/artist-payments')).handler;
const loadClaims = async () => (await import('../../functions/handlers/artist-claims')).handler;

function deps() {
  return { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' };
}

async function overviewFor(who: SignedInAccount, officeId: string) {
  return call(await loadPayments(), 'GET', '/api/for-artists/give-back', {
    query: { officeId },
    cookies: [who.cookie],
  });
}

async function statementFor(who: SignedInAccount, officeId: string, from: string, to: string) {
  return call(await loadPayments(), 'GET', '/api/for-artists/statements', {
    query: { officeId, from, to, kind: 'transactions' },
    cookies: [who.cookie],
  });
}

/** An API function has up to API Gateway's 29 s: a give-back to a thousand fans needs more than 10 s on a loaded machine. */
const apiGatewayLimitMs = 29_000;

const walletOf = (fan: SignedInAccount) => accountIdOf('fan-wallet', fan.userId);

describe('give-back', () => {
  it('credits each fan the share the preview showed, in one transaction, and mails each fan once', async () => {
    // Prepare: fans gave 100, 300 and 600; 500 back is 50, 150 and 300
    const given = await givenOfficeWithFunding([100, 300, 600]);
    const payable = accountIdOf('office-payable', given.officeId);
    expect(await balanceOf(payable)).toBe(1000);
    const shown = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given, 500));
    // Act
    const result = await giveBack(given.admin, given, 500, `req-${randomUUID()}`);
    // Assess
    expect(result.statusCode).toBe(200);
    const reply = dataOf<GiveBackReply>(result);
    expect(reply).toMatchObject({
      status: 'done',
      amountCents: 500,
      fanCount: 3,
      artistName: given.artistName,
    });
    expect(shown.availableCents).toBe(1000);
    expect(shown.shares.map((share) => [share.gaveCents, share.receivesCents])).toEqual([
      [600, 300],
      [300, 150],
      [100, 50],
    ]);
    expect(await Promise.all(given.fans.map((fan) => balanceOf(walletOf(fan))))).toEqual([50, 150, 300]);
    expect(await balanceOf(payable)).toBe(500);
    const { getLedgerTransaction } = await import('../../functions/data/ledger');
    const transaction = await getLedgerTransaction(testTable(), reply.transactionId);
    expect(transaction?.kind).toBe('give-back');
    expect(transaction?.postings).toHaveLength(4);
    const mails = (await readOutbox()).filter((mail) => mail.subject.includes(given.artistName));
    expect(mails.map((mail) => mail.to).sort()).toEqual(given.fans.map((fan) => fan.email).sort());
    expect(mails.find((mail) => mail.to === given.fans[0]?.email)?.text).toContain('$0.50');
  });

  it('moves the money once when the same request runs twice, and three times at once', async () => {
    // Prepare
    const given = await givenOfficeWithFunding([250, 750]);
    const payable = accountIdOf('office-payable', given.officeId);
    const once = `req-${randomUUID()}`;
    const together = `req-${randomUUID()}`;
    // Act
    const first = await giveBack(given.admin, given, 100, once);
    const again = await giveBack(given.admin, given, 100, once);
    const concurrent = await Promise.all([1, 2, 3].map(() => giveBack(given.admin, given, 200, together)));
    // Assess
    expect([first.statusCode, again.statusCode, ...concurrent.map((result) => result.statusCode)]).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(dataOf<GiveBackReply>(again).transactionId).toBe(dataOf<GiveBackReply>(first).transactionId);
    expect(await balanceOf(payable)).toBe(1000 - 100 - 200);
    expect(await Promise.all(given.fans.map((fan) => balanceOf(walletOf(fan))))).toEqual([25 + 50, 75 + 150]);
    const overview = dataOf<{ history: GiveBackReply[] }>(await overviewFor(given.admin, given.officeId));
    expect(overview.history.map((item) => item.amountCents).sort()).toEqual([100, 200]);
    const mails = (await readOutbox()).filter((mail) => mail.subject.includes(given.artistName));
    expect(mails).toHaveLength(4);
  });

  it("lets only one of two different give-backs at once spend the artist's balance, however full the payable", async () => {
    // Prepare: 1000 available for the artist; the payable holds 5,000 more (another artist's money)
    const given = await givenOfficeWithFunding([1000]);
    const d = deps();
    const { postTransaction } = await import('../../functions/services/ledger');
    await postTransaction(d, {
      kind: 'escrow-release',
      idempotencyKey: `other-artist:${given.officeId}`,
      postings: [
        { accountId: accountIdOf('office-payable', given.officeId), amountCents: 5000 },
        { accountId: accountIdOf('artist-earnings', `other-${given.artistId}`), amountCents: -5000 },
      ],
    });
    // Act
    const results = await Promise.all([
      giveBack(given.admin, given, 600, `req-${randomUUID()}`),
      giveBack(given.admin, given, 600, `req-${randomUUID()}`),
    ]);
    // Assess: the second is refused as "at the same time" (409) or, when it came a moment later, as over (422)
    const codes = results.map((result) => result.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(6000 - 600);
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(600);
  });

  it('finishes a give-back whose plan was stored before a crash, and frees the amount when the payable shrank', async () => {
    // Prepare: two plans stored as step 1 writes them, no money moved yet; then the payable loses 900
    const given = await givenOfficeWithFunding([1000]);
    const d = deps();
    const { startGiveBack, getGiveBackTotal, getGiveBack } = await import('../../functions/data/give-backs');
    const { transactionIdOf } = await import('../../functions/data/ledger');
    const { giveBackIdempotencyKey } = await import('../../functions/domain/money/give-back');
    const plan = (requestId: string, cents: number) => ({
      officeId: given.officeId,
      requestId,
      artistId: given.artistId,
      artistName: given.artistName,
      amountCents: cents,
      shares: [{ fanId: given.fans[0]!.userId, cents }],
      transactionId: transactionIdOf(giveBackIdempotencyKey(given.officeId, requestId)),
      createdBy: given.admin.userId,
      createdAt: new Date().toISOString(),
    });
    const resumed = `req-${randomUUID()}`;
    const refused = `req-${randomUUID()}`;
    expect(await startGiveBack(d.table, plan(resumed, 100), { givenBackCents: 0, version: 0 })).toBe(
      'started',
    );
    expect(await startGiveBack(d.table, plan(refused, 800), { givenBackCents: 100, version: 1 })).toBe(
      'started',
    );
    const { postTransaction } = await import('../../functions/services/ledger');
    await postTransaction(d, {
      kind: 'payout',
      idempotencyKey: `drain:${given.officeId}`,
      postings: [
        { accountId: accountIdOf('office-payable', given.officeId), amountCents: -500 },
        { accountId: accountIdOf('connect-in-flight', given.officeId), amountCents: 500 },
      ],
    });
    // Act
    const first = await giveBack(given.admin, given, 100, resumed);
    const second = await giveBack(given.admin, given, 800, refused);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(dataOf<GiveBackReply>(first).status).toBe('done');
    expect(second.statusCode).toBe(409);
    expect((await getGiveBack(d.table, given.officeId, refused))?.status).toBe('refused');
    expect((await getGiveBackTotal(d.table, given.officeId, given.artistId)).givenBackCents).toBe(100);
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(100);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(1000 - 500 - 100);
  });

  it('credits 60 fans in one chunked transaction, once however often the request is sent', async () => {
    // Prepare: 60 fans gave 10 cents to 69 cents; 1,000 of their 2,370 go back
    const gifts = Array.from({ length: 60 }, (_, index) => 10 + index);
    const given = await givenOfficeWithFunding(gifts);
    const requestId = `req-${randomUUID()}`;
    // Act
    const results = await Promise.all([1, 2].map(() => giveBack(given.admin, given, 1000, requestId)));
    const again = await giveBack(given.admin, given, 1000, requestId);
    // Assess
    expect([...results, again].map((result) => result.statusCode)).toEqual([200, 200, 200]);
    const wallets = await Promise.all(given.fans.map((fan) => balanceOf(walletOf(fan))));
    expect(wallets.reduce((sum, cents) => sum + cents, 0)).toBe(1000);
    wallets.forEach((cents, index) => expect(cents).toBeLessThanOrEqual(gifts[index]!));
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(2370 - 1000);
    const { getLedgerTransaction } = await import('../../functions/data/ledger');
    const transaction = await getLedgerTransaction(testTable(), dataOf<GiveBackReply>(again).transactionId);
    expect(transaction).toMatchObject({ kind: 'give-back', status: 'complete' });
    expect(transaction?.chunkCount).toBeGreaterThan(1);
  });

  it('reaches more than 999 fans in parts, moving the money once however often the request is sent, one mail each', async () => {
    // Prepare: two signed-up fans gave 30 each and 1,000 more fans 10 each (10,060); 5,030 go back: 15 and 5 each
    const given = await givenOfficeWithFunding([30, 30], { bare: { count: 1000, cents: 10 } });
    const requestId = `req-${randomUUID()}`;
    const shown = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given, 5030));
    // Act
    const results = await Promise.all(
      [1, 2].map(() => giveBack(given.admin, given, 5030, requestId, apiGatewayLimitMs)),
    );
    const again = await giveBack(given.admin, given, 5030, requestId, apiGatewayLimitMs);
    // Assess
    expect(shown).toMatchObject({ fanCount: 1002, availableCents: 10_060 });
    expect([...results, again].map((result) => result.statusCode)).toEqual([200, 200, 200]);
    expect(dataOf<GiveBackReply>(again)).toMatchObject({ status: 'done', fanCount: 1002 });
    const { getLedgerBalances, getLedgerTransaction, transactionIdOf } =
      await import('../../functions/data/ledger');
    const bare = await getLedgerBalances(
      testTable(),
      given.bareFanIds.map((fanId) => accountIdOf('fan-wallet', fanId)),
    );
    expect([...bare.values()].filter((cents) => cents !== 5)).toEqual([]);
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(15);
    expect(await balanceOf(walletOf(given.fans[1]!))).toBe(15);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(10_060 - 5030);
    const holder = accountIdOf('give-back-in-flight', `${given.officeId}:${requestId}`);
    expect(await balanceOf(holder)).toBe(0);
    const { giveBackIdempotencyKey } = await import('../../functions/domain/money/give-back');
    const table = testTable();
    const parts = await Promise.all(
      [1, 2, 3].map((part) =>
        getLedgerTransaction(table, transactionIdOf(giveBackIdempotencyKey(given.officeId, requestId, part))),
      ),
    );
    expect(parts.map((part) => part?.status ?? null)).toEqual(['complete', 'complete', null]);
    expect(parts.map((part) => part?.postings.length ?? 0)).toEqual([1000, 5, 0]);
    for (const fan of given.fans) {
      const mails = (await readOutbox()).filter(
        (mail) => mail.to === fan.email && mail.subject.includes(given.artistName),
      );
      expect(mails).toHaveLength(1);
    }
  }, 120_000);

  it('finishes a give-back in parts stopped after its first part, writing nothing twice', async () => {
    // Prepare: 1,001 fans gave 2 each; the plan of 1,001 back (1 each) was stored and its first part posted, then
    // the process stopped.
    const given = await givenOfficeWithFunding([2], { bare: { count: 1000, cents: 2 } });
    const d = deps();
    const requestId = `req-${randomUUID()}`;
    const { startGiveBack } = await import('../../functions/data/give-backs');
    const { transactionIdOf } = await import('../../functions/data/ledger');
    const { giveBackIdempotencyKey, planGiveBackParts } =
      await import('../../functions/domain/money/give-back');
    const shares = [given.fans[0]!.userId, ...given.bareFanIds]
      .map((fanId) => ({ fanId, cents: 1 }))
      .sort((a, b) => (a.fanId < b.fanId ? -1 : 1));
    const record = {
      officeId: given.officeId,
      requestId,
      artistId: given.artistId,
      artistName: given.artistName,
      amountCents: 1001,
      shares,
      transactionId: transactionIdOf(giveBackIdempotencyKey(given.officeId, requestId)),
      createdBy: given.admin.userId,
      createdAt: new Date().toISOString(),
    };
    expect(await startGiveBack(d.table, record, { givenBackCents: 0, version: 0 })).toBe('started');
    const [first] = planGiveBackParts(record);
    const { postTransaction } = await import('../../functions/services/ledger');
    await postTransaction(d, { kind: 'give-back', ...first! });
    // Act
    const resumed = await giveBack(given.admin, given, 1001, requestId);
    // Assess
    expect(resumed.statusCode).toBe(200);
    expect(dataOf<GiveBackReply>(resumed)).toMatchObject({ status: 'done', fanCount: 1001 });
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(2002 - 1001);
    expect(await balanceOf(accountIdOf('give-back-in-flight', `${given.officeId}:${requestId}`))).toBe(0);
    const { getLedgerBalances } = await import('../../functions/data/ledger');
    const wallets = await getLedgerBalances(
      d.table,
      shares.map((share) => accountIdOf('fan-wallet', share.fanId)),
    );
    expect([...wallets.values()].filter((cents) => cents !== 1)).toEqual([]);
    const mails = (await readOutbox()).filter(
      (mail) => mail.to === given.fans[0]!.email && mail.subject.includes(given.artistName),
    );
    expect(mails).toHaveLength(1);
  }, 120_000);

  it('never gives back more than is left for the artist, and refuses a request id reused for another amount', async () => {
    // Prepare
    const given = await givenOfficeWithFunding([400]);
    const requestId = `req-${randomUUID()}`;
    await giveBack(given.admin, given, 300, requestId);
    // Act
    const over = await giveBack(given.admin, given, 101, `req-${randomUUID()}`);
    const reused = await giveBack(given.admin, given, 50, requestId);
    const left = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given));
    // Assess
    expect(over.statusCode).toBe(422);
    expect(JSON.stringify(bodyOf(over))).toContain('at most 100 cents');
    expect(reused.statusCode).toBe(409);
    expect(left).toMatchObject({ receivedCents: 400, givenBackCents: 300, availableCents: 100, fanCount: 1 });
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(300);
  });

  it('never returns to a fan, over all give-backs for the artist, more than the fan gave', async () => {
    // Prepare: one fan gave 100 a month ago, another 900 more than a year ago: 1,000 received, 100 funded now
    const given = await givenOfficeWithFunding([
      { cents: 100, daysAgo: 30 },
      { cents: 900, daysAgo: 400 },
    ]);
    const first = await giveBack(given.admin, given, 100, `req-${randomUUID()}`);
    // Act: a second give-back for the same artist
    const shown = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given));
    const second = await giveBack(given.admin, given, 100, `req-${randomUUID()}`);
    // Assess: the recent fan got back all they gave, once; nothing is left to give
    expect(first.statusCode).toBe(200);
    expect(shown).toMatchObject({
      receivedCents: 1000,
      givenBackCents: 100,
      fundedCents: 0,
      availableCents: 0,
    });
    expect(second.statusCode).toBe(409);
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(100);
    expect(await balanceOf(walletOf(given.fans[1]!))).toBe(0);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(900);
  });

  it('gives a fan in a later give-back only what earlier ones did not return yet', async () => {
    // Prepare: fans gave 100 and 300; a first give-back of 200 returned 50 and 150
    const given = await givenOfficeWithFunding([100, 300]);
    await giveBack(given.admin, given, 200, `req-${randomUUID()}`);
    // Act: 200 more: the fans have 50 and 150 left to receive
    const shown = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given, 200));
    const second = await giveBack(given.admin, given, 200, `req-${randomUUID()}`);
    // Assess
    expect(shown).toMatchObject({ fundedCents: 200, availableCents: 200, fanCount: 2 });
    expect(shown.shares.map((share) => [share.gaveCents, share.receivesCents])).toEqual([
      [300, 150],
      [100, 50],
    ]);
    expect(second.statusCode).toBe(200);
    expect(await balanceOf(walletOf(given.fans[0]!))).toBe(100);
    expect(await balanceOf(walletOf(given.fans[1]!))).toBe(300);
  });

  it('counts only fans whose funding is at most 12 months old', async () => {
    // Prepare: a pie that ended 400 days ago
    const given = await givenOfficeWithFunding([500], { daysAgo: 400 });
    // Act
    const shown = dataOf<GiveBackPreviewReply>(await previewGiveBack(given.admin, given));
    const result = await giveBack(given.admin, given, 10, `req-${randomUUID()}`);
    // Assess
    expect(shown).toMatchObject({ receivedCents: 500, fundedCents: 0, availableCents: 0, fanCount: 0 });
    expect(result.statusCode).toBe(409);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(500);
  });

  it('lets only the office admin give back: a member and an accountant get 403, another office 404', async () => {
    // Prepare
    const given = await givenOfficeWithFunding([300]);
    const member = await givenJoined(given.officeId, 'member');
    const accountant = await givenJoined(given.officeId, 'accountant');
    const stranger = await createSignedInAccount('artist');
    // Act
    const results = await Promise.all([
      giveBack(member, given, 10, `req-${randomUUID()}`),
      giveBack(accountant, given, 10, `req-${randomUUID()}`),
      giveBack(stranger, given, 10, `req-${randomUUID()}`),
      previewGiveBack(accountant, given, 10),
      overviewFor(accountant, given.officeId),
    ]);
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([403, 403, 404, 403, 200]);
    expect(await balanceOf(accountIdOf('office-payable', given.officeId))).toBe(300);
  });

  it('answers 422 with field messages for a bad amount or request id', async () => {
    // Prepare
    const given = await givenOfficeWithFunding([300]);
    // Act
    const result = await call(await loadPayments(), 'POST', '/api/for-artists/give-back', {
      body: { officeId: given.officeId, artistId: given.artistId, amountCents: 1.5, requestId: 'x' },
      cookies: [given.admin.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(422);
    expect(JSON.stringify(bodyOf(result))).toContain('requestId');
  });
});

describe('give-back credit in the wallet', () => {
  it("funds the fan's next pie: its preview splits the pie's net plus the credit", async () => {
    // Prepare: a fan got 100 back, then pays a $10 pie (fee 59, net 941) and listens to one artist in it
    const given = await givenOfficeWithFunding([300]);
    const fan = given.fans[0]!;
    await giveBack(given.admin, given, 100, `req-${randomUUID()}`);
    const d = deps();
    const start = new Date(d.clock.now().getTime() - 2 * 86_400_000);
    const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
    const { postTransaction } = await import('../../functions/services/ledger');
    await postTransaction(d, {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${pieId}`,
      postings: [
        { accountId: walletOf(fan), amountCents: 1000 },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -1000 },
      ],
    });
    await postTransaction(d, {
      kind: 'processing-fee',
      idempotencyKey: `processing-fee:${pieId}`,
      postings: [
        { accountId: walletOf(fan), amountCents: -59 },
        { accountId: accountIdOf('processing-fees', 'platform'), amountCents: 59 },
      ],
    });
    const { openPie } = await import('../../functions/services/payments/pies');
    await openPie(d, {
      pieId,
      fanId: fan.userId,
      promo: false,
      periodStart: start,
      pieDays: 30,
      amountCents: 1000,
      processingFeeCents: 59,
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      subscriptionId: null,
      invoiceId: null,
    });
    await givenListening(fan.userId, start, [
      { day: 1, msPlayed: 300_000, artist: `Next Pie Band ${randomUUID().slice(0, 6)}` },
    ]);
    // Act
    const { previewPieSplit } = await import('../../functions/services/pie/pie-preview');
    const preview = await previewPieSplit(d, fan.userId, pieId, {});
    // Assess
    expect(await balanceOf(walletOf(fan))).toBe(941 + 100);
    expect(preview.netCents).toBe(941 + 100);
  });
});

describe('statements and artist stats', () => {
  it('downloads the payable lines of a period with the balance after each, and the artist stats', async () => {
    // Prepare: two fans' pies ended a minute ago, so both count as fans this month
    const given = await givenOfficeWithFunding([120, 80], { daysAgo: 1 / 1440 });
    await giveBack(given.admin, given, 50, `req-${randomUUID()}`);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    // Act
    const statement = await statementFor(given.admin, given.officeId, from, today);
    const stats = await call(await loadClaims(), 'GET', `/api/for-artists/claims/${given.claimId}/stats`, {
      cookies: [given.admin.cookie],
    });
    const backwards = await statementFor(given.admin, given.officeId, today, from);
    const payouts = await call(await loadPayments(), 'GET', '/api/for-artists/statements', {
      query: { officeId: given.officeId, from, to: today, kind: 'payouts' },
      cookies: [given.admin.cookie],
    });
    // Assess
    const reply = dataOf<StatementReply>(statement);
    const lines = reply.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,kind,description,amount_usd,balance_after_usd,transaction_id');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 5))).toEqual([
      ['escrow-release', "Fans' money released to the office", '2.00', '2.00'],
      ['give-back', 'Given back to fans', '-0.50', '1.50'],
    ]);
    expect(reply.rowCount).toBe(2);
    expect(backwards.statusCode).toBe(422);
    const artistStats = dataOf<{
      months: { releasedCents: number }[];
      fansThisMonth: number;
      claimStatus: string;
    }>(stats);
    expect(artistStats.claimStatus).toBe('Successful');
    expect(artistStats.months).toHaveLength(12);
    expect(artistStats.months.reduce((sum, month) => sum + month.releasedCents, 0)).toBe(200);
    expect(artistStats.fansThisMonth).toBe(2);
    expect(dataOf<StatementReply>(payouts)).toMatchObject({
      rowCount: 0,
      csv: 'date,payout_id,status,amount_usd,fees_usd,net_usd,completed_at,failure_reason\r\n',
    });
  });
});
