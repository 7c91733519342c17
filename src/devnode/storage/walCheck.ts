// Checks RocksDB's write-ahead logs before the store opens. RocksDB recovers with the binding's
// fixed WAL recovery mode, kPointInTimeRecovery (DBImpl::RecoverLogFiles): at the first damaged
// record it stops replaying and drops every later record without an error, then flushes what
// it kept and deletes the logs. A damaged record in the middle of a log would thus silently
// lose acknowledged blocks. This check refuses that case, naming the file and offset; a damaged
// or incomplete tail with nothing intact after it (a write torn by a crash, never acknowledged
// because a write resolves only after its log sync) is left to RocksDB to drop.
//
// Log format (rocksdb db/log_format.h): 32 KiB blocks of records; a header of masked CRC-32C
// (4 bytes, little-endian), length (2) and type (1), 4 more bytes of log number for the
// recyclable types; the CRC covers the type byte through the end of the payload. Fewer than 7
// bytes left in a block are zero padding.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMEDY, StoreDamaged } from './kv';

const BLOCK = 32768;
const HEADER = 7;
const RECYCLABLE = new Set([5, 6, 7, 8, 11]);
const MAX_TYPE = 11;

export function checkWals(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.log$/.test(n));
  } catch {
    return; // no store yet
  }
  names.sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const files = names.map((n) => ({ path: join(dir, n), bytes: readFileSync(join(dir, n)) }));
  for (let f = 0; f < files.length; f++) {
    const { path, bytes } = files[f];
    const bad = firstBadRecord(bytes);
    if (bad === undefined) continue;
    const later = intactAfter(bytes, bad) || files.slice(f + 1).some((g) => hasIntactRecord(g.bytes));
    if (later)
      throw new StoreDamaged(
        `the chain store ${dir} is damaged: its write-ahead log ${path} has a damaged record at offset ${bad} followed by intact ones, which RocksDB would drop with acknowledged writes; ${REMEDY}`,
      );
  }
}

/** Length of the record at `at` if it is intact, else undefined; 0 for zero padding. */
function recordAt(bytes: Buffer, at: number): number | undefined {
  const left = BLOCK - (at % BLOCK);
  if (at + HEADER > bytes.length) return undefined;
  const length = bytes.readUInt16LE(at + 4);
  const type = bytes[at + 6];
  if (type === 0 && length === 0) return 0;
  if (type === 0 || type > MAX_TYPE) return undefined;
  const header = RECYCLABLE.has(type) ? HEADER + 4 : HEADER;
  const end = at + header + length;
  if (header + length > left || end > bytes.length) return undefined;
  const sum = crc32c(bytes, at + 6, end);
  return mask(sum) === bytes.readUInt32LE(at) ? header + length : undefined;
}

/** Offset of the first record that is not intact, or undefined when all are. */
function firstBadRecord(bytes: Buffer): number | undefined {
  let at = 0;
  while (at < bytes.length) {
    const left = BLOCK - (at % BLOCK);
    if (left < HEADER) {
      at += left;
      continue;
    }
    const size = recordAt(bytes, at);
    if (size === undefined) return at;
    // Zero padding (preallocated space) ends the block, as RocksDB's reader treats it.
    at += size === 0 ? left : size;
  }
  return undefined;
}

/** True when some intact record starts after the damaged one at `bad`. */
function intactAfter(bytes: Buffer, bad: number): boolean {
  // Anywhere in the rest of its block (a damaged length field hides where the next one starts).
  const blockEnd = Math.min(bytes.length, (Math.floor(bad / BLOCK) + 1) * BLOCK);
  for (let at = bad + 1; at + HEADER <= blockEnd; at++) if ((recordAt(bytes, at) ?? 0) > 0) return true;
  // Every later block starts with a record (or a fragment of one).
  for (let at = blockEnd; at + HEADER <= bytes.length; at += BLOCK)
    if ((recordAt(bytes, at) ?? 0) > 0) return true;
  return false;
}

function hasIntactRecord(bytes: Buffer): boolean {
  for (let at = 0; at + HEADER <= bytes.length; at += BLOCK) if ((recordAt(bytes, at) ?? 0) > 0) return true;
  return false;
}

/** RocksDB's crc32c::Mask. */
function mask(crc: number): number {
  return (((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0;
}

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32C (Castagnoli) of bytes[from, to). */
export function crc32c(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
