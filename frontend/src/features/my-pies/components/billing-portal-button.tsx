// The way to Stripe's billing portal (cards, invoices, receipts). Each opening asks for a new portal session; a fan who
// never paid by card has no billing account yet (409 no_billing_account), which is explained rather than hidden.
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { describeLoadError } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { browserActions } from '../../../lib/browser-actions';
import { fetchBillingPortal } from '../api/get-billing-portal';

export const billingPortalText = {
  open: 'Manage cards and invoices on Stripe',
  opening: 'Opening Stripe…',
  hint: 'Change your card, download invoices and receipts on Stripe’s secure page.',
  failed: 'Stripe’s billing page could not be opened. Please try again.',
} as const;

export function BillingPortalButton() {
  const [opening, setOpening] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const open = async () => {
    setOpening(true);
    setMessage(null);
    try {
      const { url } = await fetchBillingPortal();
      browserActions.goTo(url);
    } catch (error) {
      setOpening(false);
      setMessage(
        isApiError(error) && error.code === 'no_billing_account'
          ? error.message
          : describeLoadError(error, billingPortalText.failed),
      );
    }
  };

  return (
    <div className="billing-portal">
      <BusyButton
        type="button"
        className="button button--secondary"
        busy={opening}
        label={billingPortalText.open}
        busyLabel={billingPortalText.opening}
        onClick={() => void open()}
      />
      <p className="app-state__hint">{billingPortalText.hint}</p>
      <p className="billing-portal__message" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  );
}
