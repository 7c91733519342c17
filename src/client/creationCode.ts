// Constructors have no deployed code: a failure (or a debugger step) inside one has a pc in the
// creation (init) code, which is the deploying transaction's input (or the data given to
// CREATE/CREATE2): the compiler's evm.bytecode.object followed by the ABI-encoded constructor
// arguments. So the compilation is found by matching that input's prefix against creation
// bytecode, and the pc is mapped through evm.bytecode.sourceMap. Shared by the SDK's errors, the
// extension's failure locations and the debugger.

import { fromHex, strip0x } from '../protocol/hex';
import { locate, type SourceList, type SourceLocation } from './sourceMap';

/** A library address placeholder in unlinked bytecode: "__$" + 34 hex + "$__" (or the old "__Name___…"). */
const PLACEHOLDER = /__[$A-Za-z0-9_:./-]{36}__/g;

/**
 * Length in hex characters of the CBOR metadata tail of `hex` (its length is the last two bytes),
 * including those two bytes; 0 when the tail does not look like metadata.
 */
export function metadataLength(hex: string): number {
  const body = strip0x(hex);
  if (body.length < 4) return 0;
  const n = parseInt(body.slice(-4), 16);
  const total = n * 2 + 4;
  // CBOR metadata is a map: its first byte is 0xa0..0xbf.
  if (n <= 0 || total >= body.length) return 0;
  const first = parseInt(body.slice(body.length - total, body.length - total + 2), 16);
  return first >= 0xa0 && first <= 0xbf ? total : 0;
}

function sameSegments(input: string, code: string, from: number, to: number): boolean {
  // Placeholders in unlinked code match any address; everything else must be equal.
  let at = from;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(code); m && m.index < to; m = PLACEHOLDER.exec(code)) {
    if (m.index < at) continue;
    if (input.slice(at, m.index) !== code.slice(at, m.index)) return false;
    at = m.index + m[0].length;
  }
  return input.slice(at, to) === code.slice(at, to);
}

/**
 * True when `initCode` (a deploying transaction's input, or CREATE data) starts with the creation
 * `bytecode`: equal except for library placeholders and the trailing CBOR metadata (its hash
 * changes with file paths and compiler settings that do not change the code).
 */
export function matchesCreationCode(initCode: string | Uint8Array, bytecode: string): boolean {
  const input =
    typeof initCode === 'string' ? strip0x(initCode).toLowerCase() : Buffer.from(initCode).toString('hex');
  const code = strip0x(bytecode).toLowerCase();
  if (code.length === 0 || input.length < code.length) return false;
  return sameSegments(input, code, 0, code.length - metadataLength(code));
}

/**
 * The candidate whose creation bytecode `initCode` starts with; the longest wins (a contract whose
 * code is a prefix of another's cannot shadow it).
 */
export function findCreationCode<T extends { bytecode: string }>(
  initCode: string | Uint8Array,
  candidates: Iterable<T>,
): T | undefined {
  let best: T | undefined;
  for (const c of candidates)
    if (
      (best === undefined || c.bytecode.length > best.bytecode.length) &&
      matchesCreationCode(initCode, c.bytecode)
    )
      best = c;
  return best;
}

/**
 * Where `pc` of a creation frame is in the source: the init code's instructions indexed as the
 * compiler's creation source map (evm.bytecode.sourceMap) counts them.
 */
export function locateInCreationCode(
  pc: number,
  initCode: string | Uint8Array,
  creation: { bytecode: string; sourceMap: string },
  sources: SourceList,
): SourceLocation | undefined {
  const bytes = typeof initCode === 'string' ? fromHex(initCode) : initCode;
  // Only the bytecode part holds instructions; the constructor arguments after it are data.
  const code = bytes.subarray(0, strip0x(creation.bytecode).length / 2);
  return locate(pc, code, creation.sourceMap, sources);
}
