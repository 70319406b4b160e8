// `expand[]`: replaces an id by its object along a dotted path (`latest_charge.balance_transaction`,
// `payments.data.payment.payment_intent`, `data.customer` on lists). Unknown paths are refused as Stripe does.
import type { SandboxCore } from './core';
import { invalidRequest } from './errors';

type Json = unknown;

export function applyExpand(core: SandboxCore, value: Json, paths: string[]): Json {
  if (paths.length === 0) return value;
  // The stored objects stay unexpanded: expand a copy.
  const copy: Json = JSON.parse(JSON.stringify(value));
  for (const path of paths) {
    if (path.split('.').length > 4) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    if (!expandPath(core, copy, path.split('.'))) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    }
  }
  return copy;
}

function expandPath(core: SandboxCore, holder: Json, segments: string[]): boolean {
  if (Array.isArray(holder)) return holder.every((item) => expandPath(core, item, segments));
  if (!isRecord(holder)) return false;
  const [head = '', ...rest] = segments;
  if (!(head in holder)) return false;
  let value = holder[head];
  if (typeof value === 'string') {
    const found = core.findAny(value);
    if (!found) return false;
    value = JSON.parse(JSON.stringify(found)) as Json;
    holder[head] = value;
  } else if (value === null) {
    return true;
  }
  if (rest.length === 0) return true;
  return expandPath(core, value, rest);
}

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null;
}
