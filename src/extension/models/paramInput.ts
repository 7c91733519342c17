// One parameter of the call form, entered either with its structured editor (a field per struct
// member, text for scalars) or as raw JSON: the per-parameter toggle switches between the two and
// carries the value across. Parsing and validation here are the same rules the host applies
// (coerce, abiArgs.ts) before encoding. Pure, no DOM; unit-tested.

import { ParamType } from 'ethers';
import { coerce, type ParamLike } from './abiArgs';
import { errorMessage } from '../../protocol/unknownValues';

/** Dotted path of a parameter for messages: `s.tags`, `list`, `arg0`. */
export function paramLabel(p: ParamLike, index: number, parent?: string): string {
  const own = p.name || (parent ? String(index) : `arg${index}`);
  return parent ? `${parent}.${own}` : own;
}

/** Raw JSON text of a value as the structured editor holds it (strings stay JSON strings). */
export function rawTextOf(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, (_k, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
}

/** Parses the raw JSON typed for one parameter and checks it against the type; errors name the path. */
export function parseRawParam(p: ParamLike, text: string, label: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || 'null');
  } catch (err) {
    throw new Error(`${label}: not valid JSON (${errorMessage(err)}).`, { cause: err });
  }
  checkParam(p, value, label);
  return value;
}

/** Throws the host's message when the value does not fit the type. */
export function checkParam(p: ParamLike, value: unknown, label: string): void {
  coerce(ParamType.from(p), value, label);
}

/** The message to show under a parameter, or '' when the value fits. */
export function paramProblem(p: ParamLike, read: () => unknown, label: string): string {
  try {
    checkParam(p, read(), label);
    return '';
  } catch (err) {
    return errorMessage(err);
  }
}
