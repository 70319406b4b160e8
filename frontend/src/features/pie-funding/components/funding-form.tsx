// The funding flow of /pie: an amount (a preset or dollars typed in), the split settings, the fees before
// paying, and the way to Stripe's Checkout page. The amount becomes integer cents once, when it is read.
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { fanPieDays } from '../lib/pie-days';
import { AppPanel } from '../../../components/app-panel';
import { Field } from '../../../components/form/field';
import { defaultPieSettingsDraft, pieSettingsDraftFields } from '../../../components/pie-settings-fields';
import { pieStartFailureText } from '../../../components/pie-start-failure';
import { PieStartFormEnd } from '../../../components/pie-start-form-end';
import {
  pieSettingNames,
  serverFieldsNamed,
  usePieSettingsDraft,
  usePieStartSubmit,
} from '../../../components/pie-start-form';
import { browserActions } from '../../../lib/browser-actions';
import { formatMoney } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
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

/** The amount radio's value: a preset's cents, or this for dollars typed in. */
const customChoice = 'custom';

/** The chosen amount in cents, or null while the typed dollars are not an amount yet. */
function readAmountCents(amountChoice: string, amount: string): number | null {
  if (amountChoice !== customChoice) return Number(amountChoice);
  const read = readDollarAmount(amount);
  return read.ok ? read.cents : null;
}

/** The form's fields: `amount` is the dollars typed in, checked only while "Another amount" is chosen. */
const fundingFormSchema = z
  .object({ amountChoice: z.string(), amount: z.string(), ...pieSettingsDraftFields })
  .check(
    z.superRefine((values, context) => {
      if (values.amountChoice !== customChoice) return;
      const read = readDollarAmount(values.amount);
      if (!read.ok)
        context.addIssue({ code: 'custom', message: read.error, path: ['amount'], input: values.amount });
    }),
  );
type FundingFormValues = z.input<typeof fundingFormSchema>;

/** The fields the server may name in a 422, each shown under its own field. */
const serverFieldNames = ['amount', ...pieSettingNames] as const;

export function FundingForm() {
  const id = useId();
  const { describeField, register, control, setValue, setError, submitWith, formState } = useServerForm<
    FundingFormValues,
    z.output<typeof fundingFormSchema>
  >({
    schema: fundingFormSchema,
    defaultValues: { amountChoice: '1000', amount: '', ...defaultPieSettingsDraft },
    fallback: pieStartFailureText.fallback,
  });
  const [amountChoice, amount] = useWatch({ control, name: ['amountChoice', 'amount'] });
  const settingsProps = usePieSettingsDraft({ control, setValue, describeField });
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { failure, showFailure, submit } = usePieStartSubmit(formRef, failureRef);
  // After Checkout opens the page is leaving: the button stays busy so nobody opens a second Checkout meanwhile.
  const [leaving, setLeaving] = useState(false);
  const sending = formState.isSubmitting || leaving;

  const amountCents = readAmountCents(amountChoice, amount);
  const quote = useFeeQuote(amountCents);
  const custom = describeField('amount');
  const customError = custom.touched ? custom.error : undefined;

  const submitValid = submitWith(async (values) => {
    const cents = readAmountCents(values.amountChoice, values.amount);
    if (cents === null) return; // The schema refused it already.
    try {
      const { url } = await createCheckout({
        amount: cents,
        artistLimit: values.artistLimit,
        artistPopularity: values.artistPopularity,
        excludeNonActive: values.excludeNonActive,
        pieDays: fanPieDays,
      });
      setLeaving(true);
      browserActions.goTo(url);
    } catch (error) {
      const named = serverFieldsNamed(error, serverFieldNames);
      if (named.length > 0) {
        for (const { name, message } of named) setError(name, { type: 'server', message });
        if (named.some(({ name }) => name === 'amount') && values.amountChoice !== customChoice)
          setValue('amountChoice', customChoice);
        return;
      }
      showFailure(error);
    }
  });

  return (
    <AppPanel title={fundingFormText.title} lead={fundingFormText.lead}>
      <form
        ref={formRef}
        className="funding-form"
        noValidate
        onSubmit={(event) => void submit(submitValid, event)}
      >
        <fieldset className="amount-choice" disabled={sending}>
          <legend className="pie-settings__legend">{fundingFormText.amountLegend}</legend>
          <div className="amount-choice__options">
            {amountPresetsCents.map((cents) => (
              <label key={cents} className="amount-choice__option">
                <input
                  type="radio"
                  value={String(cents)}
                  {...register('amountChoice', { deps: ['amount'] })}
                />
                <span>{formatMoney(cents)}</span>
              </label>
            ))}
            <label className="amount-choice__option">
              <input type="radio" value={customChoice} {...register('amountChoice', { deps: ['amount'] })} />
              <span>{fundingFormText.otherAmount}</span>
            </label>
          </div>
          {amountChoice === customChoice ? (
            <Field
              label={fundingFormText.customAmount}
              id={`${id}-custom`}
              hint={fundingFormText.customAmountHint}
              visibleError={customError}
            >
              {(fieldControl) => (
                <div className="amount-choice__custom">
                  <span aria-hidden="true">$</span>
                  <input
                    {...fieldControl}
                    className="field__input"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    {...register('amount')}
                  />
                </div>
              )}
            </Field>
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

        <PieStartFormEnd
          {...settingsProps}
          sending={sending}
          failure={failure}
          failureRef={failureRef}
          text={fundingFormText}
          submitClassName="funding-form__submit"
          submitHint={<p className="app-state__hint">{fundingFormText.secure}</p>}
        />
      </form>
    </AppPanel>
  );
}
