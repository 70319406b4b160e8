// "Start my free pie" (SPEC §4 "Promo usable"): a signed-in fan who signed up through /try, has not used
// the offer, and for whom codes are left, starts a free $5 pie with their settings. No card: OpenPie pays for it.
import { useRef } from 'react';
import * as z from 'zod/mini';
import type { PieSummary } from '@contracts/payments';
import { AppPanel } from '../../../components/app-panel';
import { defaultPieSettingsDraft, pieSettingsDraftFields } from '../../../components/pie-settings-fields';
import { pieStartFailureText } from '../../../components/pie-start-failure';
import { PieStartFormEnd } from '../../../components/pie-start-form-end';
import {
  pieSettingNames,
  serverFieldsNamed,
  usePieSettingsDraft,
  usePieStartSubmit,
} from '../../../components/pie-start-form';
import { useServerForm } from '../../../lib/use-server-form';
import { createPromoSubscription } from '../api/create-promo-subscription';
import { usePromoEligibility } from '../api/get-promo-eligibility';

/** The free pie runs as long as a fan's pie (SPEC §7: pieDays 30 for fans). */
const promoPieDays = 30;

export const freePieOfferText = {
  title: 'Your free 5 dollar pie is waiting',
  lead: 'OpenPie pays for this pie: $5.00 for 30 days, split among the artists you listen to on Spotify. No card needed, and nothing renews afterwards.',
  submit: 'Start my free pie',
  submitting: 'Starting your free pie…',
} as const;

export interface FreePieOfferProps {
  onStarted: (pie: PieSummary) => void;
}

const freePieSchema = z.object(pieSettingsDraftFields);

export function FreePieOffer({ onStarted }: FreePieOfferProps) {
  const { describeField, control, setValue, setError, submitWith, formState } = useServerForm<
    z.input<typeof freePieSchema>,
    z.output<typeof freePieSchema>
  >({
    schema: freePieSchema,
    defaultValues: defaultPieSettingsDraft,
    fallback: pieStartFailureText.fallback,
  });
  const settingsProps = usePieSettingsDraft({ control, setValue, describeField });
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { failure, showFailure, submit } = usePieStartSubmit(formRef, failureRef);
  const sending = formState.isSubmitting;

  const submitValid = submitWith(async (values) => {
    try {
      const pie = await createPromoSubscription({ ...values, pieDays: promoPieDays });
      onStarted(pie);
    } catch (error) {
      const named = serverFieldsNamed(error, pieSettingNames);
      if (named.length > 0) {
        for (const { name, message } of named) setError(name, { type: 'server', message });
        return;
      }
      showFailure(error);
    }
  });

  return (
    <AppPanel title={freePieOfferText.title} className="free-pie-offer">
      <p>{freePieOfferText.lead}</p>
      <form
        ref={formRef}
        className="free-pie-offer__form"
        noValidate
        onSubmit={(event) => void submit(submitValid, event)}
      >
        <PieStartFormEnd
          {...settingsProps}
          sending={sending}
          failure={failure}
          failureRef={failureRef}
          text={freePieOfferText}
        />
      </form>
    </AppPanel>
  );
}

/**
 * The offer where a fan may have it (/pie): nothing at all unless the server says this fan may start it now (SPEC §4),
 * so a fan without the offer, or whose check fails, sees only the funding flow.
 */
export function FreePieOfferIfEligible({ onStarted }: FreePieOfferProps) {
  const eligibility = usePromoEligibility();
  return eligibility.data?.available ? <FreePieOffer onStarted={onStarted} /> : null;
}
