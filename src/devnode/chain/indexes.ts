// Lookups over the committed chain that the block records alone cannot answer quickly, kept in
// the chain's key-value store next to the blocks: block hash → number (H/), transaction hash →
// position (X/), deployed ABIs (I/), and the nonces of the last block_limit blocks (N/, with
// W/<block> listing a block's nonces so they can be forgotten when it leaves the window).

import { toHex, utf8Decode, utf8Encode } from '../../protocol/hex';
import type { KvBatch, KvStore } from '../storage/kv';
import type { StoredBlock } from './types';

export interface TxLocation {
  block: number;
  index: number;
}

const hex = (b: Uint8Array) => toHex(b, false);
const nonceKey = (nonce: string) => 'N/' + Buffer.from(nonce, 'utf8').toString('hex');
/** Nonces kept in memory for the window's expiry (about 50 bytes each). */
const WINDOW_MEMORY = 100_000;
const windowKey = (n: number) => 'W/' + n.toString(16).padStart(12, '0');

// A big-endian float64 through one scratch array: a DataView over a small array's .buffer
// would move each 8-byte value off the V8 heap.
const scratch = new Float64Array(1);
const scratchBytes = new Uint8Array(scratch.buffer);
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

function u64(x: number): Uint8Array {
  scratch[0] = x;
  const b = new Uint8Array(8);
  for (let i = 0; i < 8; i++) b[i] = scratchBytes[LITTLE_ENDIAN ? 7 - i : i];
  return b;
}

function readU64(b: Uint8Array): number {
  if (b.length < 8) throw new RangeError('Offset is outside the bounds of the DataView');
  for (let i = 0; i < 8; i++) scratchBytes[LITTLE_ENDIAN ? 7 - i : i] = b[i];
  return scratch[0];
}

export class ChainIndexes {
  /** Nonces of blocks committed but not yet written (the batch in flight). */
  private readonly pendingNonces = new Set<string>();
  /**
   * The nonce lists (W/<block>) this process wrote, until their block leaves the window: read
   * back from here rather than decoded from the store when they expire (one per block). At most
   * WINDOW_MEMORY nonces: lists beyond it are read from the store as before.
   */
  private readonly windows = new Map<number, string[]>();
  private windowNonces = 0;
  /**
   * Nonce → the last block that used it, for the nonces of the lists in `windows` (and kept up
   * to date for them by later blocks): what its N/ record holds, known without reading it.
   */
  private readonly latest = new Map<string, number>();
  /**
   * The last block whose nonces may be missing from `latest` (blocks before this process's
   * first commit, or a list beyond the memory bound). Once it has left the window, a nonce
   * `latest` does not know was used by no block within it: the check needs no store read (a
   * point read of an absent key, which at a million transactions goes through every level).
   */
  private uncoveredUpTo = Infinity;

  constructor(
    private readonly kv: KvStore,
    /** block_limit: how many recent blocks' nonces are remembered. */
    private readonly span: number,
    /** Most nonces kept in memory for the window's expiry (tests vary it). */
    private readonly windowMemory = WINDOW_MEMORY,
  ) {}

  /** Adds the index entries of a committed block to `batch`. */
  add(block: StoredBlock, nonces: string[], abis: ReadonlyMap<string, string>, batch: KvBatch): void {
    const n = block.header.blockNumber;
    // Blocks before the first one this process commits are known from the store only.
    if (this.uncoveredUpTo === Infinity) this.uncoveredUpTo = n - 1;
    batch.puts.set('H/' + hex(block.hash), u64(n));
    block.transactions.forEach((t, index) => batch.puts.set('X/' + hex(t.hash), u64(n * 2 ** 24 + index)));
    for (const [address, abi] of abis) batch.puts.set('I/' + address, utf8Encode(abi));
    if (n === 0) return;
    const keep = this.windowNonces + nonces.length <= this.windowMemory;
    for (const nonce of nonces) {
      batch.puts.set(nonceKey(nonce), u64(n));
      this.pendingNonces.add(nonce);
      if (keep || this.latest.has(nonce)) this.latest.set(nonce, n);
    }
    batch.puts.set(windowKey(n), utf8Encode(JSON.stringify(nonces)));
    if (keep) {
      this.windows.set(n, nonces);
      this.windowNonces += nonces.length;
    } else this.uncoveredUpTo = n;
    const expired = n - this.span;
    const kept = this.windows.get(expired);
    let listed: unknown = kept;
    if (kept !== undefined) {
      this.windows.delete(expired);
      this.windowNonces -= kept.length;
    } else {
      // Written before this process started (or block 0's, which has none).
      const old = expired > 0 ? this.kv.get(windowKey(expired)) : undefined;
      if (old !== undefined) listed = JSON.parse(utf8Decode(old));
    }
    if (listed !== undefined) {
      batch.puts.set(windowKey(expired), null);
      const fresh = new Set(nonces);
      for (const nonce of Array.isArray(listed) ? listed : []) {
        if (typeof nonce !== 'string') continue;
        // A nonce reused after leaving the window belongs to the newer block now.
        if (!fresh.has(nonce) && this.nonceBlock(nonce) === expired) {
          batch.puts.set(nonceKey(nonce), null);
          this.latest.delete(nonce);
        }
      }
    }
  }

  /** Called once the batch holding the pending nonces is written. */
  written(): void {
    this.pendingNonces.clear();
  }

  /** True when a block within the window used `nonce`. */
  hasNonce(nonce: string, head: number): boolean {
    if (this.pendingNonces.has(nonce)) return true;
    // Block 0 has no nonces, so a chain this process started from genesis is covered at once.
    if (!this.latest.has(nonce) && this.uncoveredUpTo <= Math.max(0, head - this.span)) return false;
    const m = this.nonceBlock(nonce);
    return m !== undefined && m > head - this.span;
  }

  blockNumberOf(hash: Uint8Array): number | undefined {
    const b = this.kv.get('H/' + hex(hash));
    return b === undefined ? undefined : readU64(b);
  }

  transaction(hash: Uint8Array): TxLocation | undefined {
    const b = this.kv.get('X/' + hex(hash));
    if (b === undefined) return undefined;
    const at = readU64(b);
    return { block: Math.floor(at / 2 ** 24), index: at % 2 ** 24 };
  }

  /** ABI recorded for a deployed contract ("0x" + 40 lowercase hex), or ''. */
  abi(address: string): string {
    const b = this.kv.get('I/' + address);
    return b === undefined ? '' : utf8Decode(b);
  }

  private nonceBlock(nonce: string): number | undefined {
    const known = this.latest.get(nonce);
    if (known !== undefined) return known;
    const b = this.kv.get(nonceKey(nonce));
    return b === undefined ? undefined : readU64(b);
  }
}
