// "Download CSV" of a pie's receipt: the file is built in the browser from GET /api/pie/pie/{id}, fetched on click
// unless the screen already holds the pie.
import { useState } from 'react';
import type { PieDetail } from '@contracts/pie';
import { describeLoadError } from '../../../components/load-failure';
import { downloadTextFile } from '../../../lib/download-text-file';
import { fetchPieDetail } from '../api/get-pie-detail';
import { buildReceiptCsv, nameReceiptCsv } from '../lib/receipt-csv';

export const receiptCsvText = {
  download: 'Download CSV',
  preparing: 'Preparing the CSV…',
  failed: 'The CSV could not be prepared. Please try again.',
} as const;

export interface ReceiptCsvButtonProps {
  pieId: string;
  /** The pie when the screen has it already; fetched on click otherwise. */
  detail?: PieDetail;
  /** Said after "Download CSV" to screen readers, when several buttons share a screen: "of the pie of …". */
  describedAs?: string;
}

export function ReceiptCsvButton({ pieId, detail, describedAs }: ReceiptCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const pie = detail ?? (await fetchPieDetail(pieId));
      downloadTextFile(nameReceiptCsv(pie), buildReceiptCsv(pie));
    } catch (error) {
      setFailure(describeLoadError(error, receiptCsvText.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="receipt-csv">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        aria-label={describedAs && !busy ? `${receiptCsvText.download} ${describedAs}` : undefined}
        onClick={() => void download()}
      >
        {busy ? receiptCsvText.preparing : receiptCsvText.download}
      </button>
      {failure ? (
        <span className="receipt-csv__failure" role="alert">
          {failure}
        </span>
      ) : null}
    </span>
  );
}
