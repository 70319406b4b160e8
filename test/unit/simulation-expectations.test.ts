// The simulation's auditor of the newer promises (test/simulation/expectations.ts) on items made here: each promise
// broken on purpose is reported, and a world that keeps them all is clean — so a clean simulated day means the
// checks looked, not that they could not see.
import { describe, expect, it } from 'vitest';
import type { ChargeSeen, ExpectationInput } from '../simulation/expectations';
import { auditExpectations } from '../simulation/expectations';
import type { SimModel } from '../simulation/model';
import { emptyModel } from '../simulation/model';
import { promoPieIdOf } from '../../functions/services/promo/promo';

const now = Date.parse('2031-03-01T03:30:00.000Z');
const account = { userId: 'fan-1', email: 'fan1@fans.example', token: 't', cookie: 'c' };

function world(): { model: SimModel; input: ExpectationInput } {
  const model = emptyModel([{ id: 'artist-1', name: 'Sim Artist 1' }]);
  model.days = 10;
  model.fans.push({
    label: 'fan1',
    account,
    customerId: 'cus_1',
    subscribed: true,
    deleted: false,
    fromTry: false,
  });
  const pie = { entity: 'pie', id: 'pie-1', fanId: 'fan-1' };
  const payment = {
    entity: 'ledger-transaction',
    kind: 'fan-payment',
    references: { pieId: 'pie-1' },
    postings: [
      { accountId: 'stripe-clearing:platform', amountCents: -1000 },
      { accountId: 'pie-funds:pie-1', amountCents: 1000 },
    ],
  };
  const charges: ChargeSeen[] = [
    { amount: 1000, created: 100, paid: true, status: 'succeeded', customerId: 'cus_1' },
  ];
  return {
    model,
    input: {
      items: [pie, payment],
      transactions: [payment],
      model,
      charges,
      invoicesOf: () => Promise.resolve([]),
      now,
    },
  };
}

describe("the simulation's auditor of promos, renewals, cancellations, deletions, claims and escrow", () => {
  it('finds a world that keeps every promise clean', async () => {
    const { input } = world();
    expect((await auditExpectations(input)).problems).toEqual([]);
  });

  it('reports a renewal Stripe took that the ledger does not book', async () => {
    const { input } = world();
    input.charges?.push({ amount: 1000, created: 200, paid: true, status: 'succeeded', customerId: 'cus_1' });
    expect((await auditExpectations(input)).problems).toEqual([
      "auditor: Stripe took [1000, 1000] from fan1's card; the ledger books [1000]",
    ]);
  });

  it('reports a promo pie funded twice, and one never funded', async () => {
    const { model, input } = world();
    const funding = {
      entity: 'ledger-transaction',
      kind: 'promo-funding',
      references: { pieId: promoPieIdOf('fan-1') },
      postings: [
        { accountId: 'promo-funding:platform', amountCents: -500 },
        { accountId: `pie-funds:${promoPieIdOf('fan-1')}`, amountCents: 500 },
      ],
    };
    input.transactions.push(funding, funding);
    model.expect.promos.push({ fan: 'fan1', fanId: 'fan-1' }, { fan: 'fan2', fanId: 'fan-2' });
    expect((await auditExpectations(input)).problems).toEqual([
      "auditor: fan1's promo pie is funded as [500, 500], not once with 500",
      "auditor: fan2's promo pie is funded as [], not once with 500",
    ]);
  });

  it("reports a deleted fan's card charged after the deletion, and a cancelled subscription renewed", async () => {
    const { model, input } = world();
    model.expect.deleted.push({ fan: 'fan1', fanId: 'fan-1', customerId: 'cus_1', at: 50 });
    model.expect.cancelled.push({ fan: 'fan1', subscriptionId: 'sub_1', at: 50 });
    input.invoicesOf = () => Promise.resolve([{ status: 'paid', created: 100, amount_paid: 1000 }]);
    expect((await auditExpectations(input)).problems).toEqual([
      'auditor: fan1 deleted their account, and Stripe charged their card 1 times after',
      'auditor: fan1 cancelled their pie, and Stripe charged its subscription 1 times after',
    ]);
  });

  it('reports a rejected office paid, a lot held past its time, and a learnt name still holding money', async () => {
    const { model, input } = world();
    model.rejectedOffices.push({ label: 'office2', officeId: 'office-2', artistId: 'artist-1' });
    const release = {
      entity: 'ledger-transaction',
      kind: 'escrow-release',
      postings: [
        { accountId: 'artist-earnings:artist-1', amountCents: -300 },
        { accountId: 'office-payable:office-2', amountCents: 300 },
      ],
    };
    input.transactions.push(release);
    model.artists.push({ id: 'tail1', name: 'Tail Artist 1' });
    model.expect.learntNames.push({ name: 'Tail Artist 1', day: 8 });
    input.items.push(
      {
        entity: 'escrow-lot',
        pieId: 'pie-1',
        artistKey: 'id:artist-1',
        artistName: 'Sim Artist 1',
        status: 'held',
        heldUntil: '2031-03-01T01:00:00.000Z',
      },
      {
        entity: 'escrow-lot',
        pieId: 'pie-1',
        artistKey: 'name:tail artist 1',
        artistName: 'Tail Artist 1',
        status: 'held',
        heldUntil: '2031-04-01T01:00:00.000Z',
      },
    );
    expect((await auditExpectations(input)).problems).toEqual([
      "auditor: office2's claim was rejected, and 1 transactions pay its office",
      'auditor: 1 lots still held past their holding period (the first for Sim Artist 1, due 2031-03-01T01:00:00.000Z)',
      'auditor: the catalogue learnt Tail Artist 1 on day 8; 1 lots are still held under the name',
    ]);
  });
});
