// Dollars typed by a person, read as whole cents without floating point: "12", "12.5", "12.50", "$1,234.05".

/** Whole cents of a typed dollar amount, or null when it is not one (more than 2 decimals, letters, empty). */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** A new id for one give-back the person confirms: a retry of the same confirmation sends it again. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
