// EVM world state (accounts, code, storage) kept in memory with an undo journal.
// @ethereumjs's SimpleStateManager copies every map on each checkpoint (O(state) per call frame);
// this one records undo entries instead, so a checkpoint costs O(1) and a revert O(writes).

/* eslint-disable @typescript-eslint/require-await -- StateManagerInterface is async; this in-memory
   implementation answers at once, and `async` keeps a thrown error a rejection as the EVM expects. */

import { Account, type Address } from '@ethereumjs/util';
import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { keccak_256 } from '@noble/hashes/sha3.js';

type Undo =
  | { kind: 'account'; key: string; prev: Account | undefined }
  | { kind: 'code'; key: string; prev: Uint8Array | undefined }
  | { kind: 'storage'; key: string; slot: string; prev: Uint8Array | undefined }
  | { kind: 'clear'; key: string; prev: Map<string, Uint8Array> | undefined };

const EMPTY = new Uint8Array(0);
const KECCAK256_NULL = keccak_256(EMPTY);

function cloneAccount(a: Account): Account {
  return new Account(a._nonce, a._balance, a._storageRoot, a._codeHash, a._codeSize, a._version);
}

function slotKey(key: Uint8Array): string {
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('hex');
}

export class JournaledStateManager implements StateManagerInterface {
  private readonly accounts = new Map<string, Account>();
  private readonly code = new Map<string, Uint8Array>();
  private readonly storage = new Map<string, Map<string, Uint8Array>>();
  private journal: Undo[] = [];
  private readonly marks: number[] = [];
  /** Values of slots at the start of the current transaction (EIP-2200 gas metering). */
  private originals = new Map<string, Uint8Array>();

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const id = address.toString() + ':' + slotKey(key);
      let v = this.originals.get(id);
      if (v === undefined) {
        v = this.readStorage(address.toString(), slotKey(key));
        this.originals.set(id, v);
      }
      return v;
    },
    clear: (): void => {
      this.originals = new Map();
    },
  };

  async getAccount(address: Address): Promise<Account | undefined> {
    const a = this.accounts.get(address.toString());
    return a === undefined ? undefined : cloneAccount(a);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    const key = address.toString();
    this.record({ kind: 'account', key, prev: this.accounts.get(key) });
    if (account === undefined) this.accounts.delete(key);
    else this.accounts.set(key, cloneAccount(account));
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = address.toString();
    this.record({ kind: 'account', key, prev: this.accounts.get(key) });
    this.accounts.delete(key);
    this.record({ kind: 'code', key, prev: this.code.get(key) });
    this.code.delete(key);
    this.record({ kind: 'clear', key, prev: this.storage.get(key) });
    this.storage.delete(key);
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
    const key = address.toString();
    this.record({ kind: 'code', key, prev: this.code.get(key) });
    this.code.set(key, value);
    // An empty code keeps the empty-code hash ethereumjs tests accounts against.
    const codeHash = value.length === 0 ? KECCAK256_NULL : this.codeHash(value);
    await this.modifyAccountFields(address, { codeHash, codeSize: value.length });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    return this.codeAt(address.toString());
  }

  async getCodeSize(address: Address): Promise<number> {
    const key = address.toString();
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
    return this.code.get(address) ?? this.storedMarker(address) ?? EMPTY;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.readStorage(address.toString(), slotKey(key));
  }

  private readStorage(address: string, slot: string): Uint8Array {
    return this.storage.get(address)?.get(slot) ?? EMPTY;
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const addr = address.toString();
    const slot = slotKey(key);
    let slots = this.storage.get(addr);
    if (slots === undefined) {
      slots = new Map();
      this.record({ kind: 'clear', key: addr, prev: undefined });
      this.storage.set(addr, slots);
    }
    this.record({ kind: 'storage', key: addr, slot, prev: slots.get(slot) });
    if (value.length === 0 || value.every((b) => b === 0)) slots.delete(slot);
    else slots.set(slot, value.slice());
  }

  async clearStorage(address: Address): Promise<void> {
    const key = address.toString();
    const prev = this.storage.get(key);
    if (prev === undefined) return;
    this.record({ kind: 'clear', key, prev });
    this.storage.delete(key);
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
    for (let i = this.journal.length - 1; i >= mark; i--) {
      const u = this.journal[i];
      switch (u.kind) {
        case 'account':
          if (u.prev === undefined) this.accounts.delete(u.key);
          else this.accounts.set(u.key, u.prev);
          break;
        case 'code':
          if (u.prev === undefined) this.code.delete(u.key);
          else this.code.set(u.key, u.prev);
          break;
        case 'storage': {
          const slots = this.storage.get(u.key);
          if (slots === undefined) break;
          if (u.prev === undefined) slots.delete(u.slot);
          else slots.set(u.slot, u.prev);
          break;
        }
        case 'clear':
          if (u.prev === undefined) this.storage.delete(u.key);
          else this.storage.set(u.key, u.prev);
          break;
      }
    }
    this.journal.length = mark;
    while (this.marks.length > 0 && this.marks[this.marks.length - 1] > mark) this.marks.pop();
  }

  /** Drops the undo log once a transaction is final (no open checkpoints). */
  settle(): void {
    if (this.marks.length === 0) this.journal = [];
    this.originals = new Map();
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
