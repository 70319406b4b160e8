// The ledger for integration tests: balances read as the product reads them (an account's, a fan's wallet as the fan
// sees it) and money booked where a test needs it, through the ledger service's one way of moving money, each under
// an idempotency key no other call uses.
import { randomUUID } from 'node:crypto';
import type { AccountId } from '../../../functions/domain/money/ledger';
import { accountIdOf } from '../../../functions/domain/money/ledger';
import type { Clock } from '../../../functions/runtime/clock';
import { createFixedClock, getClock } from '../../../functions/runtime/clock';
import { testTable } from '../test-table';

/** The account's balance as the ledger keeps it. */
export async function balanceOf(accountId: AccountId): Promise<number> {
  const { getBalance } = await import('../../../functions/services/ledger');
  return getBalance({ table: testTable() }, accountId);
}

/** The fan's wallet balance as the fan sees it: their free credit and their pies' money. */
export async function walletBalanceOf(fanId: string): Promise<number> {
  const { walletBalanceCentsOf } = await import('../../../functions/services/wallet/wallet');
  return walletBalanceCentsOf({ table: testTable() }, fanId);
}

/** Money on the office payable, as a release of held earnings books it (from an account that may run negative). */
export async function givenPayableHolds(officeId: string, cents: number, clock: Clock = getClock()) {
  const { postTransaction } = await import('../../../functions/services/ledger');
  return postTransaction(
    { table: testTable(), clock },
    {
      kind: 'escrow-release',
      idempotencyKey: `test-release-${randomUUID()}`,
      postings: [
        { accountId: accountIdOf('platform-losses', 'platform'), amountCents: -cents },
        { accountId: accountIdOf('office-payable', officeId), amountCents: cents },
      ],
    },
  );
}

/** Free credit into a fan's wallet booked at `at` (money in through the platform's promo account); the transaction's id. */
export async function givenWalletCredit(fanId: string, cents: number, at: Date): Promise<string> {
  const { postTransaction } = await import('../../../functions/services/ledger');
  const { transaction } = await postTransaction(
    { table: testTable(), clock: createFixedClock(at) },
    {
      kind: 'promo-funding',
      idempotencyKey: `promo-funding:${randomUUID()}`,
      postings: [
        { accountId: accountIdOf('promo-funding', 'platform'), amountCents: -cents },
        { accountId: accountIdOf('fan-wallet', fanId), amountCents: cents },
      ],
    },
  );
  return transaction.id;
}
