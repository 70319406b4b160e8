// The demo fan's paid pie: bought the way a fan buys one, not written into the table. The
// product's own checkout call opens a Stripe Checkout session in the local Stripe sandbox, the sandbox's Checkout
// page is paid with Stripe's 4242 test card (the same code path as the page's form), and the signed webhooks that
// follow reach the running product's webhook route, which books the payment and the fee and opens the pie.
// The payment is backdated (the sandbox's local-only `at`): the pie's period started 12 days before the first start,
// so the demo listening of the last 30 days (seed.ts) already fills 12 days of it and /pie shows slices at once;
// its renewal falls due 18 days later, or at once after `npm run time -- advance 30d`.
import { findAccountByEmail } from '../functions/data/accounts';
import { isSeeded, markSeeded } from '../functions/data/seed-markers';
import type { TableRef } from '../functions/data/table';
import { msPerDay } from '../functions/domain/calendar';
import { getClock } from '../functions/runtime/clock';
import { createCheckout } from '../functions/services/payments/checkout';
import { paymentsDependencies } from '../functions/services/payments/dependencies';
import { findCurrentPie } from '../functions/services/payments/pies';
import type { StripeSandbox } from './stripe-sandbox';
import { cardExpiryAfter } from './stripe-sandbox/cards';

const demoPieMarker = 'demo-paid-pie-v1';
/** $10 a month, the settings a new fan starts with on /pie. */
const demoPie = { amount: 1000, artistLimit: 0, artistPopularity: 0, excludeNonActive: false, pieDays: 30 };
const demoPieStartedDaysAgo = 12;

export async function seedDemoPaidPie(
  table: TableRef,
  fanEmail: string,
  sandbox: StripeSandbox,
): Promise<string> {
  if (await isSeeded(table, demoPieMarker)) return 'already there';
  const fan = await findAccountByEmail(table, 'fan', fanEmail);
  if (!fan) throw new Error(`The demo fan ${fanEmail} is missing, so it cannot get a pie`);
  const deps = paymentsDependencies();
  if (!(await findCurrentPie(deps, fan.id))) {
    const { url } = await createCheckout(deps, fan.id, demoPie);
    const sessionId = new URL(url).pathname.split('/').pop() ?? '';
    const paid = await sandbox.payCheckout(
      sessionId,
      {
        number: '4242 4242 4242 4242',
        expiry: cardExpiryAfter(getClock().now()),
        cvc: '123',
        name: 'Dana Fan',
      },
      { at: new Date(getClock().now().getTime() - demoPieStartedDaysAgo * msPerDay) },
    );
    if (!paid.ok) throw new Error(`The sandbox refused the demo fan's payment: ${paid.message}`);
    // The webhooks are on their way to the running product: wait until they are delivered and booked. Advancing
    // (not only settling) also runs what fell due in the 12 days since, such as the charge's funds becoming available.
    await sandbox.advance();
    if (!(await findCurrentPie(deps, fan.id))) {
      throw new Error('The demo fan paid, but no pie opened: is the webhook route answering?');
    }
  }
  await markSeeded(table, demoPieMarker, getClock().now());
  return `paid through the Stripe sandbox ${demoPieStartedDaysAgo} days ago`;
}
