// A pie as its fan reads it, for staff's ledger drill-down (decision 039): the receipt of a split pie, or the live
// preview with its refunds until it is split. The same parts as the fan's pie screen, so both read the same.
import type { PieDetail } from '@contracts/pie';
import { useNow } from '../lib/use-now';
import { PiePreview } from './pie-preview';
import { PieReceipt, TakeBackNote } from './pie-receipt';
import '../pie.css';

export function StaffPieBody({ pie }: { pie: PieDetail }) {
  const now = useNow();
  return (
    <section className="app-panel">
      {pie.receipt ? (
        <PieReceipt detail={pie} receipt={pie.receipt} now={now} />
      ) : (
        <>
          <p className="app-state__hint">Not split yet: what the split will pay if nothing changes.</p>
          <TakeBackNote takeBacks={pie.takeBacks} />
          <PiePreview stats={pie} now={now} />
        </>
      )}
    </section>
  );
}
