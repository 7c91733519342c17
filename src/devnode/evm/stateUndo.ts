// The undo journal of the dev node's world state (stateManager.ts): one entry per write to the
// block's overlay, replayed backwards to drop a reverted frame or a failed transaction.

import type { Account } from '@ethereumjs/util';

/** An overlay entry: a value, or null for "deleted in this block". */
export type Entry<T> = T | null;
/** A journal's "the overlay had no entry" (distinct from a recorded deletion). */
export const UNSET = Symbol('unset');
export type Prev<T> = Entry<T> | typeof UNSET;

export type Undo =
  | { kind: 'account'; key: string; prev: Prev<Account> }
  | { kind: 'code'; key: string; prev: Prev<Uint8Array> }
  | { kind: 'storage'; key: string; slot: string; prev: Prev<Uint8Array> }
  | { kind: 'clear'; key: string; prev: Map<string, Entry<Uint8Array>> | undefined; wasCleared: boolean };

/** The overlay the journal's entries restore. */
export interface Overlay {
  accounts: Map<string, Entry<Account>>;
  code: Map<string, Entry<Uint8Array>>;
  storage: Map<string, Map<string, Entry<Uint8Array>>>;
  cleared: Set<string>;
}

/** Restores `o` as it was before the journal's entries from `mark` on (newest first). */
export function undoJournal(journal: Undo[], mark: number, o: Overlay): void {
  for (let i = journal.length - 1; i >= mark; i--) {
    const u = journal[i];
    switch (u.kind) {
      case 'account':
        restore(o.accounts, u.key, u.prev);
        break;
      case 'code':
        restore(o.code, u.key, u.prev);
        break;
      case 'storage': {
        const slots = o.storage.get(u.key);
        if (slots !== undefined) restore(slots, u.slot, u.prev);
        break;
      }
      case 'clear':
        if (u.prev === undefined) o.storage.delete(u.key);
        else o.storage.set(u.key, u.prev);
        if (u.wasCleared) o.cleared.add(u.key);
        else o.cleared.delete(u.key);
        break;
    }
  }
}

function restore<T>(map: Map<string, Entry<T>>, key: string, prev: Prev<T>): void {
  if (prev === UNSET) map.delete(key);
  else map.set(key, prev);
}
