// /for-artists/office-settings?office=: the chosen office's name and type, and deleting it. SPEC §7: renaming updates
// the office at once everywhere it is shown (the shared offices cache) and reverts when the server refuses; SPEC §8:
// a failed office operation is logged to the console and the screen says what happened. Deleting asks first and
// shows the server's reason when it is refused (409: the office still holds money or claims).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import * as z from 'zod/mini';
import { createOfficeSchema, officeTypes, type OfficeReply } from '@contracts/offices';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField, optionsOf } from '../../../components/form/select-field';
import { TextInput } from '../../../components/form/text-input';
import { BusyButton } from '../../../components/busy-button';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import { OfficePicker } from '../../../components/office-picker';
import '../../../components/office-page.css';
import '../../../components/office-pages.css';
import { officeParam, officesUrl, useChosenOffice } from '../../../lib/offices';
import { deleteOffice } from '../api/delete-office';
import { updateOffice } from '../api/update-office';

type OfficeType = OfficeReply['type'];

export const officeSettingsText = {
  title: 'Office settings',
  lead: 'The office your team works in: its name, its type, and deleting it.',
  team: 'Team',
  detailsTitle: 'Name and type',
  name: 'Office name',
  nameHint: '2 to 100 characters.',
  type: 'Type',
  types: { Artist: 'Artist', Label: 'Label' } satisfies Record<OfficeType, string>,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  saveFailed: 'We could not save the office. Please try again.',
  adminOnly: 'Only an admin of this office can change or delete it.',
  deleteTitle: 'Delete the office',
  deleteLead:
    'Deleting removes the office and everyone’s membership of it. An office that still holds money or claims cannot be deleted.',
  delete: 'Delete office',
  deleting: 'Deleting…',
  confirmTitle: (name: string) => `Delete ${name}?`,
  confirmText: 'This cannot be undone. Every member loses access to the office at once.',
  keep: 'Keep the office',
  deleteFailed: 'We could not delete the office. Please try again.',
  loading: 'Loading your offices...',
  officesFailed: 'We could not load your offices.',
} as const;

/** The form's fields as the contract checks them (SPEC §7's name rules), both always sent. */
const officeDetailsSchema = z.object({
  name: createOfficeSchema.shape.name,
  type: z.enum(officeTypes),
});
type OfficeDetails = z.infer<typeof officeDetailsSchema>;

function DetailsForm({ office }: { office: OfficeReply }) {
  const { mutate } = useSWRConfig();
  const [saved, setSaved] = useState(false);
  const canManage = office.role === 'admin';
  const { bindField, register, setValue, submitWith, failure, formState } = useServerForm<OfficeDetails>({
    schema: officeDetailsSchema,
    defaultValues: { name: office.name, type: office.type },
    fallback: officeSettingsText.saveFailed,
  });

  const submit = submitWith(async ({ name, type }) => {
    setSaved(false);
    const renamed = (offices: OfficeReply[] | undefined) =>
      (offices ?? []).map((candidate) =>
        candidate._id === office._id ? { ...candidate, name, type } : candidate,
      );
    try {
      // SPEC §7: the new name shows at once wherever the office is shown; SWR puts the old list back on failure.
      await mutate(
        officesUrl(),
        async (current: OfficeReply[] | undefined) => {
          const updated = await updateOffice(office._id, { name, type });
          return (current ?? []).map((candidate) => (candidate._id === updated._id ? updated : candidate));
        },
        { optimisticData: renamed, rollbackOnError: true, populateCache: true, revalidate: false },
      );
    } catch (error) {
      console.error('Updating the office failed', error);
      setValue('name', office.name);
      setValue('type', office.type);
      throw error;
    }
    setValue('name', name);
    setSaved(true);
  });

  return (
    <form className="office-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput
        id="office-name"
        label={officeSettingsText.name}
        hint={officeSettingsText.nameHint}
        readOnly={!canManage}
        {...bindField('name')}
      />
      <SelectField
        id="office-type"
        label={officeSettingsText.type}
        options={optionsOf(officeTypes, officeSettingsText.types)}
        disabled={!canManage}
        {...register('type')}
      />
      {canManage ? (
        <div className="office-settings__actions">
          <BusyButton
            busy={formState.isSubmitting}
            label={officeSettingsText.save}
            busyLabel={officeSettingsText.saving}
          />
          <span className="team__message" aria-live="polite">
            {saved ? officeSettingsText.saved : ''}
          </span>
        </div>
      ) : (
        <p className="office-page__muted">{officeSettingsText.adminOnly}</p>
      )}
    </form>
  );
}

function DeletePanel({ office }: { office: OfficeReply }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteOffice(office._id);
      setConfirming(false);
      await mutate(officesUrl());
      navigate(paths.artist.artists());
    } catch (error) {
      console.error('Deleting the office failed', error);
      setConfirming(false);
      setFailure(describeLoadError(error, officeSettingsText.deleteFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="office-page__panel team__panel office-page__panel--danger"
      aria-labelledby="office-delete-title"
    >
      <h2 id="office-delete-title" className="office-page__subtitle">
        {officeSettingsText.deleteTitle}
      </h2>
      <p className="office-page__muted">{officeSettingsText.deleteLead}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div>
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          {officeSettingsText.delete}
        </button>
      </div>
      <ConfirmationDialog
        open={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        title={officeSettingsText.confirmTitle(office.name)}
        description={officeSettingsText.confirmText}
        labels={{
          cancel: officeSettingsText.keep,
          confirm: officeSettingsText.delete,
          confirming: officeSettingsText.deleting,
        }}
        tone="danger"
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

export function OfficeSettingsScreen() {
  useDocumentTitle('Office settings · OpenPie for Artists');
  const { offices, office, chooseOffice } = useChosenOffice();

  return (
    <div className="wide-screen team">
      <header className="office-page__header">
        <div>
          <h1 className="office-page__title team__title">{officeSettingsText.title}</h1>
          <p className="office-page__lead">{officeSettingsText.lead}</p>
        </div>
        {office ? (
          <Link
            className="button button--secondary"
            to={`${paths.artist.team()}?${officeParam}=${encodeURIComponent(office._id)}`}
          >
            {officeSettingsText.team}
          </Link>
        ) : null}
      </header>
      {offices.error ? (
        <LoadFailure
          message={describeLoadError(offices.error, officeSettingsText.officesFailed)}
          onRetry={() => void offices.mutate()}
        />
      ) : null}
      {!offices.data && !offices.error ? (
        <p className="office-page__muted" role="status">
          {officeSettingsText.loading}
        </p>
      ) : null}
      <OfficePicker id="settings-office" offices={offices.data} office={office} onChoose={chooseOffice} />
      {office ? (
        <>
          <section className="office-page__panel team__panel" aria-labelledby="office-details-title">
            <h2 id="office-details-title" className="office-page__subtitle">
              {officeSettingsText.detailsTitle}
            </h2>
            <DetailsForm key={office._id} office={office} />
          </section>
          {office.role === 'admin' ? <DeletePanel key={office._id} office={office} /> : null}
        </>
      ) : null}
    </div>
  );
}
