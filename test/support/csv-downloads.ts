// What a staff table's CSV download handed to the browser: the Blob given to URL.createObjectURL, read back as text
// (the browser's object URLs and the link's click are faked, as jsdom has no downloads), and its file's name.
import { vi } from 'vitest';

export function watchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    texts: () => Promise.all(blobs.map((blob) => blob.text())),
    names: () => [...names],
  };
}

/** The CSV's lines (its byte order mark and last line end dropped). */
export function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}
