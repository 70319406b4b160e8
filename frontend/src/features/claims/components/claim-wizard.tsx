// The claim wizard (SPEC §2, §5): 1 choose the artist from the catalogue search (each result with picture, genres,
// followers, OpenPie listeners, a top track and what fans' pies hold for them, so two of one name differ), 2 accept the three
// agreements, 3 choose how the claim is verified and keep the generated verification string. Each step is checked
// before the next one opens, with SPEC §5's own texts; the server checks all of it again.
import { useState, type FormEvent } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import * as z from 'zod/mini';
import type { ClaimSearchArtist } from '@contracts/artists';
import type { VerificationMethod, VerificationPlatform } from '@contracts/claims';
import {
  claimWizardMessages,
  createClaimSchema,
  verificationMethods,
  verificationPlatforms,
} from '@contracts/claims';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField, optionsOf } from '../../../components/form/select-field';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../lib/paths';
import { useServerForm } from '../../../lib/use-server-form';
import { createClaim } from '../api/create-claim';
import { officeClaimsUrl } from '../api/get-office-claims';
import { useArtistSearch } from '../api/search-artists';
import {
  describeHeldForArtist,
  describeSearchArtist,
  describeTopTrack,
  methodLabels,
  platformLabels,
} from '../lib/claim-words';
import { generateVerificationString } from '../lib/verification-string';
import '../../../components/office-page.css';

export const wizardText = {
  title: 'Claim an artist',
  steps: ['Choose the artist', 'Accept the agreements', 'Verify the claim'],
  search: 'Search for the artist',
  searchHint: 'Type the name as fans see it on their streaming service.',
  searching: 'Searching...',
  noMatch: 'No artist matches this name.',
  claimed: 'Already claimed',
  waiver:
    'I agree to the waiver: OpenPie passes on what fans set aside and is not liable for how the artist or office uses it.',
  fundsTerms:
    'I agree to the funds terms: money held for the artist is released to this office only after the claim is approved, and payouts go through Stripe.',
  terms: 'I agree to the terms and conditions of OpenPie for artists.',
  method: 'Verification method',
  platform: 'Social platform',
  verificationString: 'Verification string',
  verificationStringHint:
    'Generate your string: you will put it in the bio you chose, so we know the claim comes from you.',
  generate: 'Generate my string',
  regenerate: 'Generate a new string',
  back: 'Back',
  next: 'Next',
  submit: 'Claim artist',
  submitting: 'Claiming...',
  failed: 'We could not send your claim. Please try again.',
  cancel: 'Cancel',
} as const;

const isMethod = (value: string): value is VerificationMethod =>
  (verificationMethods as readonly string[]).includes(value);
const isPlatform = (value: string): value is VerificationPlatform =>
  (verificationPlatforms as readonly string[]).includes(value);

function agreement(message: string) {
  return z.boolean().check(z.refine((value) => value, message));
}

const wizardSchema = z.object({
  artistId: createClaimSchema.shape.artistId,
  agreesToWaiver: agreement(claimWizardMessages.waiverRequired),
  agreesToFundsTerms: agreement(claimWizardMessages.fundsTermsRequired),
  agreesToTerms: agreement(claimWizardMessages.termsRequired),
  verificationMethod: z.string().check(z.refine(isMethod, claimWizardMessages.methodRequired)),
  selectedPlatform: z.string().check(z.refine(isPlatform, claimWizardMessages.platformRequired)),
  verificationString: createClaimSchema.shape.verificationString,
});
type WizardForm = z.infer<typeof wizardSchema>;

const stepFields: readonly (readonly Path<WizardForm>[])[] = [
  ['artistId'],
  ['agreesToWaiver', 'agreesToFundsTerms', 'agreesToTerms'],
  ['verificationMethod', 'selectedPlatform', 'verificationString'],
];

function platformsFor(method: string): readonly VerificationPlatform[] {
  if (method === 'spotify-bio') return ['spotify'];
  if (method === 'social-bio') return verificationPlatforms.filter((platform) => platform !== 'spotify');
  return [];
}

export interface ClaimWizardProps {
  officeId: string;
  onCancel: () => void;
}

export function ClaimWizard({ officeId, onCancel }: ClaimWizardProps) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState(0);
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ClaimSearchArtist | null>(null);
  const form = useServerForm<WizardForm>({
    schema: wizardSchema,
    defaultValues: {
      artistId: '',
      agreesToWaiver: false,
      agreesToFundsTerms: false,
      agreesToTerms: false,
      verificationMethod: '',
      selectedPlatform: '',
      // Given by the person (SPEC §2 step 3): they generate it, so the form says when it is missing.
      verificationString: '',
    },
    fallback: wizardText.failed,
  });
  const { register, describeField, setValue, trigger, control, formState, submitWith, failure } = form;
  const method = useWatch({ control, name: 'verificationMethod' });
  const platform = useWatch({ control, name: 'selectedPlatform' });
  const verificationString = useWatch({ control, name: 'verificationString' });
  const choosePlatform = (value: string) =>
    setValue('selectedPlatform', value, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
  const search = useArtistSearch(term, page);

  const errorOf = (name: Path<WizardForm>): string | undefined => {
    const { error, touched } = describeField(name);
    return touched ? error : undefined;
  };

  const goNext = async () => {
    const fields = stepFields[step] ?? [];
    for (const name of fields) {
      setValue(name, form.getValues(name), { shouldTouch: true });
    }
    if (await trigger([...fields])) setStep((current) => current + 1);
  };

  const submit = submitWith(async (values) => {
    if (!isMethod(values.verificationMethod) || !isPlatform(values.selectedPlatform)) return;
    const claim = await createClaim({
      artistId: values.artistId,
      officeId,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: values.verificationMethod,
      selectedPlatform: values.selectedPlatform,
      verificationString: values.verificationString,
    });
    // The office's list now holds the claim: refresh it rather than show the list cached before the wizard opened.
    await mutate(officeClaimsUrl(officeId));
    navigate(paths.artist.claim({ id: claim._id }));
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < stepFields.length - 1) {
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  };

  const pageCount = search.data?.pagination?.pages ?? 1;

  return (
    <section className="office-page__panel" aria-labelledby="claim-wizard-title">
      <h2 id="claim-wizard-title" className="office-page__subtitle">
        {wizardText.title}
      </h2>
      <ol className="claim-wizard__steps" aria-label="Steps">
        {wizardText.steps.map((label, index) => (
          <li
            key={label}
            className={`claim-wizard__step${index === step ? ' claim-wizard__step--current' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="claim-wizard__step-number">{index + 1}</span> {label}
          </li>
        ))}
      </ol>
      <form className="claim-wizard__form" noValidate onSubmit={onSubmit} aria-label={wizardText.title}>
        {failure ? <FormAlert>{failure}</FormAlert> : null}

        {step === 0 ? (
          <fieldset className="claim-wizard__fieldset">
            <legend className="visually-hidden">{wizardText.steps[0]}</legend>
            <label className="field__label" htmlFor="claim-artist-search">
              {wizardText.search}
            </label>
            <p className="field__hint" id="claim-artist-search-hint">
              {wizardText.searchHint}
            </p>
            <input
              id="claim-artist-search"
              className="field__input"
              type="search"
              value={term}
              aria-describedby="claim-artist-search-hint"
              autoComplete="off"
              onChange={(event) => {
                setTerm(event.target.value);
                setPage(1);
              }}
            />
            {search.isLoading ? <p className="office-page__muted">{wizardText.searching}</p> : null}
            {search.data && search.data.artists.length === 0 ? (
              <p className="office-page__muted">{wizardText.noMatch}</p>
            ) : null}
            {search.data && search.data.artists.length > 0 ? (
              <ul className="claim-wizard__results">
                {search.data.artists.map((artist) => {
                  const idOf = (part: string) => `claim-artist-${artist.id}-${part}`;
                  const topTrack = describeTopTrack(artist.topTrack);
                  return (
                    <li key={artist.id}>
                      <label className="claim-wizard__result">
                        {/* Named by the artist's name, described by what tells them apart. */}
                        <input
                          type="radio"
                          name="claim-artist"
                          value={artist.id}
                          checked={chosen?.id === artist.id}
                          aria-labelledby={idOf('name')}
                          aria-describedby={[idOf('facts'), topTrack ? idOf('track') : null, idOf('held')]
                            .filter(Boolean)
                            .join(' ')}
                          onChange={() => {
                            setChosen(artist);
                            setValue('artistId', artist.id, { shouldValidate: true, shouldTouch: true });
                          }}
                        />
                        {artist.imageUrl ? (
                          <img className="claim-wizard__image" src={artist.imageUrl} alt="" />
                        ) : (
                          <span
                            className="claim-wizard__image claim-wizard__image--initial"
                            aria-hidden="true"
                          >
                            {artist.name.charAt(0)}
                          </span>
                        )}
                        <span className="claim-wizard__result-text">
                          <span className="claim-wizard__name" id={idOf('name')}>
                            {artist.name}
                          </span>
                          <span className="claim-wizard__fact" id={idOf('facts')}>
                            {describeSearchArtist(artist)}
                          </span>
                          {topTrack ? (
                            <span className="claim-wizard__fact" id={idOf('track')}>
                              {topTrack}
                            </span>
                          ) : null}
                          <span className="claim-wizard__fact claim-wizard__held" id={idOf('held')}>
                            {describeHeldForArtist(artist.held)}
                          </span>
                        </span>
                        {artist.claimed ? <span className="badge">{wizardText.claimed}</span> : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {pageCount > 1 ? (
              <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Search results" />
            ) : null}
            {chosen ? (
              <p className="claim-wizard__chosen">
                You are claiming <strong>{chosen.name}</strong>.
              </p>
            ) : null}
            {errorOf('artistId') ? (
              <p className="field__error" role="alert">
                {errorOf('artistId')}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        {step === 1 ? (
          <fieldset className="claim-wizard__fieldset">
            <legend className="visually-hidden">{wizardText.steps[1]}</legend>
            {(
              [
                ['agreesToWaiver', wizardText.waiver],
                ['agreesToFundsTerms', wizardText.fundsTerms],
                ['agreesToTerms', wizardText.terms],
              ] as const
            ).map(([name, label]) => (
              <div key={name} className="claim-wizard__agreement">
                <input id={`claim-${name}`} type="checkbox" {...register(name)} />
                <div>
                  <label className="claim-wizard__agreement-label" htmlFor={`claim-${name}`}>
                    {label}
                  </label>
                  {errorOf(name) ? <p className="field__error">{errorOf(name)}</p> : null}
                </div>
              </div>
            ))}
          </fieldset>
        ) : null}

        {step === 2 ? (
          <fieldset className="claim-wizard__fieldset">
            <legend className="visually-hidden">{wizardText.steps[2]}</legend>
            <SelectField
              id="claim-method"
              label={wizardText.method}
              placeholder="Choose a method"
              options={optionsOf(verificationMethods, methodLabels)}
              visibleError={errorOf('verificationMethod')}
              {...register('verificationMethod', {
                onChange: (event: { target: { value: string } }) => {
                  const only = platformsFor(event.target.value);
                  setValue('selectedPlatform', only.length === 1 ? (only[0] ?? '') : '', {
                    shouldValidate: formState.isSubmitted,
                  });
                },
              })}
            />
            {/* Controlled, so the platform a method implies shows once its option exists. */}
            <SelectField
              id="claim-platform"
              label={wizardText.platform}
              placeholder="Choose a platform"
              options={optionsOf(platformsFor(method), platformLabels)}
              visibleError={errorOf('selectedPlatform')}
              name="selectedPlatform"
              value={platform}
              onChange={(event) => choosePlatform(event.target.value)}
              onBlur={() => choosePlatform(platform)}
            />
            <Field
              id="claim-string"
              label={wizardText.verificationString}
              hint={wizardText.verificationStringHint}
              visibleError={errorOf('verificationString')}
            >
              {(control) => (
                <div className="claim-wizard__string-row">
                  <input
                    {...control}
                    className="field__input claims__code"
                    readOnly
                    value={verificationString}
                  />
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() =>
                      setValue('verificationString', generateVerificationString(), {
                        shouldValidate: true,
                        shouldTouch: true,
                      })
                    }
                  >
                    {verificationString ? wizardText.regenerate : wizardText.generate}
                  </button>
                </div>
              )}
            </Field>
          </fieldset>
        ) : null}

        <div className="claim-wizard__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {wizardText.cancel}
          </button>
          {step > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep((current) => current - 1)}
            >
              {wizardText.back}
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
            {step < stepFields.length - 1
              ? wizardText.next
              : formState.isSubmitting
                ? wizardText.submitting
                : wizardText.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
