// pie/successCheckout (SPEC §2): Stripe sends the fan here after paying, often before its webhook has
// reached OpenPie. The screen asks Stripe again until the subscription has a pie (SPEC §4), then shows the pie; when
// that takes long it says what to do.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PieSummary, Subscription } from '@contracts/payments';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fetchActivePie } from '../api/get-active-pie';
import { fetchActiveSubscription } from '../api/get-active-subscription';
import { refreshSubscription } from '../api/refresh-subscription';
import { hasPie } from '../lib/subscription-pie';
import { ActivePiePanel } from './active-pie-panel';
import '../pie-funding.css';

export const successCheckoutText = {
  waitingTitle: 'Thank you! Your payment is on its way',
  waiting: 'Confirming your payment with Stripe…',
  longWaitTitle: 'This is taking longer than usual',
  longWait:
    'Confirming a payment can take a minute. You can leave this page: your pie appears on My pies as soon as Stripe confirms the payment, and you will not be charged twice.',
  support: 'If your pie is not there within an hour, contact our support and give them this reference:',
  stopped: 'We stopped checking for now.',
  checkAgain: 'Check again',
  myPies: 'Go to My pies',
  doneTitle: 'Your pie is active',
  done: 'Payment confirmed. Your pie is running.',
} as const;

export interface SuccessCheckoutScreenProps {
  /** How often to ask again; tests shorten it. */
  pollIntervalMs?: number;
  /** After how long the screen says what to do. */
  longWaitMs?: number;
  /** After how long it stops asking on its own (the fan can ask again). */
  giveUpMs?: number;
}

/** The subscription, re-read from Stripe; what OpenPie last stored when Stripe cannot be asked right now. */
async function readSubscription(): Promise<Subscription | null> {
  try {
    return await refreshSubscription();
  } catch {
    return fetchActiveSubscription();
  }
}

export function SuccessCheckoutScreen({
  pollIntervalMs = 2000,
  longWaitMs = 20_000,
  giveUpMs = 180_000,
}: SuccessCheckoutScreenProps) {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [pie, setPie] = useState<PieSummary | null>(null);
  const [longWait, setLongWait] = useState(false);
  const [polling, setPolling] = useState(true);
  const [round, setRound] = useState(0);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(pie ? 'Your pie is active · OpenPie' : 'Confirming your payment · OpenPie');

  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const longWaitTimer = setTimeout(() => setLongWait(true), longWaitMs);

    const check = async () => {
      try {
        const subscription = await readSubscription();
        if (!stopped && hasPie(subscription)) {
          const activePie = await fetchActivePie();
          if (!stopped && activePie) {
            setPie(activePie);
            setPolling(false);
            return;
          }
        }
      } catch {
        // A failed check is only a missed round: the next one asks again.
      }
      if (stopped) return;
      if (Date.now() - started >= giveUpMs) {
        setPolling(false);
        return;
      }
      timer = setTimeout(() => void check(), pollIntervalMs);
    };
    void check();

    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(longWaitTimer);
    };
  }, [polling, round, pollIntervalMs, longWaitMs, giveUpMs]);

  useEffect(() => {
    if (pie) titleRef.current?.focus();
  }, [pie]);

  if (pie) {
    return (
      <div className="app-screen">
        <header>
          <h1 ref={titleRef} tabIndex={-1} className="app-screen__title">
            {successCheckoutText.doneTitle}
          </h1>
          <p className="app-screen__lead" role="status">
            {successCheckoutText.done}
          </p>
        </header>
        <ActivePiePanel pie={pie} />
      </div>
    );
  }

  return (
    <div className="app-screen">
      <header>
        <h1 className="app-screen__title">{successCheckoutText.waitingTitle}</h1>
      </header>
      <section className="app-panel" aria-busy={polling}>
        <div role="status" className="checkout-wait">
          {polling ? <span className="checkout-wait__spinner" aria-hidden="true" /> : null}
          <p>{polling ? successCheckoutText.waiting : successCheckoutText.stopped}</p>
        </div>
        <div aria-live="polite">
          {longWait || !polling ? (
            <div className="checkout-wait__help">
              <h2 className="app-panel__title">{successCheckoutText.longWaitTitle}</h2>
              <p>{successCheckoutText.longWait}</p>
              {sessionId ? (
                <p>
                  {successCheckoutText.support} <code className="checkout-wait__reference">{sessionId}</code>
                </p>
              ) : null}
              <p className="pie-links">
                <Link className="button button--secondary" to={paths.fan.myPies()}>
                  {successCheckoutText.myPies}
                </Link>
                {!polling ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => {
                      setPolling(true);
                      setRound((value) => value + 1);
                    }}
                  >
                    {successCheckoutText.checkAgain}
                  </button>
                ) : null}
              </p>
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
