// EVM world state (accounts, code, storage) with an undo journal, read through from the chain's
// key-value store (storage/kv.ts). Writes of the block being built stay in an overlay until
// `flushInto` hands them to the block's commit; reads that miss the overlay go to a bounded
// cache, then to the store, so memory does not grow with the state.
// @ethereumjs's SimpleStateManager copies every map on each checkpoint (O(state) per call frame);
// this one records undo entries instead, so a checkpoint costs O(1) and a revert O(writes).

/* eslint-disable @typescript-eslint/require-await -- StateManagerInterface is async by contract; this state answers synchronously */
import { Account, createAccountFromRLP, type Address } from '@ethereumjs/util';
import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { MemoryKv, type KvBatch, type KvStore } from '../storage/kv';
import { BoundedCache, type CacheStats } from '../storage/boundedCache';
import { BoundedPairCache } from '../storage/boundedPairCache';
import {
  ACCOUNT_CACHE,
  CODE_CACHE,
  SLOT_CACHE,
  accountKey,
  addressKey,
  cloneAccount,
  sameAccount,
  codeKey,
  slotKey,
  slotPrefix,
} from './stateKeys';
import { UNSET, undoJournal, type Entry, type Prev, type Undo } from './stateUndo';

const VIRTUAL_CODE = new Uint8Array(1);
const EMPTY = new Uint8Array(0);
const KECCAK256_NULL = keccak_256(EMPTY);

export class JournaledStateManager implements StateManagerInterface {
  private readonly accounts = new Map<string, Entry<Account>>();
  private readonly code = new Map<string, Entry<Uint8Array>>();
  private readonly storage = new Map<string, Map<string, Entry<Uint8Array>>>();
  /** Addresses whose stored slots were wiped in this block (only overlay slots count). */
  private readonly cleared = new Set<string>();
  // Read caches, bounded by count and by an estimate of their bytes (stateKeys.ts).
  private readonly accountCache = new BoundedCache<string, Entry<Account>>(ACCOUNT_CACHE);
  /** Slots read, by address and slot (no joined key to hash per read). */
  private readonly cache = new BoundedPairCache<Entry<Uint8Array>>(SLOT_CACHE);
  private readonly codeCache = new BoundedCache<string, Entry<Uint8Array>>(CODE_CACHE);
  private journal: Undo[] = [];
  private readonly marks: number[] = [];
  /**
   * Values of slots at the start of the current transaction (EIP-2200 gas metering), by address
   * and slot: both keys are strings made once (stateKeys.ts), whose hashes V8 keeps.
   */
  private readonly originals = new Map<string, Map<string, Uint8Array>>();

  constructor(private readonly kv: KvStore = new MemoryKv()) {}

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> =>
      this.originalStorageSync(address, key),
    clear: (): void => {
      this.originals.clear();
    },
  };

  /** originalStorageCache.get without a promise: the EVM's SSTORE reads through it (fastStorageOps.ts). */
  originalStorageSync(address: Address, key: Uint8Array): Uint8Array {
    const addr = addressKey(address);
    const slot = slotKey(key);
    let slots = this.originals.get(addr);
    if (slots === undefined) {
      slots = new Map();
      this.originals.set(addr, slots);
    }
    let v = slots.get(slot);
    if (v === undefined) {
      v = this.readStorage(addr, slot);
      slots.set(slot, v);
    }
    return v;
  }

  // ---- reads through overlay, cache and store ---------------------------------------------

  private account(key: string): Account | undefined {
    const o = this.accounts.get(key);
    if (o !== undefined) return o ?? undefined;
    // Cached by the address text itself: the EVM's addresses map to the same string objects
    // (addressKey), whose hash V8 keeps; a store key made per read is hashed afresh each time.
    let c = this.accountCache.get(key);
    if (c === undefined) {
      const bytes = this.kv.get(accountKey(key));
      c = bytes === undefined ? null : createAccountFromRLP(bytes);
      this.accountCache.set(key, c);
    }
    return c ?? undefined;
  }

  private storedCode(key: string): Uint8Array | undefined {
    const o = this.code.get(key);
    if (o !== undefined) return o ?? undefined;
    let c = this.codeCache.get(key);
    if (c === undefined) {
      c = this.kv.get(codeKey(key)) ?? null;
      this.codeCache.set(key, c);
    }
    return c ?? undefined;
  }

  private readStorage(address: string, slot: string): Uint8Array {
    const o = this.storage.get(address)?.get(slot);
    if (o !== undefined) return o ?? EMPTY;
    if (this.cleared.has(address)) return EMPTY;
    let c = this.cache.get(address, slot);
    if (c === undefined) {
      c = this.kv.get(this.storeKey(address, slot)) ?? null;
      this.cache.set(address, slot, c);
    }
    return c ?? EMPTY;
  }

  private lastStore = { address: '', slot: '', key: '' };

  /**
   * S/<address>/<slot>, the same string object for the same pair in a row (SSTORE reads the
   * current and the original value): a string's hash is computed once per object.
   */
  private storeKey(address: string, slot: string): string {
    const last = this.lastStore;
    if (last.address === address && last.slot === slot) return last.key;
    const key = slotPrefix(address) + slot;
    this.lastStore = { address, slot, key };
    return key;
  }

  private hasStoredSlots(address: string): boolean {
    const slots = this.storage.get(address);
    if (slots !== undefined) for (const v of slots.values()) if (v !== null) return true;
    return !this.cleared.has(address) && this.kv.hasPrefix(slotPrefix(address));
  }

  // ---- StateManagerInterface --------------------------------------------------------------

  async getAccount(address: Address): Promise<Account | undefined> {
    return this.getAccountSync(address);
  }

  /** getAccount without a promise (fastStorageOps.ts's SSTORE). */
  getAccountSync(address: Address): Account | undefined {
    const a = this.account(addressKey(address));
    return a === undefined ? undefined : cloneAccount(a);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    const key = addressKey(address);
    // A transaction's top frame writes the caller's and the callee's accounts back unchanged
    // (its value transfer of 0): an unchanged account needs no undo entry and no write at commit.
    if (account !== undefined) {
      const current = this.account(key);
      if (current !== undefined && sameAccount(current, account)) return;
    }
    this.record({ kind: 'account', key, prev: this.prev(this.accounts, key) });
    this.accounts.set(key, account === undefined ? null : cloneAccount(account));
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = addressKey(address);
    this.record({ kind: 'account', key, prev: this.prev(this.accounts, key) });
    this.accounts.set(key, null);
    this.record({ kind: 'code', key, prev: this.prev(this.code, key) });
    this.code.set(key, null);
    await this.clearStorage(address);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.storageRoot !== undefined) account.storageRoot = fields.storageRoot;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    if (fields.codeSize !== undefined) account.codeSize = fields.codeSize;
    await this.putAccount(address, account);
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const key = addressKey(address);
    this.record({ kind: 'code', key, prev: this.prev(this.code, key) });
    this.code.set(key, value);
    // An empty code keeps the empty-code hash ethereumjs tests accounts against.
    const codeHash = value.length === 0 ? KECCAK256_NULL : this.codeHash(value);
    await this.modifyAccountFields(address, { codeHash, codeSize: value.length });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const key = addressKey(address);
    const code = this.codeAt(key);
    // EXTCODESIZE reads the length of getCode: built-ins report size 1, as the node's EVM host
    // does (HostContext codeSizeAt), so Solidity < 0.8.10's extcodesize guard passes. The EVM
    // never runs this byte: precompiles are resolved before code is loaded.
    return code.length === 0 && this.hasVirtualCode(key) ? VIRTUAL_CODE : code;
  }

  async getCodeSize(address: Address): Promise<number> {
    const key = addressKey(address);
    const size = this.codeAt(key).length;
    // Built-in contracts have no bytecode but must pass Solidity's extcodesize guard.
    return size === 0 && this.hasVirtualCode(key) ? 1 : size;
  }

  /** The hash EXTCODEHASH reports: the node stores H(code) with the chain's hash (SM3 on SM chains). */
  codeHash: (code: Uint8Array) => Uint8Array = keccak_256;

  /** Says which code-less addresses ("0x" + 40 lowercase hex) still report a code size. */
  hasVirtualCode: (address: string) => boolean = () => false;

  /**
   * Code the node stores for accounts that run natively (table contracts keep a marker
   * string as their code); looked up only when the account has no EVM bytecode.
   */
  storedMarker: (address: string) => Uint8Array | undefined = () => undefined;

  /** Synchronous code lookup by "0x"-prefixed lowercase address. */
  codeAt(address: string): Uint8Array {
    return this.storedCode(address) ?? this.storedMarker(address) ?? EMPTY;
  }

  /**
   * The account's non-zero slots (slot hex → value) as the state has them now, at most `max`
   * (`complete` false when there are more), for the debugger's view of storage before a traced
   * transaction. `address` is "0x"-prefixed lowercase.
   */
  storageSlots(address: string, max: number): { slots: Map<string, Uint8Array>; complete: boolean } {
    const slots = new Map<string, Uint8Array>();
    const overlay = this.storage.get(address);
    let complete = true;
    const add = (slot: string, v: Uint8Array) => {
      if (v.length === 0 || v.every((b) => b === 0)) return;
      if (slots.size >= max) complete = false;
      else slots.set(slot, v);
    };
    if (overlay !== undefined) for (const [slot, v] of overlay) if (v !== null) add(slot, v);
    if (!this.cleared.has(address)) {
      const prefix = slotPrefix(address);
      for (const k of this.kv.keys(prefix)) {
        if (!complete) break;
        const slot = k.slice(prefix.length);
        if (overlay?.has(slot) !== true) add(slot, this.readStorage(address, slot));
      }
    }
    return { slots, complete };
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.readStorage(addressKey(address), slotKey(key));
  }

  /** getStorage without a promise: the EVM's SLOAD reads through it (fastWordOps.ts). */
  getStorageSync(address: Address, key: Uint8Array): Uint8Array {
    return this.readStorage(addressKey(address), slotKey(key));
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.putStorageSync(address, key, value);
  }

  /** putStorage without a promise (fastStorageOps.ts's SSTORE). */
  putStorageSync(address: Address, key: Uint8Array, value: Uint8Array): void {
    const addr = addressKey(address);
    const slot = slotKey(key);
    let slots = this.storage.get(addr);
    if (slots === undefined) {
      slots = new Map();
      this.record({ kind: 'clear', key: addr, prev: undefined, wasCleared: this.cleared.has(addr) });
      this.storage.set(addr, slots);
    }
    this.record({ kind: 'storage', key: addr, slot, prev: this.prev(slots, slot) });
    if (value.length === 0 || value.every((b) => b === 0)) slots.set(slot, null);
    else slots.set(slot, value.slice());
  }

  async clearStorage(address: Address): Promise<void> {
    const key = addressKey(address);
    if (!this.hasStoredSlots(key)) return;
    this.record({ kind: 'clear', key, prev: this.storage.get(key), wasCleared: this.cleared.has(key) });
    this.storage.set(key, new Map());
    this.cleared.add(key);
  }

  async checkpoint(): Promise<void> {
    this.marks.push(this.journal.length);
  }

  async commit(): Promise<void> {
    // Undo entries stay until settle(): a committed frame can still be dropped with its tx.
    this.marks.pop();
  }

  async revert(): Promise<void> {
    const mark = this.marks.pop() ?? 0;
    this.undoTo(mark);
  }

  /** Position in the journal, for dropping everything a failed transaction wrote. */
  mark(): number {
    return this.journal.length;
  }

  /** Undoes every write after `mark` and forgets open checkpoints above it. */
  undoTo(mark: number): void {
    const { accounts, code, storage, cleared } = this;
    undoJournal(this.journal, mark, { accounts, code, storage, cleared });
    this.journal.length = mark;
    while (this.marks.length > 0 && this.marks[this.marks.length - 1] > mark) this.marks.pop();
  }

  /** Drops the undo log once a transaction is final (no open checkpoints). */
  settle(): void {
    if (this.marks.length === 0) this.journal = [];
    this.originals.clear();
  }

  /** The read caches against their bounds. */
  cacheStats(): Record<string, CacheStats> {
    return { accounts: this.accountCache.stats(), slots: this.cache.stats(), code: this.codeCache.stats() };
  }

  /** Moves the block's writes into `batch` (and the read cache); the overlay starts empty. */
  flushInto(batch: KvBatch): void {
    for (const [key, a] of this.accounts) {
      batch.puts.set(accountKey(key), a === null ? null : a.serialize());
      this.accountCache.set(key, a);
    }
    for (const [key, c] of this.code) {
      batch.puts.set(codeKey(key), c);
      this.codeCache.set(key, c);
    }
    for (const key of this.cleared) {
      batch.clear.push(slotPrefix(key));
      this.cache.deleteGroup(key);
    }
    for (const [key, slots] of this.storage) {
      for (const [slot, v] of slots) {
        const k = slotPrefix(key) + slot;
        batch.puts.set(k, v);
        this.cache.set(key, slot, v);
      }
    }
    this.accounts.clear();
    this.code.clear();
    this.storage.clear();
    this.cleared.clear();
    this.journal = [];
  }

  private prev<T>(map: Map<string, Entry<T>>, key: string): Prev<T> {
    const v = map.get(key);
    return v === undefined ? UNSET : v;
  }

  private record(u: Undo): void {
    this.journal.push(u);
  }

  // State roots: the dev node derives its own stateRoot from the block contents (any 32 bytes
  // are allowed), so the trie-root API is not used.
  async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32);
  }
  async setStateRoot(): Promise<void> {
    throw new Error('setStateRoot is not supported by the dev node state');
  }
  async hasStateRoot(): Promise<boolean> {
    return false;
  }
  clearCaches(): void {}
  shallowCopy(): StateManagerInterface {
    throw new Error('shallowCopy is not supported by the dev node state');
  }
}
