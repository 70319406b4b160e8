// /for-artists/office-settings?office=: the chosen office's name and type, and deleting it. SPEC §7: renaming updates
// the office at once everywhere it is shown (the shared offices cache) and reverts when the server refuses; SPEC §8:
// a failed office operation is logged to the console and the screen says what happened. Deleting asks first and
// shows the server's reason when it is refused (409: the office still holds money or claims).
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { OfficeReply } from '@contracts/offices';
import { ConfirmActions, ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { OfficePicker } from '../../../components/office-picker';
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
  nameShort: 'Use at least 2 characters',
  nameLong: 'Use at most 100 characters',
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

function checkName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 2) return officeSettingsText.nameShort;
  if (trimmed.length > 100) return officeSettingsText.nameLong;
  return null;
}

function DetailsForm({ office }: { office: OfficeReply }) {
  const { mutate } = useSWRConfig();
  const [name, setName] = useState(office.name);
  const [type, setType] = useState<OfficeType>(office.type);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const canManage = office.role === 'admin';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkName(name);
    setNameError(problem);
    setFailure(null);
    setSaved(false);
    if (problem) return;
    const trimmed = name.trim();
    setBusy(true);
    const renamed = (offices: OfficeReply[] | undefined) =>
      (offices ?? []).map((candidate) =>
        candidate._id === office._id ? { ...candidate, name: trimmed, type } : candidate,
      );
    try {
      // SPEC §7: the new name shows at once wherever the office is shown; SWR puts the old list back on failure.
      await mutate(
        officesUrl(),
        async (current: OfficeReply[] | undefined) => {
          const updated = await updateOffice(office._id, { name: trimmed, type });
          return (current ?? []).map((candidate) => (candidate._id === updated._id ? updated : candidate));
        },
        { optimisticData: renamed, rollbackOnError: true, populateCache: true, revalidate: false },
      );
      setName(trimmed);
      setSaved(true);
    } catch (error) {
      console.error('Updating the office failed', error);
      if (isApiError(error) && error.fields['name']) setNameError(error.fields['name']);
      else setFailure(describeLoadError(error, officeSettingsText.saveFailed));
      setName(office.name);
      setType(office.type);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="office-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="field">
        <label className="field__label" htmlFor="office-name">
          {officeSettingsText.name}
        </label>
        <p id="office-name-hint" className="field__hint">
          {officeSettingsText.nameHint}
        </p>
        <input
          id="office-name"
          name="name"
          className="field__input"
          value={name}
          readOnly={!canManage}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'office-name-hint office-name-error' : 'office-name-hint'}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError ? (
          <p id="office-name-error" className="field__error">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="office-type">
          {officeSettingsText.type}
        </label>
        <select
          id="office-type"
          name="type"
          className="field__input field__select"
          value={type}
          disabled={!canManage}
          onChange={(event) => setType(event.target.value as OfficeType)}
        >
          {(['Artist', 'Label'] as const).map((candidate) => (
            <option key={candidate} value={candidate}>
              {officeSettingsText.types[candidate]}
            </option>
          ))}
        </select>
      </div>
      {canManage ? (
        <div className="office-settings__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? officeSettingsText.saving : officeSettingsText.save}
          </button>
          <span className="team__message" aria-live="polite">
            {saved ? officeSettingsText.saved : ''}
          </span>
        </div>
      ) : (
        <p className="team__muted">{officeSettingsText.adminOnly}</p>
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
    <section className="team__panel team__panel--danger" aria-labelledby="office-delete-title">
      <h2 id="office-delete-title" className="team__subtitle">
        {officeSettingsText.deleteTitle}
      </h2>
      <p className="team__muted">{officeSettingsText.deleteLead}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div>
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          {officeSettingsText.delete}
        </button>
      </div>
      <ConfirmDialog open={confirming} busy={busy} onCancel={() => setConfirming(false)}>
        <Dialog.Title className="dialog__title">{officeSettingsText.confirmTitle(office.name)}</Dialog.Title>
        <Dialog.Description className="dialog__description">
          {officeSettingsText.confirmText}
        </Dialog.Description>
        <ConfirmActions
          busy={busy}
          cancelLabel={officeSettingsText.keep}
          confirmLabel={officeSettingsText.delete}
          confirmingLabel={officeSettingsText.deleting}
          tone="danger"
          onConfirm={() => void confirmDelete()}
        />
      </ConfirmDialog>
    </section>
  );
}

export function OfficeSettingsScreen() {
  useDocumentTitle('Office settings · OpenPie for Artists');
  const { offices, office, chooseOffice } = useChosenOffice();

  return (
    <div className="wide-screen team">
      <header className="team__header">
        <div>
          <h1 className="team__title">{officeSettingsText.title}</h1>
          <p className="team__lead">{officeSettingsText.lead}</p>
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
        <p className="team__muted" role="status">
          {officeSettingsText.loading}
        </p>
      ) : null}
      <OfficePicker id="settings-office" offices={offices.data} office={office} onChoose={chooseOffice} />
      {office ? (
        <>
          <section className="team__panel" aria-labelledby="office-details-title">
            <h2 id="office-details-title" className="team__subtitle">
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
