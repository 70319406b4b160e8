// Staff give a name heard alone to one catalogue artist (decision 036): one of the artists that bear the name, or an
// artist id staff found, with a required reason. The server refuses another name (422), a second artist (409) and a
// name nothing is held for (404); what was held moves once.
import { useId } from 'react';
import type { StaffEscrowArtist } from '@contracts/admin-escrow';
import { resolveNameBodySchema } from '@contracts/admin-escrow';
import { FormAlert } from '../../../components/form/form-alert';
import { TextInput } from '../../../components/form/text-input';
import { StaffReasonField } from '../../../components/staff-page/staff-reason-field';
import { formatMoney } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { resolveNameOnlyArtist } from '../api/resolve-name-only';

export const resolveWords = {
  title: (name: string) => `Give "${name}" to a catalogue artist`,
  artist: 'Catalogue artist',
  artistId: 'Catalogue artist id',
  artistIdHint: 'The artist must have exactly this name. Find the id on the Artists screen.',
  save: 'Move the money to this artist',
  saving: 'Moving…',
  cancel: 'Cancel',
  failed: 'We could not resolve this name. Please try again.',
} as const;

interface ResolveNameFormProps {
  row: StaffEscrowArtist;
  onResolved: (message: string) => void;
  onCancel: () => void;
}

export function ResolveNameForm({ row, onResolved, onCancel }: ResolveNameFormProps) {
  const titleId = useId();
  const candidates = row.nameOnly?.candidates ?? [];
  const { bindField, register, submitWith, failure, formState } = useServerForm<{
    artistId: string;
    reason: string;
  }>({
    schema: resolveNameBodySchema,
    defaultValues: { artistId: candidates[0]?.artistId ?? '', reason: '' },
    fallback: resolveWords.failed,
  });
  const normalisedName = row.nameOnly?.normalisedName ?? row.artistKey.replace(/^name:/, '');

  const submit = submitWith(async (payload) => {
    const result = await resolveNameOnlyArtist(normalisedName, payload);
    const waiting = result.waitingLots > 0 ? ` ${result.waitingLots} lots follow on the nightly run.` : '';
    onResolved(
      `"${row.artistName}" is now ${result.artistName}: moved ${formatMoney(result.movedCents)} in ${result.movedLots} ${result.movedLots === 1 ? 'lot' : 'lots'}.${waiting}`,
    );
  });

  return (
    <form className="staff-escrow__confirm" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="staff-escrow__minor-title">
        {resolveWords.title(row.artistName)}
      </h3>
      <p className="staff-page__muted">
        {formatMoney(row.heldCents)} in {row.lots} {row.lots === 1 ? 'lot' : 'lots'} is held for this name.
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {candidates.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${titleId}-artist`}>
            {resolveWords.artist}
          </label>
          <select id={`${titleId}-artist`} className="field__input field__select" {...register('artistId')}>
            {candidates.map((candidate) => (
              <option key={candidate.artistId} value={candidate.artistId}>
                {candidate.name} ({candidate.artistId})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <TextInput
          label={resolveWords.artistId}
          hint={resolveWords.artistIdHint}
          required
          autoComplete="off"
          spellCheck={false}
          {...bindField('artistId')}
        />
      )}
      <StaffReasonField {...bindField('reason')} />
      <div className="staff-escrow__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? resolveWords.saving : resolveWords.save}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {resolveWords.cancel}
        </button>
      </div>
    </form>
  );
}
