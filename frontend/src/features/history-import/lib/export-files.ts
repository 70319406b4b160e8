// Reads the files of a fan's Spotify data export in the browser: plain JSON files, or the ZIP Spotify sends. Each
// listening file's format is told from the shape of its records and checked with the same schemas the server uses,
// so a file the server would refuse is reported here instead of sent. Loaded on demand: fflate and the schemas stay
// out of the fan area's chunk until a fan picks files.
import { unzipSync } from 'fflate';
import * as z from 'zod/mini';
import {
  accountDataRecordSchema,
  extendedRecordSchema,
  importBatchLimit,
  type AccountDataRecord,
  type ExtendedRecord,
  type HistoryImport,
} from '@contracts/listening';
import { bodyLimitBytes } from '@contracts/routes';

export type ExportSource = HistoryImport['source'];
export type ExportRecord = AccountDataRecord | ExtendedRecord;

/** One listening file ready to send: where it came from, its format and its records as the schemas read them. */
export interface ListeningFile {
  /** The file's name, or `archive.zip › inner/name.json` for a file inside a ZIP. */
  name: string;
  source: ExportSource;
  records: ExportRecord[];
}

/** A file the fan chose that holds nothing to send, and why, in words for the fan. */
export interface UnreadableFile {
  name: string;
  reason: string;
}

export interface ExportContents {
  listening: ListeningFile[];
  unreadable: UnreadableFile[];
  /** Files inside ZIPs that are no listening history (playlists, library, podcasts, videos…), skipped quietly. */
  skipped: string[];
}

export type FormatDetection =
  { kind: 'listening'; source: ExportSource; records: ExportRecord[] } | { kind: 'other'; reason: string };

export const unreadableReasons = {
  notJson: 'This file is not a JSON file we can read.',
  notListening:
    'This file is not a Spotify listening history (we look for StreamingHistory… or Streaming_History_Audio… files).',
  empty: 'This file holds no plays.',
  unsupportedType: 'Choose the .json files or the .zip file of your Spotify data export.',
  noListeningInZip: 'This ZIP holds no Spotify listening history files.',
  unreadableZip: 'This ZIP file could not be opened. Download it again from Spotify and retry.',
} as const;

const isRecordObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The export a record looks like, from the fields only that export has; undefined for anything else. */
function guessSource(record: Record<string, unknown>): ExportSource | undefined {
  if ('endTime' in record && 'msPlayed' in record && 'artistName' in record) return 'spotify-account-data';
  if ('ts' in record && 'ms_played' in record) return 'spotify-extended';
  return undefined;
}

const schemaOf = {
  'spotify-account-data': accountDataRecordSchema,
  'spotify-extended': extendedRecordSchema,
} as const;

/**
 * Tells the format of a parsed JSON file from its records and validates every record with the shared schema. Only
 * the fields the schema knows, and that have a value, are kept: the fan's IP address, device and country never
 * leave the browser.
 */
export function detectExportFormat(value: unknown): FormatDetection {
  if (!Array.isArray(value)) return { kind: 'other', reason: unreadableReasons.notListening };
  if (value.length === 0) return { kind: 'other', reason: unreadableReasons.empty };
  const first: unknown = value[0];
  const source = isRecordObject(first) ? guessSource(first) : undefined;
  if (!source) return { kind: 'other', reason: unreadableReasons.notListening };
  const parsed = z.array(schemaOf[source]).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const position = typeof issue?.path[0] === 'number' ? issue.path[0] + 1 : undefined;
    const field = issue?.path.slice(1).join('.');
    return {
      kind: 'other',
      reason:
        `This looks like a Spotify listening history, but record ${position ?? '?'}` +
        `${field ? ` (${field})` : ''} is not as Spotify writes it: ${issue?.message ?? 'unreadable'}.`,
    };
  }
  return { kind: 'listening', source, records: parsed.data.map(dropEmptyFields) };
}

/** The schemas accept a missing field for a null one: leaving them out keeps a chunk about a quarter smaller. */
function dropEmptyFields<T extends object>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as T;
}

function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    // A byte order mark, which JSON.parse refuses, never gets here: TextDecoder drops it.
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// Video history has the extended records' shape but never a music play; the account-data podcast file has no
// `artistName`, so its shape already keeps it out.
const skippedInZip = /(^|\/)Streaming_History_Video[^/]*\.json$/i;
const isJsonName = (name: string) => name.toLowerCase().endsWith('.json');
const isZipName = (name: string) => name.toLowerCase().endsWith('.zip');
const isZipBytes = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

async function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** Lets the page paint between files, so a big export does not freeze the status line. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function readZip(zipName: string, bytes: Uint8Array, contents: ExportContents): void {
  const names: string[] = [];
  try {
    // A filter that keeps nothing lists the entries without inflating any of them.
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch {
    contents.unreadable.push({ name: zipName, reason: unreadableReasons.unreadableZip });
    return;
  }
  const decoder = new TextDecoder();
  let found = 0;
  for (const name of names) {
    const label = `${zipName} › ${name}`;
    if (name.endsWith('/')) continue;
    if (!isJsonName(name) || skippedInZip.test(name)) {
      contents.skipped.push(label);
      continue;
    }
    // One entry at a time, so the export is never inflated all at once.
    const entry = unzipSync(bytes, { filter: (candidate) => candidate.name === name })[name];
    const parsed = entry ? parseJsonText(decoder.decode(entry)) : { ok: false as const };
    const detection = parsed.ok
      ? detectExportFormat(parsed.value)
      : { kind: 'other' as const, reason: unreadableReasons.notJson };
    if (detection.kind === 'listening') {
      found += 1;
      contents.listening.push({ name: label, source: detection.source, records: detection.records });
    } else if (
      detection.reason === unreadableReasons.notListening ||
      detection.reason === unreadableReasons.empty
    ) {
      // The export's other JSON files (playlists, library, search queries…) are expected: not worth a warning.
      contents.skipped.push(label);
    } else {
      contents.unreadable.push({ name: label, reason: detection.reason });
    }
  }
  if (found === 0 && !contents.unreadable.some((file) => file.name.startsWith(`${zipName} › `))) {
    contents.unreadable.push({ name: zipName, reason: unreadableReasons.noListeningInZip });
  }
}

/** Reads every file the fan chose, one after another, and sorts them into listening, unreadable and skipped. */
export async function readExportFiles(
  files: readonly File[],
  onFile: (name: string) => void = () => undefined,
): Promise<ExportContents> {
  const contents: ExportContents = { listening: [], unreadable: [], skipped: [] };
  for (const file of files) {
    onFile(file.name);
    await yieldToPage();
    if (!isJsonName(file.name) && !isZipName(file.name)) {
      contents.unreadable.push({ name: file.name, reason: unreadableReasons.unsupportedType });
      continue;
    }
    const bytes = await readBytes(file);
    if (isZipBytes(bytes)) {
      readZip(file.name, bytes, contents);
      continue;
    }
    const parsed = parseJsonText(new TextDecoder().decode(bytes));
    const detection = parsed.ok
      ? detectExportFormat(parsed.value)
      : { kind: 'other' as const, reason: unreadableReasons.notJson };
    if (detection.kind === 'listening') {
      contents.listening.push({ name: file.name, source: detection.source, records: detection.records });
    } else {
      contents.unreadable.push({ name: file.name, reason: detection.reason });
    }
  }
  return contents;
}

/** One request's worth of records: a single format, at most `importBatchLimit` records and `maxBytes` of JSON. */
export interface ImportChunk {
  source: ExportSource;
  records: ExportRecord[];
  /** The UTF-8 size of the request body this chunk makes. */
  bytes: number;
}

export interface ChunkLimits {
  maxRecords: number;
  maxBytes: number;
}

/**
 * Half the server's import body limit: the records as the browser measures them fit well under it whatever the
 * names' lengths, and a refused 413 never wastes a fan's upload.
 */
export const importChunkLimits: ChunkLimits = {
  maxRecords: importBatchLimit,
  maxBytes: Math.floor(bodyLimitBytes.import / 2),
};

/** The bytes of `{"source":"…","records":[]}` around the records. */
const envelopeBytes = (source: ExportSource) => JSON.stringify({ source, records: [] }).length;

/**
 * Packs the listening files into requests, one format per request: records keep their order, files of one format
 * share requests, and a request closes when the next record would pass either limit.
 */
export function planImportChunks(
  files: readonly ListeningFile[],
  limits: ChunkLimits = importChunkLimits,
): ImportChunk[] {
  const encoder = new TextEncoder();
  const chunks: ImportChunk[] = [];
  for (const source of ['spotify-account-data', 'spotify-extended'] as const) {
    let current: ImportChunk | undefined;
    for (const file of files) {
      if (file.source !== source) continue;
      for (const record of file.records) {
        // Each record after the first adds a comma.
        const size = encoder.encode(JSON.stringify(record)).length;
        const fits =
          current !== undefined &&
          current.records.length < limits.maxRecords &&
          current.bytes + 1 + size <= limits.maxBytes;
        if (current && fits) {
          current.records.push(record);
          current.bytes += 1 + size;
        } else {
          current = { source, records: [record], bytes: envelopeBytes(source) + size };
          chunks.push(current);
        }
      }
    }
  }
  return chunks;
}
