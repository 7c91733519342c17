// Nonces used by the last `blockLimit` committed blocks, as the txpool's ledger nonce checker
// keeps them: a transaction reusing one of them is rejected with NonceCheckFail. Kept per block
// so that sliding the window costs the size of one block, not a scan.

export class NonceWindow {
  private readonly counts = new Map<string, number>();
  private readonly byBlock = new Map<number, string[]>();

  constructor(private readonly span: number) {}

  has(nonce: string): boolean {
    return this.counts.has(nonce);
  }

  /** Records the nonces of committed block `number` and forgets blocks that left the window. */
  add(number: number, nonces: string[]): void {
    this.byBlock.set(number, nonces);
    for (const n of nonces) this.counts.set(n, (this.counts.get(n) ?? 0) + 1);
    const expired = number - this.span;
    const old = this.byBlock.get(expired);
    if (old === undefined) return;
    this.byBlock.delete(expired);
    for (const n of old) {
      const c = (this.counts.get(n) ?? 1) - 1;
      if (c <= 0) this.counts.delete(n);
      else this.counts.set(n, c);
    }
  }
}
