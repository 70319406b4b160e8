// A staff table's "Download CSV" button: while the rows are gathered (every page of the filter on screen) it says so
// and cannot be pressed again; then it hands the file to the browser and says how many rows it holds, or why it could
// not be made.
import { useState } from 'react';
import { downloadTextFile } from '../lib/download-text-file';
import { describeLoadError } from './load-failure';
import './csv-download.css';

/** The CSV's text and how many rows it holds (the header not counted). */
export interface PreparedCsv {
  text: string;
  rows: number;
}

export function CsvDownload({
  fileName,
  prepare,
  label,
}: {
  fileName: string;
  prepare: () => Promise<PreparedCsv>;
  /** The button's name where a page has more than one table to download ("Download CSV of the findings"). */
  label?: string;
}) {
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });

  const download = async () => {
    setState({ busy: true, message: '' });
    try {
      const csv = await prepare();
      downloadTextFile(fileName, csv.text);
      setState({ busy: false, message: `Downloaded ${csv.rows} ${csv.rows === 1 ? 'row' : 'rows'}.` });
    } catch (error) {
      setState({ busy: false, message: describeLoadError(error, 'We could not make the CSV.') });
    }
  };

  return (
    <div className="csv-download">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={state.busy}
        aria-label={label}
        onClick={() => void download()}
      >
        {state.busy ? 'Preparing CSV...' : 'Download CSV'}
      </button>
      <p className="csv-download__message" role="status">
        {state.message}
      </p>
    </div>
  );
}
