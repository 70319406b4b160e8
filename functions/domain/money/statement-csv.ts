// The office statement's CSV (decision 030), pure: RFC 4180 fields (quoted when they hold a comma,
// a quote or a line break; a leading =, +, - or @ of anything but a number is prefixed with ' so a spreadsheet never
// runs it as a formula),
// CRLF lines, amounts as dollars with two decimals written from whole cents without floating point.

/** `-12.34` from -1234 cents. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the rows, each a list of fields, as one CSV document ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const statementKindWords: Readonly<Record<string, string>> = {
  'escrow-release': "Fans' money released to the office",
  'give-back': 'Given back to fans',
  payout: 'Payout requested',
  reversal: 'Correction (reversed)',
  transfer: 'Transfer',
  'transfer-reversal': 'Transfer reversed',
};

/** The words of a ledger kind on a statement line; the kind itself for one without words. */
export function describeStatementKind(kind: string): string {
  return statementKindWords[kind] ?? kind;
}
