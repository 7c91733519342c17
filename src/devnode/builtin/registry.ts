// The precompile map handed to the core. Fixed addresses are ordinary entries; table contracts
// (created at run time by TableManager) are found through the chain's TableStore, which the
// registry is bound to at genesis, so `get(address)` also answers for them. Iteration (keys,
// values) lists only the fixed entries.

import { bareAddress } from './precompiled-base';
import { isNormalizedAddress } from '../../protocol/address';
import { tableContractAt } from './table-contracts';
import type { Precompiled, TableStore } from './types';

function normalize(address: string): string {
  // The executor asks with normalized text: the same string back (its hash is kept).
  if (isNormalizedAddress(address)) return address;
  return '0x' + bareAddress(address).padStart(40, '0');
}

export class BuiltinRegistry extends Map<string, Precompiled> {
  private store: TableStore | undefined;
  /** Built-ins that exist only while a condition on the chain's state holds (0x1011). */
  private readonly gated = new Map<string, { p: Precompiled; enabled: (store: TableStore) => boolean }>();

  /** Registers a built-in that answers only while `enabled(store)`; not listed by iteration. */
  setGated(precompiled: Precompiled, enabled: (store: TableStore) => boolean): void {
    this.gated.set(normalize(precompiled.address), { p: precompiled, enabled });
  }

  /** Binds the chain's store (called from genesis) so table contracts can be resolved. */
  bind(store: TableStore): void {
    this.store = store;
  }

  override set(address: string, precompiled: Precompiled): this {
    return super.set(normalize(address), precompiled);
  }

  override get(address: string): Precompiled | undefined {
    if (typeof address !== 'string') return undefined;
    const key = normalize(address);
    const fixed = super.get(key);
    if (fixed) return fixed;
    const gate = this.gated.get(key);
    if (gate) return this.store && gate.enabled(this.store) ? gate.p : undefined;
    return this.store && tableContractAt(this.store, address);
  }

  override has(address: string): boolean {
    return this.get(address) !== undefined;
  }
}
