// What a give-back reads again: every balance of the office.
import { useSWRConfig } from 'swr';

/**
 * SPEC §7 "Effects": money left the office, so every balance read (the give-back screen's and the funds screen's
 * balances, transactions and payouts) is read again, in the cache the screen runs under.
 */
export function useRefreshBalances(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith('/api/for-artists/give-back') ||
          key.startsWith('/api/for-artists/stripe/') ||
          key.startsWith('/api/for-artists/statements')),
    );
}
