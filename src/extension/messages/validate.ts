// Small runtime checks for messages crossing the webview boundary (both directions). A message
// that fails validation is dropped and reported, never acted on.

export type Check<T> = (v: unknown) => v is T;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
export const isHex = (v: unknown): v is string => isString(v) && /^0x[0-9a-fA-F]*$/.test(v);
export const isAddressText = (v: unknown): v is string => isString(v) && /^0x[0-9a-fA-F]{40}$/.test(v);
export const isSelector = (v: unknown): v is string => isString(v) && /^0x[0-9a-fA-F]{8}$/.test(v);

/** Checks `v` is a record with `type === t` and every listed field passing its check. */
export function shape<T>(
  v: unknown,
  t: string,
  fields: Record<string, (x: unknown) => boolean>,
  optional: Record<string, (x: unknown) => boolean> = {},
): v is T {
  if (!isRecord(v) || v.type !== t) return false;
  for (const [k, check] of Object.entries(fields)) if (!check(v[k])) return false;
  for (const [k, check] of Object.entries(optional)) if (v[k] !== undefined && !check(v[k])) return false;
  return true;
}
