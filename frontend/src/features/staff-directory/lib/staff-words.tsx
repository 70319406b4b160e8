// Words staff's people screens share (decision 037).
import type { StaffOfficeSummary } from '@contracts/admin-people';
export { writeDollars } from '../../../lib/csv';

export const connectLabels: Readonly<Record<StaffOfficeSummary['connect'], string>> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  ready: 'Ready',
};

/** A deleted account's name: nothing that names the person is kept. */
export function DeletedName() {
  return <span className="staff-page__muted">Deleted account</span>;
}
