// The funding flow of /pie: an amount (a preset or dollars typed in), the split settings, the fees before
// paying, and the way to Stripe's Checkout page. The amount becomes integer cents once, when it is read.
import { useId, useRef, useState, type FormEvent } from 'react';
import { fanPieDays } from '../lib/pie-days';
import {
  defaultPieSettingsDraft,
  PieSettingsFields,
  readPieSettings,
  type PieSettingsDraft,
  type PieSettingsErrors,
} from '../../../components/pie-settings-fields';
import { PieStartFailure } from '../../../components/pie-start-failure';
import { isApiError } from '../../../lib/api-client';
import { browserActions } from '../../../lib/browser-actions';
import { formatMoney } from '../../../lib/format';
import { createCheckout } from '../api/create-checkout';
import { useFeeQuote } from '../api/get-fee-quote';
import { amountPresetsCents, readDollarAmount } from '../lib/pie-amount';
import { FeeBreakdown } from './fee-breakdown';

export const fundingFormText = {
  title: 'Fund your pie',
  lead: 'Choose how much goes into your pie for the next 30 days. It renews every 30 days until you cancel, and you can cancel at any time.',
  amountLegend: 'Amount for 30 days',
  otherAmount: 'Another amount',
  customAmount: 'Amount in dollars',
  customAmountHint: 'From $3.00 to $500.00.',
  submit: 'Continue to payment',
  submitting: 'Opening Stripe…',
  secure: 'You pay on Stripe’s secure page. OpenPie never sees your card number.',
} as const;

type AmountChoice = { kind: 'preset'; cents: number } | { kind: 'custom' };

type Failure = { error: unknown } | null;

export function FundingForm() {
  const id = useId();
  const [choice, setChoice] = useState<AmountChoice>({ kind: 'preset', cents: 1000 });
  const [customText, setCustomText] = useState('');
  const [customTouched, setCustomTouched] = useState(false);
  const [settings, setSettings] = useState<PieSettingsDraft>(defaultPieSettingsDraft);
  const [settingsErrors, setSettingsErrors] = useState<PieSettingsErrors>({});
  const [serverAmountError, setServerAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [sending, setSending] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const customRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const customAmount = readDollarAmount(customText);
  const amountCents = choice.kind === 'preset' ? choice.cents : customAmount.ok ? customAmount.cents : null;
  const customError =
    choice.kind === 'custom' && customTouched && !customAmount.ok ? customAmount.error : serverAmountError;
  const quote = useFeeQuote(amountCents);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setServerAmountError(null);
    setCustomTouched(true);
    const readSettings = readPieSettings(settings);
    setSettingsErrors(readSettings.ok ? {} : readSettings.errors);
    if (amountCents === null) {
      customRef.current?.focus();
      return;
    }
    if (!readSettings.ok) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSending(true);
    try {
      const { url } = await createCheckout({
        amount: amountCents,
        ...readSettings.settings,
        pieDays: fanPieDays,
      });
      browserActions.goTo(url);
      // The page is leaving: the button stays busy so nobody opens a second Checkout meanwhile.
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 422) {
        const { amount, artistLimit, artistPopularity, excludeNonActive } = error.fields;
        setServerAmountError(amount ?? null);
        setSettingsErrors({ artistLimit, artistPopularity, excludeNonActive });
        if (amount || artistLimit || artistPopularity || excludeNonActive) {
          if (amount && choice.kind === 'preset') setChoice({ kind: 'custom' });
          requestAnimationFrame(() =>
            formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
          );
          return;
        }
      }
      setFailure({ error });
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  };

  return (
    <section className="app-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="app-panel__title">
        {fundingFormText.title}
      </h2>
      <p className="app-panel__lead">{fundingFormText.lead}</p>
      <form ref={formRef} className="funding-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="amount-choice" disabled={sending}>
          <legend className="pie-settings__legend">{fundingFormText.amountLegend}</legend>
          <div className="amount-choice__options">
            {amountPresetsCents.map((cents) => (
              <label key={cents} className="amount-choice__option">
                <input
                  type="radio"
                  name={`${id}-amount`}
                  checked={choice.kind === 'preset' && choice.cents === cents}
                  onChange={() => {
                    setChoice({ kind: 'preset', cents });
                    setServerAmountError(null);
                  }}
                />
                <span>{formatMoney(cents)}</span>
              </label>
            ))}
            <label className="amount-choice__option">
              <input
                type="radio"
                name={`${id}-amount`}
                checked={choice.kind === 'custom'}
                onChange={() => setChoice({ kind: 'custom' })}
              />
              <span>{fundingFormText.otherAmount}</span>
            </label>
          </div>
          {choice.kind === 'custom' ? (
            <div className={`field${customError ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={`${id}-custom`}>
                {fundingFormText.customAmount}
              </label>
              <p className="field__hint" id={`${id}-custom-hint`}>
                {fundingFormText.customAmountHint}
              </p>
              <div className="amount-choice__custom">
                <span aria-hidden="true">$</span>
                <input
                  ref={customRef}
                  id={`${id}-custom`}
                  className="field__input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={customText}
                  aria-invalid={customError ? true : undefined}
                  aria-describedby={`${id}-custom-hint${customError ? ` ${id}-custom-error` : ''}`}
                  onChange={(event) => {
                    setCustomText(event.target.value);
                    setServerAmountError(null);
                  }}
                  onBlur={() => setCustomTouched(true)}
                />
              </div>
              {customError ? (
                <p className="field__error" id={`${id}-custom-error`}>
                  {customError}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>

        <FeeBreakdown
          headingId={`${id}-fees`}
          quote={quote.data}
          stale={quote.data !== undefined && quote.data.amountCents !== amountCents}
          amountValid={amountCents !== null}
          error={quote.error}
          onRetry={() => void quote.mutate()}
        />

        <PieSettingsFields
          value={settings}
          onChange={setSettings}
          errors={settingsErrors}
          disabled={sending}
        />

        {failure ? (
          <div ref={failureRef} tabIndex={-1}>
            <PieStartFailure error={failure.error} />
          </div>
        ) : null}

        <div className="funding-form__submit">
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? fundingFormText.submitting : fundingFormText.submit}
          </button>
          <p className="app-state__hint">{fundingFormText.secure}</p>
        </div>
      </form>
    </section>
  );
}
