// Stripe's request encoding: `application/x-www-form-urlencoded` with nested keys (`a[b][0][c]=x`, `expand[]=y`),
// the same in a GET's query and a POST's body. Values stay strings; each resource reads them with `params.ts`.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = splitKey(name);
    if (path.length > 0) assign(root, path, value);
  }
  return root;
}

/** `a[b][0][]` → ['a', 'b', '0', '']; a name without brackets is one segment. */
function splitKey(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return name ? [name] : [];
  const segments = [name.slice(0, open)];
  for (const match of name.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head = '', ...rest] = path;
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (!Number.isInteger(index) || index < 0 || index > 10_000) return;
    if (rest.length === 0) {
      target[index] = value;
      return;
    }
    const child = target[index];
    const container = isContainer(child) ? child : createContainer(rest[0] ?? '');
    target[index] = container;
    assign(container, rest, value);
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const container = isContainer(child) ? child : createContainer(rest[0] ?? '');
  target[head] = container;
  assign(container, rest, value);
}

function isContainer(value: FormValue | undefined): value is FormObject | FormValue[] {
  return typeof value === 'object';
}

/** `[]` and `[0]` make arrays; any other key makes an object. */
function createContainer(nextKey: string): FormObject | FormValue[] {
  return nextKey === '' || /^\d+$/.test(nextKey) ? [] : {};
}
