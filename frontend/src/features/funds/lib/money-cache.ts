// What a payout reads again (SPEC §7 "Payment account"): the payouts, the transactions, the claims' payouts and the
// balances.
import { useSWRConfig } from 'swr';
import { apiPath } from '../../../lib/api-path';

/** SPEC §7: a payout refreshes payouts, transactions, claim payouts and the balances ("balances" and "payouts"). */
export function useRefreshAfterPayout(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const stripeCalls = apiPath('GET /api/for-artists/stripe/balance').replace(/balance$/, '');
  const claims = apiPath('GET /api/for-artists/claims');
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        ((key.startsWith(stripeCalls) && !key.startsWith(`${stripeCalls}account-status`)) ||
          (key.startsWith(claims) && /\/(payouts|transactions)(\?|$)/.test(key))),
    );
}
