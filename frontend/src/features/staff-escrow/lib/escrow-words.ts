// Words the escrow screen shares (decision 041): wallet line kinds and where a name heard alone stands.
import type { nameOnlyStates } from '@contracts/admin-escrow';
import type { walletTransactionKinds } from '@contracts/payments';

export const walletKindLabels: Readonly<Record<(typeof walletTransactionKinds)[number], string>> = {
  'fan-payment': 'Card payment',
  'processing-fee': 'Processing fee',
  'promo-funding': 'Promo credit',
  split: 'Split to artists',
  'escrow-return': 'Returned from escrow',
  refund: 'Refund',
  dispute: 'Dispute',
  reversal: 'Correction',
};

export const nameStateLabels: Readonly<Record<(typeof nameOnlyStates)[number], string>> = {
  waiting: 'Waiting for a match',
  ambiguous: 'Several artists share it',
  resolved: 'Resolved, lots to follow',
  unregistered: 'Not listed by an import',
};
