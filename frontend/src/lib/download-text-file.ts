// Hands a text to the person as a file the browser saves (nothing is opened): a receipt the browser built, a
// statement the server wrote.
export function downloadTextFile(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte order mark, so a spreadsheet reads names and descriptions as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
