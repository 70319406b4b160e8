// How the product writes an amount of money for people (mails, receipts): US dollars from whole cents. Pure, so a
// service that mails an amount needs nothing else of the module that first wrote it (the pie receipt).

/** `$12.34` of whole cents (the product is in US dollars). */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
