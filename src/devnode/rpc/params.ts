// Positional parameter access with jsoncpp's coercions, as bcos-rpc reads `params`:
// string slots take only strings (anything else reads as ""), bool and int slots accept what
// asBool/asInt64 accept and throw jsoncpp's messages otherwise (answered as -32600).

import { JsonNumber, type JsonValue } from './json';
import { formatDouble } from './jsonWrite';
import { stdException, RpcError } from './errors';

const MIN_INT64 = -(1n << 63n);
const MAX_INT64 = (1n << 63n) - 1n;

export class Params {
  constructor(private readonly list: JsonValue[]) {}

  get size(): number {
    return this.list.length;
  }

  raw(i: number): JsonValue {
    return i < this.list.length ? this.list[i] : null;
  }

  /** `toView`: a string, else "". */
  str(i: number): string {
    const v = this.raw(i);
    return typeof v === 'string' ? v : '';
  }

  /** `asBool`: null → false, numbers → != 0, strings/arrays/objects throw. */
  bool(i: number): boolean {
    return asBool(this.raw(i));
  }

  /** `asInt64`: exact for integers, truncated doubles in range, bools as 0/1. */
  int64(i: number): bigint {
    return asInt64(this.raw(i));
  }
}

export function asBool(v: JsonValue): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (v instanceof JsonNumber)
    return v.kind === 'real' ? v.real !== 0 && !Number.isNaN(v.real) : v.int !== 0n;
  throw stdException('Value is not convertible to bool.');
}

export function asInt64(v: JsonValue): bigint {
  if (v === null) return 0n;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (v instanceof JsonNumber) {
    if (v.kind === 'int') return v.int;
    if (v.kind === 'uint') throw stdException('LargestUInt out of Int64 range');
    if (!(v.real >= -(2 ** 63) && v.real <= 2 ** 63))
      // the doubles nearest int64's bounds
      throw stdException('double out of Int64 range');
    const t = BigInt(Math.trunc(v.real));
    return t > MAX_INT64 ? MAX_INT64 : t < MIN_INT64 ? MIN_INT64 : t;
  }
  throw stdException('Value is not convertible to Int64.');
}

/** `asString` (used for the envelope's jsonrpc and method): scalars convert, containers throw. */
export function asString(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof JsonNumber) return v.kind === 'real' ? formatDouble(v.real) : v.int.toString();
  throw new RpcError(0, 'Type is not convertible to string');
}
