// The Connect side of the Stripe port on the SDK: offices' connected accounts and their onboarding, transfers to them,
// their bank payouts and balances, and the balance transactions reconciliation reads.
import type Stripe from 'stripe';
import type { StripeClient } from './resources-used';
import type { BalanceTransactionView, StripeGateway } from './port';
import {
  accountLinkSchema,
  balanceSchema,
  idOf,
  listedBalanceTransactionSchema,
  loginLinkSchema,
  transferReversalSchema,
} from './schemas';
import { call, move, retrieveOrNull } from './sdk-calls';
import { fromSeconds, toConnectedAccountView, toConnectPayoutView, toTransferView } from './sdk-views';

/** The port's methods of Connect: connected accounts, transfers, payouts, balances. */
export type StripeConnectPort = Pick<
  StripeGateway,
  | 'createConnectedAccount'
  | 'retrieveConnectedAccount'
  | 'createAccountOnboardingLink'
  | 'createLoginLink'
  | 'createTransfer'
  | 'retrieveTransfer'
  | 'reverseTransfer'
  | 'createConnectPayout'
  | 'retrieveConnectPayout'
  | 'listBalanceTransactions'
  | 'retrieveConnectBalance'
>;

export function createStripeConnect(stripe: StripeClient): StripeConnectPort {
  return {
    async createConnectedAccount({ officeId, idempotencyKey }) {
      // Nothing that differs between two admins (their e-mail, say) is sent: a replay with the same key must carry
      // the same parameters, or Stripe refuses it.
      return toConnectedAccountView(
        await call(() =>
          stripe.accounts.create(
            {
              controller: {
                fees: { payer: 'application' },
                losses: { payments: 'application' },
                stripe_dashboard: { type: 'express' },
                requirement_collection: 'stripe',
              },
              capabilities: { transfers: { requested: true } },
              // OpenPie pays out when the office asks (decision 029), so Stripe must not sweep the balance itself.
              settings: { payouts: { schedule: { interval: 'manual' } } },
              metadata: { officeId },
            },
            { idempotencyKey },
          ),
        ),
      );
    },

    retrieveConnectedAccount(id) {
      return retrieveOrNull(async () => toConnectedAccountView(await stripe.accounts.retrieve(id)));
    },

    async createAccountOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = accountLinkSchema.parse(
        await call(() =>
          stripe.accountLinks.create({
            account: accountId,
            type: 'account_onboarding',
            refresh_url: refreshUrl,
            return_url: returnUrl,
          }),
        ),
      );
      return { url: link.url };
    },

    async createLoginLink(accountId) {
      const link = loginLinkSchema.parse(await call(() => stripe.accounts.createLoginLink(accountId)));
      return { url: link.url };
    },

    createTransfer({ accountId, amountCents, transferGroup, metadata, idempotencyKey }) {
      return move(async () =>
        toTransferView(
          await stripe.transfers.create(
            {
              amount: amountCents,
              currency: 'usd',
              destination: accountId,
              transfer_group: transferGroup,
              metadata,
            },
            { idempotencyKey },
          ),
        ),
      );
    },

    retrieveTransfer(id) {
      return retrieveOrNull(async () => toTransferView(await stripe.transfers.retrieve(id)));
    },

    reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      return move(async () => ({
        id: transferReversalSchema.parse(
          await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey }),
        ).id,
      }));
    },

    createConnectPayout({ accountId, amountCents, metadata, idempotencyKey }) {
      return move(async () =>
        toConnectPayoutView(
          await stripe.payouts.create(
            { amount: amountCents, currency: 'usd', metadata },
            { idempotencyKey, stripeAccount: accountId },
          ),
        ),
      );
    },

    retrieveConnectPayout(accountId, payoutId) {
      return retrieveOrNull(async () =>
        toConnectPayoutView(await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId })),
      );
    },

    async listBalanceTransactions({ from, to, accountId, type, source }) {
      const transactions: BalanceTransactionView[] = [];
      const params: Stripe.BalanceTransactionListParams = {
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) },
        limit: 100,
        ...(type ? { type } : {}),
        ...(source ? { source } : {}),
      };
      // The SDK's auto-pagination: it follows `has_more` with `starting_after` until the last page.
      await call(async () => {
        const list = stripe.balanceTransactions.list(params, accountId ? { stripeAccount: accountId } : {});
        for await (const raw of list) {
          const transaction = listedBalanceTransactionSchema.parse(raw);
          transactions.push({
            id: transaction.id,
            amountCents: transaction.amount,
            feeCents: transaction.fee,
            netCents: transaction.net,
            currency: transaction.currency,
            reportingCategory: transaction.reporting_category,
            type: transaction.type,
            sourceId: idOf(transaction.source),
            created: fromSeconds(transaction.created),
          });
        }
      });
      return transactions;
    },

    async retrieveConnectBalance(accountId) {
      const balance = balanceSchema.parse(
        await call(() => stripe.balance.retrieve({}, { stripeAccount: accountId })),
      );
      const usd = (entries: { amount: number; currency: string }[]) =>
        entries.filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
      return { availableCents: usd(balance.available), pendingCents: usd(balance.pending) };
    },
  };
}
