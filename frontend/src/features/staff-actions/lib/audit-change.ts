// What a staff action changed, as people read it: the fields whose value differs between the state before and the
// state after, each as "field: before → after" (the CSV keeps both states whole).

export interface FieldChange {
  /** The field's name; empty when the state is one value rather than fields. */
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value in words: text as it is, nothing as "none", anything else as compact JSON. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields that changed, in the order they first appear; fields equal before and after are left out. */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  if (!isFields(before) && !isFields(after)) {
    return describeValue(before) === describeValue(after)
      ? []
      : [{ field: '', before: describeValue(before), after: describeValue(after) }];
  }
  const was: Fields = isFields(before) ? before : {};
  const is: Fields = isFields(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(is[field] ?? null))
    .map((field) => ({ field, before: describeValue(was[field]), after: describeValue(is[field]) }));
}
