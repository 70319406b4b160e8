// "Start my free pie" (SPEC §4 "Promo usable"): a signed-in fan who signed up through /try, has not used
// the offer, and for whom codes are left, starts a free $5 pie with their settings. No card: OpenPie pays for it.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { PieSummary } from '@contracts/payments';
import {
  defaultPieSettingsDraft,
  PieSettingsFields,
  readPieSettings,
  type PieSettingsDraft,
  type PieSettingsErrors,
} from '../../../components/pie-settings-fields';
import { PieStartFailure } from '../../../components/pie-start-failure';
import { isApiError } from '../../../lib/api-client';
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

export function FreePieOffer({ onStarted }: FreePieOfferProps) {
  const id = useId();
  const [settings, setSettings] = useState<PieSettingsDraft>(defaultPieSettingsDraft);
  const [errors, setErrors] = useState<PieSettingsErrors>({});
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const read = readPieSettings(settings);
    if (!read.ok) {
      setErrors(read.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const pie = await createPromoSubscription({ ...read.settings, pieDays: promoPieDays });
      onStarted(pie);
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 422 && Object.keys(error.fields).length > 0) {
        const { artistLimit, artistPopularity, excludeNonActive } = error.fields;
        setErrors({ artistLimit, artistPopularity, excludeNonActive });
        if (artistLimit || artistPopularity || excludeNonActive) {
          focusFirstInvalid();
          return;
        }
      }
      setFailure({ error });
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  };

  return (
    <section className="app-panel free-pie-offer" aria-labelledby={id}>
      <h2 id={id} className="app-panel__title">
        {freePieOfferText.title}
      </h2>
      <p>{freePieOfferText.lead}</p>
      <form
        ref={formRef}
        className="free-pie-offer__form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <PieSettingsFields value={settings} onChange={setSettings} errors={errors} disabled={sending} />
        {failure ? (
          <div ref={failureRef} tabIndex={-1}>
            <PieStartFailure error={failure.error} />
          </div>
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? freePieOfferText.submitting : freePieOfferText.submit}
          </button>
        </div>
      </form>
    </section>
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
