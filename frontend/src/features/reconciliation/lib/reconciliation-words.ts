// What staff read on the reconciliation panel (docs/decisions/038-reconciliation.md): each check's name and what it
// looks at, and where a finding's subject leads in the staff console (the ledger drill-down, a fan, a pie).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { paths } from '../../../lib/paths';
import { runEscrowCheck } from '../api/run-escrow-check';
import { runLedgerCheck } from '../api/run-ledger-check';
import { runPayoutCheck } from '../api/run-payout-check';
import { runPieCheck } from '../api/run-pie-check';
import { runStripeCheck } from '../api/run-stripe-check';
import { runWalletCheck } from '../api/run-wallet-check';

export type CheckName = ReconciliationResult['check'];

export interface CheckWords {
  name: CheckName;
  label: string;
  summary: string;
  run: () => Promise<ReconciliationResult>;
}

export const checks: readonly CheckWords[] = [
  {
    name: 'ledger',
    label: 'Ledger',
    summary: 'Every transaction sums to zero, every balance is its entries, nothing owed is below zero.',
    run: runLedgerCheck,
  },
  {
    name: 'wallet',
    label: 'Wallets',
    summary: 'Each fan’s wallet is paid in − fees − split − refunded + given back + returned.',
    run: runWalletCheck,
  },
  {
    name: 'escrow',
    label: 'Escrow',
    summary: 'Held money is its lots, none past its holding period, none of a claimed artist.',
    run: runEscrowCheck,
  },
  {
    name: 'pie',
    label: 'Pies',
    summary: 'Every ended pie is split (or raised), each split is its receipt.',
    run: runPieCheck,
  },
  {
    name: 'payout',
    label: 'Payouts',
    summary: 'Each payout has its booking, transfer and bank payout; money in flight is the open payouts.',
    run: runPayoutCheck,
  },
  {
    name: 'stripe',
    label: 'Stripe',
    summary: 'Stripe clearing and fees against Stripe’s balance transactions of the last 31 days.',
    run: runStripeCheck,
  },
];

export function labelOf(check: CheckName): string {
  return checks.find((words) => words.name === check)?.label ?? check;
}

/** The ledger's account types: a subject `<type>:<owner>` is an account with a drill-down. */
const accountTypes = new Set([
  'stripe-clearing',
  'processing-fees',
  'platform-fees',
  'promo-funding',
  'dispute-losses',
  'platform-losses',
  'fan-wallet',
  'pie-funds',
  'deleted-fan-returns',
  'artist-earnings',
  'artist-name-earnings',
  'office-payable',
  'connect-in-flight',
  'give-back-in-flight',
  'ledger-clearing',
]);

export interface SubjectLink {
  /** The part of the subject shown as a link, and where it leads. */
  text: string;
  to: string;
  title: string;
}

function accountLink(accountId: string): SubjectLink | null {
  const type = accountId.slice(0, accountId.indexOf(':'));
  return accountTypes.has(type)
    ? { text: accountId, to: paths.admin.ledgerAccount({ accountId }), title: 'The account’s entries' }
    : null;
}

/**
 * Where each part of a subject leads: `transaction:<id>` to the whole transaction, an account id to its entries,
 * `fan:<id>` to the fan, `pie:<id>` and `lot:<pieId>/…` to the pie's receipt; a subject may have two parts
 * (`<account>/transaction:<id>`, `transaction:<id>/<account>`). Stripe ids and payouts have no page of their own.
 */
export function linksOfSubject(subject: string): SubjectLink[] {
  const links: SubjectLink[] = [];
  const parts = subject.startsWith('lot:') ? [subject] : subject.split('/');
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const prefix = part.slice(0, colon);
    const id = part.slice(colon + 1);
    if (prefix === 'transaction' && id) {
      links.push({
        text: part,
        to: paths.admin.ledgerTransaction({ transactionId: id }),
        title: 'The whole transaction',
      });
    } else if (prefix === 'fan' && id) {
      links.push({ text: part, to: paths.admin.fan({ id }), title: 'The fan’s page' });
    } else if (prefix === 'pie' && id) {
      links.push({ text: part, to: paths.admin.ledgerPie({ pieId: id }), title: 'The pie and its receipt' });
    } else if (prefix === 'lot') {
      const pieId = id.split('/')[0] ?? '';
      if (pieId) {
        links.push({ text: part, to: paths.admin.ledgerPie({ pieId }), title: 'The pie and its receipt' });
      }
    } else {
      const account = accountLink(part);
      if (account) links.push(account);
    }
  }
  return links;
}
