// What a trace tells about an account's storage at a step: the slots written (SSTORE, undone
// again when the writing frame reverts) over the storage before the transaction (the devnode's
// `preStorage`; without it, or past its size cap, the slots read before their first write: SLOAD
// leaves the value on the next step's stack); and
// the hashes the code computed (KECCAK256 preimages in memory, results on the next step's stack),
// which name the mapping keys touched and the data slots of dynamic arrays and long strings.

import { keccak256, sm3 } from '../../../protocol/crypto/suite';
import { fromHex } from '../../../protocol/hex';
import type { Trace } from '../../../protocol/rpc/trace';
import { parseWord, wordAt, wordBytes } from './values';

interface Write {
  step: number;
  value: bigint;
  /** The step after which the write is undone (the last step of its reverting frame or its callees). */
  undoneAfter?: number;
}

interface Account {
  writes: Map<bigint, Write[]>;
  /** Value before the transaction, of slots read before any write. */
  before: Map<bigint, bigint>;
  /** The devnode's storage before the transaction; complete: a slot not in it is zero. */
  pre?: { slots: Map<bigint, bigint>; complete: boolean };
}

/** A hash the code computed: its input and result. */
export interface Preimage {
  input: Uint8Array;
  result: bigint;
}

/**
 * For a frame, the step after which its writes are undone: the last step (with its callees') of
 * the innermost failing frame it runs in; undefined when none of them fails.
 */
export function undoSteps(trace: Trace): (frame: number) => number | undefined {
  const lastStep = new Map<number, number>();
  trace.steps.forEach((s, i) => lastStep.set(s.frame, i));
  // A frame ends with its callees (a child's index is above its parent's): a built-in's frame has
  // one step, before the steps of the code it calls.
  for (let f = trace.frames.length - 1; f >= 0; f--) {
    const parent = trace.frames[f].parent;
    const last = lastStep.get(f);
    if (parent >= 0 && last !== undefined && last > (lastStep.get(parent) ?? -1)) lastStep.set(parent, last);
  }
  return (frame) => {
    for (let f = frame; f >= 0; f = trace.frames[f].parent)
      if (trace.frames[f].error !== undefined) return lastStep.get(f);
    return undefined;
  };
}

/** Storage facts of a whole trace, indexed once; queried per step. */
export class TraceStorage {
  private readonly accounts = new Map<string, Account>();
  /** Hash results by base slot (the input's last 32 bytes), for mapping lookups. */
  private readonly byBase = new Map<bigint, Preimage[]>();
  private readonly results = new Map<string, bigint>();
  private sm = false;

  constructor(private readonly trace: Trace) {
    for (const [address, p] of Object.entries(trace.preStorage ?? {})) {
      const slots = new Map<bigint, bigint>();
      for (const [slot, value] of Object.entries(p.slots)) slots.set(parseWord(slot), parseWord(value));
      this.account(address).pre = { slots, complete: p.complete };
    }
    const undoneAfter = undoSteps(trace);
    const steps = trace.steps;
    /** Each frame's memory as of the step being read (snapshots only come when it changed). */
    const memory = new Map<number, string>();
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      if (s.memory !== undefined) memory.set(s.frame, s.memory);
      if (s.op !== 'SSTORE' && s.op !== 'SLOAD' && s.op !== 'KECCAK256' && s.op !== 'SHA3') continue;
      const address = trace.frames[s.frame]?.address;
      if (address === undefined) continue;
      const next = steps[i + 1];
      const result =
        next !== undefined && next.frame === s.frame && next.stack.length > 0
          ? parseWord(next.stack[next.stack.length - 1])
          : undefined;
      const top = (k: number) => parseWord(s.stack[s.stack.length - 1 - k] ?? '0x');
      if (s.op === 'SSTORE' && s.storage !== undefined) {
        const slot = parseWord(s.storage[0]);
        const a = this.account(address);
        const list = a.writes.get(slot) ?? [];
        list.push({ step: i, value: parseWord(s.storage[1]), undoneAfter: undoneAfter(s.frame) });
        a.writes.set(slot, list);
      } else if (s.op === 'SLOAD' && result !== undefined && s.stack.length > 0) {
        const slot = top(0);
        const a = this.account(address);
        if (!a.writes.has(slot) && !a.before.has(slot)) a.before.set(slot, result);
      } else if ((s.op === 'KECCAK256' || s.op === 'SHA3') && result !== undefined && s.stack.length > 1) {
        const offset = Number(top(0));
        const size = Number(top(1));
        if (size > 4096 || offset > 1 << 24) continue;
        const hex = (memory.get(s.frame) ?? '0x').slice(2 + offset * 2, 2 + (offset + size) * 2);
        const input = new Uint8Array(size);
        input.set(fromHex('0x' + hex));
        this.remember({ input, result });
      }
    }
  }

  private account(address: string): Account {
    let a = this.accounts.get(address);
    if (a === undefined) {
      a = { writes: new Map(), before: new Map() };
      this.accounts.set(address, a);
    }
    return a;
  }

  private remember(p: Preimage): void {
    const key = Buffer.from(p.input).toString('hex');
    if (this.results.has(key)) return;
    this.results.set(key, p.result);
    // SM chains hash with SM3 in the EVM too: tell by the first result seen.
    if (this.results.size === 1)
      this.sm = parseWord('0x' + Buffer.from(keccak256(p.input)).toString('hex')) !== p.result;
    if (p.input.length >= 32) {
      const base = wordAt(p.input, p.input.length - 32);
      const list = this.byBase.get(base) ?? [];
      list.push(p);
      this.byBase.set(base, list);
    }
  }

  /** The storage of `address` as it is at `step`. */
  at(address: string, step: number): StorageAt {
    return new StorageAt(this, this.accounts.get(address), step);
  }

  /** Hash of a slot number (the data slot of dynamic arrays and long strings). */
  hashSlot(slot: bigint): bigint {
    const input = wordBytes(slot);
    const seen = this.results.get(Buffer.from(input).toString('hex'));
    if (seen !== undefined) return seen;
    const h = this.sm ? sm3(input) : keccak256(input);
    return parseWord('0x' + Buffer.from(h).toString('hex'));
  }

  /** Hashes whose input ends with `base` (a mapping's slot): keys and their value slots. */
  keysOf(base: bigint): { key: Uint8Array; slot: bigint }[] {
    return (this.byBase.get(base) ?? []).map((p) => ({
      key: p.input.subarray(0, p.input.length - 32),
      slot: p.result,
    }));
  }
}

export class StorageAt {
  constructor(
    readonly trace: TraceStorage,
    private readonly account: Account | undefined,
    private readonly step: number,
  ) {}

  /** The slot's value at this step, or undefined when the transaction never touched it before. */
  value(slot: bigint): bigint | undefined {
    const writes = this.account?.writes.get(slot);
    if (writes !== undefined)
      for (let k = writes.length - 1; k >= 0; k--) {
        const w = writes[k];
        if (w.step <= this.step && (w.undoneAfter === undefined || this.step <= w.undoneAfter))
          return w.value;
      }
    const pre = this.account?.pre;
    return (
      pre?.slots.get(slot) ?? this.account?.before.get(slot) ?? (pre?.complete === true ? 0n : undefined)
    );
  }
}
