// The office choice at the top of the artist area's office screens, shown only to someone in more than one office.
import type { OfficeReply } from '@contracts/offices';

export function OfficePicker({
  id,
  offices,
  office,
  onChoose,
}: {
  id: string;
  offices: readonly OfficeReply[] | undefined;
  office: OfficeReply | null;
  onChoose: (officeId: string) => void;
}) {
  if (!offices || offices.length < 2) return null;
  return (
    <div className="field office-picker">
      <label className="field__label" htmlFor={id}>
        Office
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={office?._id ?? ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {offices.map((candidate) => (
          <option key={candidate._id} value={candidate._id}>
            {candidate.name}
          </option>
        ))}
      </select>
    </div>
  );
}
