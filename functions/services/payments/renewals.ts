// A failed renewal (`invoice.payment_failed` of a `subscription_cycle` invoice): the pie whose renewal failed becomes
// inactive and the fan is told by mail, in one write, so a re-delivered event neither marks twice nor mails twice.
// Stripe keeps retrying the card; a retry that succeeds pays the same invoice, whose `invoice.paid` opens the next pie.
import { randomUUID } from 'node:crypto';
import { getAccount } from '../../data/accounts';
import { buildOutboxMailPut } from '../../data/outbox';
import { listFanPies } from '../../data/pies';
import { stopPie } from './pies';
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies } from './dependencies';
import { recordInvoicePayment } from './money-in';
import { fanIdOf, requireSiteOrigin, storeSubscription } from './subscriptions';

/** The mail of a failed renewal: what happened, that the pie stopped, and where to fix the card. */
export function buildRenewalFailedMail(input: {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  periodEnd: string;
}): EmailMessage {
  const link = `${input.siteOrigin}/my-pies`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const day = input.periodEnd.slice(0, 10);
  const paragraphs = [
    greeting,
    `We could not renew your pie that ended on ${day}: your card payment failed, so your pie is inactive for now.`,
    'Stripe will try your card again over the next days. You can update your card on My pies, through the billing portal.',
  ];
  return composePlainMail({
    kind: 'renewal-failed',
    to: input.to,
    subject: 'Your pie renewal failed',
    title: 'Your pie renewal failed',
    paragraphs,
    link,
    linkLabel: 'Open My pies',
    layout: 'body',
  });
}

export async function recordFailedRenewal(
  deps: PaymentsDependencies,
  invoiceId: string,
  log?: Logger,
): Promise<void> {
  const gateway = await deps.stripe();
  const invoice = await gateway.retrieveInvoice(invoiceId);
  // Re-read, not trusted: a retry may have paid it since, or it was voided; only a renewal still unpaid counts.
  if (
    !invoice?.subscriptionId ||
    invoice.billingReason !== 'subscription_cycle' ||
    invoice.status === 'paid' ||
    invoice.status === 'void'
  ) {
    log?.info('stripe payment failure ignored: not an unpaid renewal', {
      invoiceId,
      status: invoice?.status,
    });
    return;
  }
  const askedAt = deps.clock.now();
  const subscription = await gateway.retrieveSubscription(invoice.subscriptionId);
  const fanId = subscription ? fanIdOf(subscription) : null;
  if (!subscription || !fanId) {
    log?.warn('stripe payment failure ignored: its subscription names no fan', { invoiceId });
    return;
  }
  // The pie being renewed was opened by an earlier paid invoice whose event may not have come yet: book those first,
  // so the outcome does not depend on the order events arrive in.
  for (const paid of await gateway.listPaidInvoicesOfSubscription(subscription.id)) {
    await recordInvoicePayment(deps, paid, log);
  }
  const pies = await listFanPies(deps.table, fanId, { limit: 50 });
  const renewed = pies.find(
    (pie) =>
      pie.subscriptionId === subscription.id && Date.parse(pie.periodStart) < invoice.periodStart.getTime(),
  );
  if (renewed?.status === 'open') {
    const account = await getAccount(deps.table, 'fan', fanId);
    const now = deps.clock.now();
    const alongside =
      account?.status === 'active' && account.email
        ? [
            buildOutboxMailPut(deps.table, {
              id: randomUUID(),
              message: buildRenewalFailedMail({
                to: account.email,
                firstName: account.firstName,
                siteOrigin: requireSiteOrigin(deps),
                periodEnd: renewed.periodEnd,
              }),
              createdAt: now,
            }),
          ]
        : [];
    await stopPie(deps, { pieId: renewed.id, fanId: renewed.fanId }, 'renewal-failed', { alongside });
  }
  await storeSubscription(deps, subscription, askedAt);
}
