// Narrowing for values typed `unknown`: caught errors, decoded ABI values, parsed JSON. Each helper
// checks the shape it claims, so no call site needs an unchecked cast; a wrong shape is a clear
// TypeError naming what was expected instead of a silent mis-typed value.

/** The message of a caught value: an Error's message, anything else as text. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The `code` of a Node.js system error (ENOENT, EEXIST, ...), if there is one. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** True for a non-null, non-array object, whose fields can then be read as `unknown`. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(what: string, value: unknown): never {
  throw new TypeError(`expected ${what}, got ${value === null ? 'null' : typeof value}`);
}

/** A decoded ABI `string` / `address` / `bytesN` (ethers returns hex text). */
export function asString(value: unknown): string {
  return typeof value === 'string' ? value : fail('a string', value);
}

/** A decoded ABI integer (ethers returns bigint for every int/uint width). */
export function asBigInt(value: unknown): bigint {
  return typeof value === 'bigint' ? value : fail('a bigint', value);
}

/** A decoded ABI array or tuple (an ethers Result is an Array subclass), as a plain array copy. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? Array.from<unknown>(value) : fail('an array', value);
}

/** A decoded `string[]` / `address[]`. */
export function asStrings(value: unknown): string[] {
  return asArray(value).map(asString);
}

/** BigInt() of a value that BigInt accepts (bigint, number, numeric string, boolean). */
export function toBigInt(value: unknown): bigint {
  if (
    typeof value === 'bigint' ||
    typeof value === 'number' ||
    typeof value === 'string' ||
    typeof value === 'boolean'
  )
    return BigInt(value);
  return fail('an integer', value);
}

/** A caught value as an Error (non-Error throws are wrapped), for rejecting promises with it. */
export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
