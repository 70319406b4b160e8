// The history import part of the fan's settings: Spotify lets OpenPie read only the last 50 plays, so a
// new fan's pie starts full when they upload the data export Spotify sends them. The files are read in the browser
// (JSON, or the ZIP as Spotify sends it), sent in chunks one after another, and the totals shown at the end.
import { useId, useRef, useState, type DragEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatCount, formatPlays } from '../../../lib/format';
import { importHistoryChunk } from '../api/import-history';
import type { ExportContents, ExportSource } from '../lib/export-files';
import { runImport, type ImportOutcome, type ImportProgress } from '../lib/run-import';
import '../history-import.css';

// fflate and the record schemas load only when a fan picks files.
const loadExportReader = () => import('../lib/export-files');

export const historyImportText = {
  title: 'Import your Spotify history',
  lead: 'Spotify lets OpenPie read only your last 50 plays. Upload your Spotify data export to bring in the last 13 months of your listening, for your history and reports. A pie counts only the plays of its own period; until it has some, /pie forecasts it from your last 30 days.',
  chooseFiles: 'Choose export files',
  dropHint: 'Pick the ZIP Spotify sent you, or the JSON files inside it. You can also drop them here.',
  progressLabel: 'Import progress',
  cancel: 'Cancel import',
  readFailed: 'We could not read those files. Please try again.',
  nothingToSend: 'None of these files holds Spotify listening history, so nothing was sent.',
} as const;

const formatLabels: Readonly<Record<ExportSource, string>> = {
  'spotify-account-data': 'Account data',
  'spotify-extended': 'Extended streaming history',
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'sending'; contents: ExportContents; progress: ImportProgress }
  | { kind: 'finished'; contents: ExportContents; outcome: ImportOutcome | null }
  | { kind: 'failed'; message: string };

/** What happened to the plays the server does not keep: `3 plays are older than 13 months and were not kept`. */
export function describeTooOld(tooOld: number): string {
  return tooOld === 1
    ? '1 play is older than 13 months and was not kept'
    : `${formatCount(tooOld)} plays are older than 13 months and were not kept`;
}

/** What happened to impossible plays: `2 plays were refused: …`. */
export function describeRefusedPlays(refused: number): string {
  const which = refused === 1 ? '1 play was refused' : `${formatCount(refused)} plays were refused`;
  return `${which}: a play cannot end in the future, last over 3 hours, or add more than 24 hours of listening to one day`;
}

/** The words for a refused chunk: the server's message, and the first field it named. */
export function describeImportFailure(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong while sending your history.';
  const [field] = Object.entries(error.fields);
  return field ? `${error.message} (${field[0]}: ${field[1]})` : error.message;
}

/** The status line screen readers hear as the import moves on. */
export function describePhase(phase: Phase): string {
  switch (phase.kind) {
    case 'idle':
      return '';
    case 'reading':
      return `Reading ${phase.fileName}…`;
    case 'sending':
      return `Sending your history: ${formatCount(phase.progress.sentRecords)} of ${formatPlays(phase.progress.totalRecords)} sent.`;
    case 'failed':
      return phase.message;
    case 'finished': {
      const { outcome } = phase;
      if (!outcome) return historyImportText.nothingToSend;
      const { sentRecords, totalRecords } = outcome.progress;
      if (outcome.kind === 'done')
        return `Import finished: ${formatPlays(totalRecords)} read from your files.`;
      if (outcome.kind === 'cancelled') {
        return `Import cancelled after ${formatCount(sentRecords)} of ${formatPlays(totalRecords)}. Plays sent so far are kept; sending the same files again is safe.`;
      }
      const kept =
        sentRecords === 0
          ? 'Nothing from this upload was saved.'
          : `The first ${formatCount(sentRecords)} of ${formatPlays(totalRecords)} were sent and kept; nothing after them was sent.`;
      return `Import stopped. OpenPie answered: ${outcome.message} ${kept} Sending the same files again is safe: plays already imported are counted once.`;
    }
  }
}

export function HistoryImportSection() {
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const busy = phase.kind === 'reading' || phase.kind === 'sending';

  const importFiles = async (files: readonly File[]) => {
    if (files.length === 0 || busy) return;
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'reading', fileName: files[0]?.name ?? '' });
    try {
      const { readExportFiles, planImportChunks } = await loadExportReader();
      const contents = await readExportFiles(files, (fileName) => setPhase({ kind: 'reading', fileName }));
      const chunks = planImportChunks(contents.listening);
      if (chunks.length === 0) {
        setPhase({ kind: 'finished', contents, outcome: null });
        return;
      }
      const outcome = await runImport({
        chunks,
        send: importHistoryChunk,
        signal: abort.signal,
        describeFailure: describeImportFailure,
        onProgress: (progress) => setPhase({ kind: 'sending', contents, progress }),
      });
      setPhase({ kind: 'finished', contents, outcome });
    } catch {
      setPhase({ kind: 'failed', message: historyImportText.readFailed });
    } finally {
      controller.current = null;
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void importFiles([...event.dataTransfer.files]);
  };

  const contents = phase.kind === 'sending' || phase.kind === 'finished' ? phase.contents : null;
  const progress =
    phase.kind === 'sending'
      ? phase.progress
      : phase.kind === 'finished'
        ? phase.outcome?.progress
        : undefined;
  const outcome = phase.kind === 'finished' ? phase.outcome : null;
  const refused = outcome?.kind === 'refused' || phase.kind === 'failed';

  return (
    <section className="history-import" aria-labelledby="history-import-title">
      <h2 id="history-import-title" className="history-import__title">
        {historyImportText.title}
      </h2>
      <p className="history-import__lead">{historyImportText.lead}</p>
      <div className="history-import__how">
        <h3 className="history-import__subtitle">Where to get your export</h3>
        <p>
          Sign in on Spotify&apos;s{' '}
          <a href="https://www.spotify.com/account/privacy/" rel="noreferrer">
            Account privacy
          </a>{' '}
          page and, under &lsquo;Download your data&rsquo;, ask for your <strong>Account data</strong> (about
          a year of listening, ready in a few days) or your <strong>Extended streaming history</strong> (all
          of it, ready in up to 30 days). Spotify e-mails you a link to a ZIP file: upload it here as it is.
        </p>
      </div>
      <div
        className={`history-import__drop${dragging ? ' history-import__drop--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="history-import__label">
          {historyImportText.chooseFiles}
        </label>
        <input
          id={inputId}
          className="history-import__input"
          type="file"
          multiple
          accept=".json,.zip,application/json,application/zip"
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Cleared so choosing the same files again (a second import) fires a change.
            event.currentTarget.value = '';
            void importFiles(files);
          }}
        />
        <p id={`${inputId}-hint`} className="history-import__hint">
          {historyImportText.dropHint}
        </p>
      </div>

      <div className="history-import__status">
        {progress ? (
          <div className="history-import__progress">
            <label htmlFor={`${inputId}-progress`}>{historyImportText.progressLabel}</label>
            <progress
              id={`${inputId}-progress`}
              max={Math.max(progress.totalRecords, 1)}
              value={progress.sentRecords}
            >
              {formatCount(progress.sentRecords)} of {formatCount(progress.totalRecords)}
            </progress>
          </div>
        ) : null}
        {/* The status region is there from the start, so screen readers hear every change of its text. */}
        <p className="history-import__message" role="status">
          {refused ? '' : describePhase(phase)}
        </p>
        {refused ? (
          <p className="history-import__message history-import__message--error" role="alert">
            {describePhase(phase)}
          </p>
        ) : null}
        {busy ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => controller.current?.abort()}
          >
            {historyImportText.cancel}
          </button>
        ) : null}
      </div>

      {progress && (phase.kind === 'finished' || progress.sentRecords > 0) ? (
        <dl className="history-import__totals" aria-label="Import totals">
          <div>
            <dt>Imported</dt>
            <dd>{formatCount(progress.totals.imported)}</dd>
          </div>
          <div>
            <dt>Already imported</dt>
            <dd>{formatCount(progress.totals.duplicates)}</dd>
          </div>
          <div>
            <dt>Not counted</dt>
            <dd>{formatCount(progress.totals.ignored)}</dd>
          </div>
        </dl>
      ) : null}
      {progress && progress.totals.tooOld > 0 ? (
        <p className="history-import__too-old">{describeTooOld(progress.totals.tooOld)}</p>
      ) : null}
      {progress && progress.totals.refused > 0 ? (
        <p className="history-import__too-old">{describeRefusedPlays(progress.totals.refused)}</p>
      ) : null}
      {progress ? (
        <p className="history-import__note">
          Not counted: plays under 30 seconds, podcasts and audiobooks, and rows without an artist.
        </p>
      ) : null}

      {contents && (contents.listening.length > 0 || contents.unreadable.length > 0) ? (
        <ul className="history-import__files" aria-label="Files read">
          {contents.listening.map((file, index) => (
            <li key={`listening-${index}`}>
              <span className="history-import__file-name">{file.name}</span>
              <span className="history-import__file-detail">
                {formatLabels[file.source]} · {formatPlays(file.records.length)}
              </span>
            </li>
          ))}
          {contents.unreadable.map((file, index) => (
            <li key={`unreadable-${index}`} className="history-import__file--unreadable">
              <span className="history-import__file-name">{file.name}</span>
              <span className="history-import__file-detail">Not sent: {file.reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {contents && contents.skipped.length > 0 ? (
        <p className="history-import__note">
          {contents.skipped.length === 1
            ? '1 other file in the ZIP holds no music listening and was skipped.'
            : `${formatCount(contents.skipped.length)} other files in the ZIP (playlists, library, podcasts, videos…) hold no music listening and were skipped.`}
        </p>
      ) : null}
    </section>
  );
}
