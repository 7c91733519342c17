// k·G for a fixed generator with a byte-wise comb: table[w][b] = b·256^w·G, so k·G is the sum of
// 32 table entries — one point addition per byte of k, always 32 additions (zero bytes add the
// identity), and every entry of a window is touched when selecting. @noble/curves v2's
// `multiply` blinds the scalar with 128 extra bits and uses 6-bit windows (~64 additions);
// this halves the work of signing (secp256k1 and SM2), which the SDK and dev node do a lot.
// The table (8192 points) is built on first use (~30 ms).

import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';

type P = WeierstrassPoint<bigint>;

export class FixedBaseMultiplier {
  private table: P[][] | undefined;

  constructor(
    private readonly base: P,
    private readonly zero: P,
    private readonly order: bigint,
  ) {}

  private build(): P[][] {
    const windows: P[][] = [];
    let g = this.base;
    for (let w = 0; w < 32; w++) {
      const row: P[] = [this.zero];
      let acc = g;
      for (let b = 1; b < 256; b++) {
        row.push(acc);
        acc = acc.add(g);
      }
      windows.push(row);
      g = acc; // 256·g
    }
    return windows;
  }

  /** k·G for 1 ≤ k < n (a secret scalar). */
  multiply(k: bigint): P {
    if (k <= 0n || k >= this.order) throw new RangeError('fixed-base multiply: scalar out of range');
    const table = (this.table ??= this.build());
    let acc = this.zero;
    let rest = k;
    for (let w = 0; w < 32; w++) {
      const digit = Number(rest & 0xffn);
      rest >>= 8n;
      const row = table[w];
      // Touch the whole row so the access pattern does not depend on the digit.
      let sel = row[0];
      for (let i = 1; i < 256; i++) if (i === digit) sel = row[i];
      acc = acc.add(sel);
    }
    return acc;
  }

  /** k·G for a public scalar (signature verification): direct lookups, zero bytes skipped. */
  multiplyUnsafe(k: bigint): P {
    if (k <= 0n || k >= this.order) throw new RangeError('fixed-base multiply: scalar out of range');
    const table = (this.table ??= this.build());
    let acc = this.zero;
    let rest = k;
    for (let w = 0; rest > 0n; w++) {
      const digit = Number(rest & 0xffn);
      rest >>= 8n;
      if (digit !== 0) acc = acc.add(table[w][digit]);
    }
    return acc;
  }
}
