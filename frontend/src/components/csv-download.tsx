// A staff table's "Download CSV" button: while the rows are gathered (every page of the filter on screen) it says so
// and cannot be pressed again; then it hands the file to the browser and says how many rows it holds, or why it could
// not be made. Other downloads of staff's screens (the finances' journal) keep their state the same way.
import { useState } from 'react';
import { downloadTextFile } from '../lib/download-text-file';
import { describeLoadError } from './load-failure';
import './csv-download.css';

/** The CSV's text and how many rows it holds (the header not counted). */
export interface PreparedCsv {
  text: string;
  rows: number;
}

/**
 * A download's state: whether it runs, and the line saying how far it got, what it did, or why it failed (the
 * server's message, else `failed`). `run` takes the work, which may report its progress and returns what it did.
 */
export function useDownloadStatus(failed: string) {
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });

  const run = async (work: (progress: (message: string) => void) => Promise<string>) => {
    setState({ busy: true, message: '' });
    try {
      const message = await work((progress) => setState({ busy: true, message: progress }));
      setState({ busy: false, message });
    } catch (error) {
      setState({ busy: false, message: describeLoadError(error, failed) });
    }
  };

  return { ...state, run };
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
  const state = useDownloadStatus('We could not make the CSV.');

  const download = () =>
    state.run(async () => {
      const csv = await prepare();
      downloadTextFile(fileName, csv.text);
      return `Downloaded ${csv.rows} ${csv.rows === 1 ? 'row' : 'rows'}.`;
    });

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
