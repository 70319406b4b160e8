// What staff read for the ledger's account types and transaction kinds (decision 039), in product words.
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The way back from every ledger page below the list: OpenPie's own accounts, where the drill-down starts. */
export const ledgerWayBack = { back: '← Platform accounts', backTo: paths.admin.ledger() } as const;

/** `+$9.41` / `−$5.00`: which way the money moved on this account. */
export function formatSigned(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(0);
}

const accountTypeWords: Readonly<Record<string, string>> = {
  'fan-wallet': 'Fan’s wallet credit (given back, from no payment)',
  'pie-funds': 'A pie’s money in the fan’s wallet',
  'artist-earnings': 'Held for an artist',
  'artist-name-earnings': 'Held for an artist known only by name',
  'office-payable': 'Office’s payable',
  'connect-in-flight': 'Office payouts on their way',
  'give-back-in-flight': 'A give-back being paid out to fans',
  'stripe-clearing': 'Stripe clearing (money at Stripe)',
  'processing-fees': 'Stripe’s fees',
  'platform-fees': 'OpenPie’s fees',
  'promo-funding': 'Free /try pies',
  'platform-losses': 'Covered by OpenPie (refunds after a split, fees Stripe keeps)',
  'dispute-losses': 'Card disputes lost',
  'deleted-fan-returns': 'Returns for fans who deleted their account',
  'ledger-clearing': 'A large transaction’s own clearing',
};

/** `Held for an artist`; an account type the screen does not know is shown as it is. */
export function describeAccountType(type: string): string {
  return accountTypeWords[type] ?? type;
}

const kindWords: Readonly<Record<string, string>> = {
  'fan-payment': 'Card payment',
  'processing-fee': 'Stripe’s fee',
  'promo-funding': 'Free /try pie',
  split: 'Pie split',
  'escrow-hold': 'Held for an artist',
  'escrow-release': 'Released to an office',
  'escrow-return': 'Returned to the fan',
  transfer: 'Transfer',
  'transfer-reversal': 'Transfer reversed',
  payout: 'Payout',
  refund: 'Refund',
  dispute: 'Card dispute',
  'dispute-fee': 'Dispute fee',
  'dispute-reinstated': 'Dispute won',
  'give-back': 'Give-back',
  reversal: 'Reversal',
};

export function describeKind(kind: string): string {
  return kindWords[kind] ?? kind;
}

const stripeTypeWords: Readonly<Record<string, string>> = {
  charge: 'Charge',
  refund: 'Refund',
  dispute: 'Dispute',
  transfer: 'Transfer',
  payout: 'Bank payout',
};

export function describeStripeType(type: string): string {
  return stripeTypeWords[type] ?? type;
}
