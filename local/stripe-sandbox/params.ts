// Reading Stripe's form-decoded parameters with their types, answering Stripe's 400 for a wrong one.
import type { FormObject, FormValue } from './form';
import { invalidRequest, missingParam } from './errors';

export function optionalString(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

export function requireString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: FormObject, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function requireInteger(params: FormObject, name: string): number {
  const value = optionalInteger(params, name);
  if (value === undefined) throw missingParam(name);
  return value;
}

export function optionalBoolean(params: FormObject, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function optionalObject(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash: ${name}`, name);
  return value;
}

export function optionalArray(params: FormObject, name: string): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  // Stripe's encoder sends arrays as `a[0]=…`, which decodes to an array; a single `a=x` is one element.
  if (typeof value === 'string') return [value];
  throw invalidRequest(`Invalid array: ${name}`, name);
}

export function asObject(value: FormValue | undefined, name: string): FormObject {
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash: ${name}`, name);
  return value;
}

/** Stripe metadata: string values only; an empty string unsets a key. */
export function readMetadata(
  params: FormObject,
  previous: Record<string, string> = {},
  name = 'metadata',
): Record<string, string> {
  const given = params[name];
  if (given === undefined) return previous;
  if (given === '') return {};
  const object = asObject(given, name);
  const result = { ...previous };
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid metadata value for ${key}`, `${name}[${key}]`);
    if (value === '') delete result[key];
    else result[key] = value;
  }
  return result;
}

export function readExpand(params: FormObject): string[] {
  const expand = optionalArray(params, 'expand') ?? [];
  return expand.filter((path): path is string => typeof path === 'string');
}
