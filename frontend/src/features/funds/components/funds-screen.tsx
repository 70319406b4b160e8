// /for-artists/funds: the selected office's payout account at Stripe: not started, in progress
// with what Stripe still needs, or ready with payouts enabled. An admin sets payouts up on Stripe's hosted page and
// opens the Express dashboard once onboarded; an accountant reads the state; a member's role does not read money.
// Below it, for those who read the office's money (admins and accountants), its balances, "Request a payout", its
// transactions and its payouts (money-panels.tsx, decision 029).
import { useState } from 'react';
import type { PayoutAccountReply } from '@contracts/artist-payments';
import type { OfficeReply } from '@contracts/offices';
import { BusyButton } from '../../../components/busy-button';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { OfficePicker } from '../../../components/office-picker';
import { isApiError } from '../../../lib/api-client';
import { browserActions } from '../../../lib/browser-actions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChosenOffice } from '../../../lib/offices';
import { fetchOnboardingUrl } from '../api/create-onboarding-link';
import { fetchDashboardUrl } from '../api/get-dashboard-link';
import { usePayoutAccount } from '../api/get-payout-account';
import '../../../components/office-page.css';
import '../funds.css';
import { describeRequirements } from '../lib/requirement-words';
import { BalancesPanel, PayoutsPanel, TransactionsPanel } from './money-panels';

export const fundsText = {
  title: 'Funds',
  lead: "Your office's money, paid out through its account with Stripe.",
  accountTitle: 'Payouts with Stripe',
  statusLabels: {
    not_started: 'Not started',
    in_progress: 'In progress',
    ready: 'Ready: payouts enabled',
  },
  notStarted:
    'To receive money, your office needs a payout account with Stripe. Stripe asks who you are and where to pay you; it takes a few minutes.',
  inProgress: 'You have started setting up payouts. Stripe still needs:',
  inProgressChecking: 'Stripe is checking what you gave it. This usually takes a few minutes.',
  ready: 'Stripe has everything it needs: payouts go to the bank account you gave Stripe.',
  setUp: 'Set up payouts with Stripe',
  setUpOpening: 'Opening Stripe…',
  dashboard: 'Open your Stripe dashboard',
  dashboardOpening: 'Opening your dashboard…',
  adminOnly: 'Only an admin of this office can set up payouts.',
  setUpFailed: "Stripe's page could not be opened. Please try again.",
  loading: 'Loading your payout account...',
  failed: 'We could not load your payout account.',
  officesFailed: 'We could not load your offices.',
  noMoneyRole: 'Your role in this office does not include its funds. An admin can change your role.',
} as const;

function RequirementList({ currentlyDue }: { currentlyDue: readonly string[] }) {
  return (
    <ul className="funds__requirements">
      {describeRequirements(currentlyDue).map((words) => (
        <li key={words}>{words}</li>
      ))}
    </ul>
  );
}

function AccountState({ account }: { account: PayoutAccountReply }) {
  if (account.status === 'not_started') return <p>{fundsText.notStarted}</p>;
  if (account.status === 'ready') return <p>{fundsText.ready}</p>;
  if (account.currentlyDue.length === 0) return <p>{fundsText.inProgressChecking}</p>;
  return (
    <>
      <p>{fundsText.inProgress}</p>
      <RequirementList currentlyDue={account.currentlyDue} />
    </>
  );
}

function StripeButtons({ officeId, account }: { officeId: string; account: PayoutAccountReply }) {
  const [opening, setOpening] = useState<'onboarding' | 'dashboard' | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const open = async (which: 'onboarding' | 'dashboard') => {
    setOpening(which);
    setMessage(null);
    try {
      browserActions.goTo(
        which === 'onboarding' ? await fetchOnboardingUrl(officeId) : await fetchDashboardUrl(officeId),
      );
    } catch (error) {
      // SPEC §8: failed artist-area calls are logged; the person still gets a clear sentence.
      console.error('Opening Stripe failed', error);
      setOpening(null);
      setMessage(describeLoadError(error, fundsText.setUpFailed));
    }
  };

  if (!account.canManage) return <p className="office-page__muted">{fundsText.adminOnly}</p>;
  return (
    <div className="funds__actions">
      {account.status !== 'ready' ? (
        <BusyButton
          type="button"
          busy={opening === 'onboarding'}
          disabled={opening !== null}
          label={fundsText.setUp}
          busyLabel={fundsText.setUpOpening}
          onClick={() => void open('onboarding')}
        />
      ) : null}
      {account.detailsSubmitted ? (
        <BusyButton
          type="button"
          className={account.status === 'ready' ? 'button button--primary' : 'button button--secondary'}
          busy={opening === 'dashboard'}
          disabled={opening !== null}
          label={fundsText.dashboard}
          busyLabel={fundsText.dashboardOpening}
          onClick={() => void open('dashboard')}
        />
      ) : null}
      <p className="funds__message" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  );
}

function PayoutAccountPanel({ office }: { office: OfficeReply }) {
  const account = usePayoutAccount(office._id);
  const refused = isApiError(account.error) && account.error.status === 403;
  return (
    <section className="office-page__panel funds__panel" aria-labelledby="funds-account-title">
      <div className="header-row header-row--center">
        <h2 id="funds-account-title" className="office-page__subtitle">
          {fundsText.accountTitle}
        </h2>
        {account.data ? (
          <span className={`badge funds__status funds__status--${account.data.status}`}>
            {fundsText.statusLabels[account.data.status]}
          </span>
        ) : null}
      </div>
      {refused ? <p className="office-page__muted">{fundsText.noMoneyRole}</p> : null}
      {account.error && !refused ? (
        <LoadFailure
          message={describeLoadError(account.error, fundsText.failed)}
          onRetry={() => void account.mutate()}
        />
      ) : null}
      {!account.data && !account.error ? (
        <p className="office-page__muted" role="status">
          {fundsText.loading}
        </p>
      ) : null}
      {account.data ? (
        <>
          <AccountState account={account.data} />
          <StripeButtons officeId={office._id} account={account.data} />
        </>
      ) : null}
    </section>
  );
}

export function FundsScreen() {
  useDocumentTitle('Funds · OpenPie for Artists');
  const { offices, office, chooseOffice } = useChosenOffice();
  const readsMoney = office?.role === 'admin' || office?.role === 'accountant';

  return (
    <div className="wide-screen funds">
      <header>
        <h1 className="office-page__title">{fundsText.title}</h1>
        <p className="office-page__lead">{fundsText.lead}</p>
      </header>

      {offices.error ? (
        <LoadFailure
          message={describeLoadError(offices.error, fundsText.officesFailed)}
          onRetry={() => void offices.mutate()}
        />
      ) : null}

      <OfficePicker id="funds-office" offices={offices.data} office={office} onChoose={chooseOffice} />

      {office ? <PayoutAccountPanel key={office._id} office={office} /> : null}

      {office && readsMoney ? (
        <>
          <BalancesPanel key={`balances-${office._id}`} office={office} />
          <TransactionsPanel key={`transactions-${office._id}`} office={office} />
          <PayoutsPanel key={`payouts-${office._id}`} office={office} />
        </>
      ) : null}
    </div>
  );
}
