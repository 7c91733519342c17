// @ethereumjs/evm's Journal keys warm addresses and slots by their unprefixed hex, converting the
// address and the slot on every isWarmedStorage and addWarmedStorage (SLOAD asks once or twice,
// SSTORE twice), and the address on every isWarmedAddress and addWarmedAddress. These are the
// same methods over the same maps, with the conversions remembered by identity: a frame hands the
// same address bytes for all its slots, and a handler asks about one key array twice in a row;
// neither is changed after. Best effort: a journal whose members differ is left alone.

import { toHex } from '../../protocol/hex';
import { slotKey } from './stateKeys';

type Slots = Map<string, Set<string>>;

interface JournalInternals {
  journal: Slots;
  alwaysWarmJournal: Slots;
  journalDiff: [number, [Set<string>, Slots, Set<string>]][];
  accessList?: Slots;
  addWarmedAddress(address: Uint8Array): void;
  isWarmedAddress(address: Uint8Array): boolean;
  isWarmedStorage(address: Uint8Array, slot: Uint8Array): boolean;
  addWarmedStorage(address: Uint8Array, slot: Uint8Array): void;
}

function isJournal(j: object): j is JournalInternals {
  return (
    'journal' in j &&
    j.journal instanceof Map &&
    'alwaysWarmJournal' in j &&
    j.alwaysWarmJournal instanceof Map &&
    'journalDiff' in j &&
    Array.isArray(j.journalDiff) &&
    'addWarmedAddress' in j &&
    typeof j.addWarmedAddress === 'function' &&
    'isWarmedAddress' in j &&
    typeof j.isWarmedAddress === 'function' &&
    'isWarmedStorage' in j &&
    typeof j.isWarmedStorage === 'function' &&
    'addWarmedStorage' in j &&
    typeof j.addWarmedStorage === 'function'
  );
}

/** Replaces the journal's isWarmedStorage and addWarmedStorage on this instance. */
export function installJournalKeys(journal: object): void {
  if (!isJournal(journal)) return;
  const addresses = new WeakMap<Uint8Array, string>();
  const addressHex = (a: Uint8Array) => {
    let h = addresses.get(a);
    if (h === undefined) {
      h = toHex(a, false);
      addresses.set(a, h);
    }
    return h;
  };
  // The state's conversion (stateKeys.ts): SLOAD hands the journal and the state one key array.
  const slotHex = slotKey;
  // The address methods convert with @ethereumjs/util's bytesToUnprefixedHex, a JS loop whose
  // string of one cons cell per byte is flattened at the map lookup: 1-2% of a `call`, whose
  // first SLOAD warms the contract (addWarmedStorage → addWarmedAddress).
  journal.isWarmedAddress = function (this: JournalInternals, address) {
    const a = addressHex(address);
    return this.journal.has(a) || this.alwaysWarmJournal.has(a);
  };
  journal.addWarmedAddress = function (this: JournalInternals, address) {
    const a = addressHex(address);
    if (!this.journal.has(a)) {
      this.journal.set(a, new Set());
      this.journalDiff[this.journalDiff.length - 1][1][0].add(a);
    }
    if (this.accessList !== undefined && !this.accessList.has(a)) this.accessList.set(a, new Set());
  };
  journal.isWarmedStorage = function (this: JournalInternals, address, slot) {
    const a = addressHex(address);
    const slots = this.journal.get(a);
    if (slots !== undefined && slots.has(slotHex(slot))) return true;
    return this.alwaysWarmJournal.get(a)?.has(slotHex(slot)) ?? false;
  };
  journal.addWarmedStorage = function (this: JournalInternals, address, slot) {
    const a = addressHex(address);
    let slots = this.journal.get(a);
    if (slots === undefined) {
      this.addWarmedAddress(address);
      slots = this.journal.get(a)!;
    }
    const s = slotHex(slot);
    if (!slots.has(s)) {
      slots.add(s);
      const changed = this.journalDiff[this.journalDiff.length - 1][1][1];
      let set = changed.get(a);
      if (set === undefined) {
        set = new Set();
        changed.set(a, set);
      }
      set.add(s);
    }
    this.accessList?.get(a)?.add(s);
  };
}
