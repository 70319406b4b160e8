import { describe, expect, it } from 'vitest';
import { changesOf } from '../../frontend/src/features/staff-actions/lib/audit-change';

// What the audit log shows of an action: only the fields that changed, before → after.
describe('changesOf', () => {
  it('lists the fields that changed, in order, and leaves out those that did not', () => {
    expect(
      changesOf(
        { officeName: 'Ari', stripeAccountId: 'acct_1', chargesEnabled: true },
        { officeName: 'Ari', stripeAccountId: null, payoutAccountStatus: 'not_started' },
      ),
    ).toEqual([
      { field: 'stripeAccountId', before: 'acct_1', after: 'none' },
      { field: 'chargesEnabled', before: 'true', after: 'none' },
      { field: 'payoutAccountStatus', before: 'none', after: 'not_started' },
    ]);
  });

  it('reads a state that is one value, or none, as a whole', () => {
    expect(changesOf(null, { status: 'Successful' })).toEqual([
      { field: 'status', before: 'none', after: 'Successful' },
    ]);
    expect(changesOf('Pending', 'Verified')).toEqual([{ field: '', before: 'Pending', after: 'Verified' }]);
    expect(changesOf({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });
});
