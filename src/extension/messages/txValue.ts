// The value a transaction carries (version-1 transactions, moved only with feature_balance), as
// the call form and the deploy prompts take it: an amount and a unit. The units and their factors
// are the Java SDK's (transaction/tools/Convert.java, Convert.Unit). Pure code shared by the
// webview and the host, so both refuse the same inputs with the same words.

import { errorMessage } from '../../protocol/unknownValues';

export const VALUE_UNITS = [
  'wei',
  'kwei',
  'mwei',
  'gwei',
  'szabo',
  'finney',
  'ether',
  'kether',
  'mether',
  'gether',
] as const;
export type ValueUnit = (typeof VALUE_UNITS)[number];

const DECIMALS: Record<ValueUnit, number> = {
  wei: 0,
  kwei: 3,
  mwei: 6,
  gwei: 9,
  szabo: 12,
  finney: 15,
  ether: 18,
  kether: 21,
  mether: 24,
  gether: 27,
};

export const isValueUnit = (v: unknown): v is ValueUnit =>
  typeof v === 'string' && (VALUE_UNITS as readonly string[]).includes(v);

/** A transaction's value field is a uint256 on the chain. */
const MAX = (1n << 256n) - 1n;

/**
 * The amount in wei; '' is 0. Throws an Error that says what to type when the text is not a
 * non-negative number, is not a whole number of wei, or does not fit in 256 bits.
 */
export function parseValue(text: string, unit: ValueUnit = 'wei'): bigint {
  const t = text.trim().replace(/_/g, '');
  if (t === '') return 0n;
  if (!isValueUnit(unit))
    throw new Error(`Unknown value unit "${String(unit)}": use ${VALUE_UNITS.join(', ')}.`);
  if (t.startsWith('-')) throw new Error(`Value must not be negative (got ${text.trim()}).`);
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m)
    throw new Error(
      `Value must be a non-negative whole number of ${unit} (got "${text.trim()}"), e.g. 1000.`,
    );
  const places = DECIMALS[unit];
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > places)
    throw new Error(
      unit === 'wei'
        ? `Value must be a whole number of wei (got ${text.trim()}): wei is the smallest unit.`
        : `${text.trim()} ${unit} is not a whole number of wei: use at most ${places} decimal places.`,
    );
  const wei = BigInt(m[1] + fraction.padEnd(places, '0'));
  if (wei > MAX) throw new Error(`Value ${text.trim()} ${unit} is larger than a uint256 can hold.`);
  return wei;
}

/**
 * The problem with a value input, or '' when it is fine (for validation as you type); given the
 * function it goes to, also the refusal of a non-zero value for one that is not payable.
 */
export function valueProblem(
  text: string,
  unit: ValueUnit,
  fn?: { signature: string; payable: boolean },
): string {
  try {
    const wei = parseValue(text, unit);
    return fn ? valueRefusal(fn, wei) : '';
  } catch (err) {
    return errorMessage(err);
  }
}

/** Why a non-zero value cannot go to this function, or '' when it can. */
export function valueRefusal(fn: { signature: string; payable: boolean }, wei: bigint): string {
  if (wei === 0n || fn.payable) return '';
  return `${fn.signature} is not payable: a transaction carrying value to it reverts (Solidity refuses value for functions not marked payable). Set the value to 0, or mark the function payable.`;
}

/** "1500 wei" or "1500000000000000000 wei (1.5 ether)" for results and confirmations. */
export function formatValue(wei: bigint): string {
  if (wei < 10n ** 9n) return `${wei} wei`;
  const unit: ValueUnit = wei >= 10n ** 15n ? 'ether' : 'gwei';
  const places = DECIMALS[unit];
  const s = wei.toString().padStart(places + 1, '0');
  const whole = s.slice(0, -places);
  const fraction = s.slice(-places).replace(/0+$/, '');
  return `${wei} wei (${whole}${fraction ? `.${fraction}` : ''} ${unit})`;
}

/** "1000", "1000 wei" or "1.5 gwei" (one input box): the amount in wei; the unit defaults to wei. */
export function parseValueText(text: string): bigint {
  const m = /^\s*(\S*)\s*([A-Za-z]*)\s*$/.exec(text);
  if (!m)
    throw new Error(`Enter an amount and an optional unit, e.g. 1000 or 1.5 gwei (got "${text.trim()}").`);
  const unit = (m[2] || 'wei').toLowerCase();
  if (!isValueUnit(unit)) throw new Error(`Unknown value unit "${m[2]}": use ${VALUE_UNITS.join(', ')}.`);
  return parseValue(m[1], unit);
}
