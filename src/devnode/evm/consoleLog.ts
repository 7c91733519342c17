// console.log on the devnode: a static call to CONSOLE_ADDRESS carries selector ‖ ABI-encoded
// arguments of a console.sol function; the devnode decodes it into a line of text (formatted as
// Hardhat does: util.format over the arguments, so "%s" and "%d" in a first string work) and
// returns success with no output, as an address without code would.

import { format } from 'node:util';
import { AbiCoder } from 'ethers';
import { keccak256 } from '../../protocol/crypto/suite';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { toHex, utf8Encode } from '../../protocol/hex';
import { toChecksumAddress } from '../../protocol/address';
import { CONSOLE_ADDRESS, consoleSignatures, consoleSignatureSpellings } from '../../protocol/consoleLog';

export const CONSOLE_ADDRESS_LOWER = CONSOLE_ADDRESS.toLowerCase();

const coder = AbiCoder.defaultAbiCoder();
const tables = new Map<boolean, Map<string, string[]>>();

/** selector (hex0x) → parameter types, for keccak selectors and, on SM chains, SM3 ones. */
function table(suite: CryptoSuite): Map<string, string[]> {
  let t = tables.get(suite.sm);
  if (t) return t;
  t = new Map();
  for (const s of consoleSignatures()) {
    for (const text of consoleSignatureSpellings(s)) {
      t.set(toHex(keccak256(utf8Encode(text)).subarray(0, 4)), s.params);
      if (suite.sm) t.set(toHex(suite.hash(utf8Encode(text)).subarray(0, 4)), s.params);
    }
  }
  tables.set(suite.sm, t);
  return t;
}

/** bigints as decimal text; addresses checksummed with the chain hash (as the chain prints them). */
function show(value: unknown, type: string, suite: CryptoSuite): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (type === 'address' && typeof value === 'string') return toChecksumAddress(value.toLowerCase(), suite);
  return value;
}

/** The printed line of a console.log payload, or undefined when it is not one. */
export function decodeConsoleLog(data: Uint8Array, suite: CryptoSuite): string | undefined {
  if (data.length < 4) return undefined;
  const params = table(suite).get(toHex(data.subarray(0, 4)));
  if (!params) return undefined;
  try {
    const values = coder
      .decode(params, data.subarray(4))
      .toArray()
      .map((x, i) => show(x, params[i], suite));
    if (params.length === 1 && params[0].startsWith('bytes')) return String(values[0]);
    return format(...values);
  } catch {
    return undefined;
  }
}
