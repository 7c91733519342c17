// Step-by-step traces for the devnode's debugger methods (`devnode_debugTrace*`, a devnode
// extension; real FISCO nodes have no trace method). The recorder listens to the EVM's `step`
// event only while a traced run is in progress, so ordinary execution pays nothing.

import type { InterpreterStep, Message } from '@ethereumjs/evm';
import { equalBytes, toHex } from '../../protocol/hex';
import { statusName, TransactionStatus } from '../../protocol/rpc/status';
import type { BuiltinCall, PreStorage, Trace, TraceFrame, TraceStep } from '../../protocol/rpc/trace';

export type { BuiltinCall, PreStorage, Trace, TraceFrame, TraceStep };

/** Most storage slots of one account carried in a trace's `preStorage`. */
export const MAX_PRE_STORAGE_SLOTS = 10_000;

/** An account's stored slots now (slot hex without 0x → value bytes), at most `max`. */
export type StorageDump = (
  address: string,
  max: number,
) => { slots: Map<string, Uint8Array>; complete: boolean };

export interface TraceLimits {
  /** Most steps recorded; more fails the trace with TraceTooLarge. */
  maxSteps: number;
  /** Most bytes of stack and memory snapshots (as hex characters / 2); more fails the trace. */
  maxBytes: number;
}

export const DEFAULT_TRACE_LIMITS: TraceLimits = { maxSteps: 500_000, maxBytes: 256 * 1024 * 1024 };
export const MAX_TRACE_LIMITS: TraceLimits = { maxSteps: 5_000_000, maxBytes: 1024 * 1024 * 1024 };

/** A trace over its limits: the error names the limit and how to raise it. */
export class TraceTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceTooLarge';
  }
}

function shortHex(v: bigint): string {
  return '0x' + v.toString(16);
}

/** The frame an instruction opens. */
const OPENED_BY: Partial<Record<string, TraceFrame['kind']>> = {
  CALL: 'call',
  CALLCODE: 'callcode',
  DELEGATECALL: 'delegatecall',
  STATICCALL: 'staticcall',
  CREATE: 'create',
  CREATE2: 'create',
};

/**
 * A frame's kind from its message alone: a CALL inside a static context reads as a STATICCALL
 * here (the message only says "static"), so frames opened by an instruction use that instead.
 */
function frameKind(m: Message): TraceFrame['kind'] {
  if (m.to === undefined) return 'create';
  if (m.delegatecall) return 'delegatecall';
  if (m.isStatic) return 'staticcall';
  // CALLCODE runs another account's code on the caller's own account.
  if (!m.to.equals(m.codeAddress)) return 'callcode';
  return 'call';
}

export class TraceRecorder {
  readonly trace: Trace = { steps: [], frames: [], codes: {} };
  /** Set once a limit is passed; recording stops and finish() throws. */
  private exceeded: string | undefined;
  private bytes = 0;
  private readonly open: number[] = [];
  private readonly lastMemory = new Map<number, Uint8Array>();

  constructor(
    private readonly limits: TraceLimits,
    /** The code an account holds now (runtime code of called contracts). */
    private readonly codeAt: (address: string) => Uint8Array,
    /** The storage an account holds now; called when its first frame starts. */
    private readonly storageOf?: StorageDump,
  ) {}

  /**
   * Records the account's storage before the transaction: a frame's storage context can only
   * change by frames running in it, so the first frame's start sees the state before the tx.
   */
  private notePreStorage(address: string, fresh: boolean): void {
    if (this.storageOf === undefined || address === '') return;
    const pre = (this.trace.preStorage ??= {});
    if (address in pre) return;
    const entry: PreStorage = { slots: {}, complete: true };
    if (!fresh) {
      const { slots, complete } = this.storageOf(address, MAX_PRE_STORAGE_SLOTS);
      for (const [slot, value] of slots)
        entry.slots[shortHex(BigInt('0x' + slot))] = shortHex(BigInt(toHex(value)));
      entry.complete = complete;
      this.bytes += slots.size * 48;
    }
    pre[address] = entry;
  }

  private current(): number {
    return this.open.length === 0 ? -1 : this.open[this.open.length - 1];
  }

  /**
   * The instruction that opened a frame is the last step recorded, in the frame still open, one
   * level up. Frames opened otherwise (the transaction's own, a built-in's calls) go by the message.
   */
  private kindOf(m: Message): TraceFrame['kind'] {
    const last = this.trace.steps[this.trace.steps.length - 1];
    if (last !== undefined && last.frame === this.current() && last.depth === m.depth - 1) {
      const kind = OPENED_BY[last.op];
      if (kind !== undefined) return kind;
    }
    return frameKind(m);
  }

  /** Room for one more step; past maxSteps recording stops and finish() throws. */
  private roomForStep(): boolean {
    if (this.exceeded !== undefined) return false;
    if (this.trace.steps.length < this.limits.maxSteps) return true;
    this.exceeded = `the trace has more than ${this.limits.maxSteps} steps (maxSteps); ask for a larger maxSteps (at most ${MAX_TRACE_LIMITS.maxSteps})`;
    return false;
  }

  /** Counts a step's snapshot bytes; past maxBytes recording stops and finish() throws. */
  private addBytes(size: number): boolean {
    this.bytes += size;
    if (this.bytes <= this.limits.maxBytes) return true;
    this.exceeded = `the trace's stack and memory snapshots pass ${this.limits.maxBytes} bytes (maxBytes); ask for a larger maxBytes (at most ${MAX_TRACE_LIMITS.maxBytes})`;
    return false;
  }

  onMessage(m: Message): void {
    const create = m.to === undefined;
    const index = this.trace.frames.length;
    const codeAddress = create ? '' : m.codeAddress.toString();
    const code = create ? `init:${index}` : codeAddress;
    if (!(code in this.trace.codes)) {
      const bytes = create ? m.data : this.codeAt(codeAddress);
      this.trace.codes[code] = toHex(bytes);
    }
    this.trace.frames.push({
      kind: this.kindOf(m),
      depth: m.depth,
      caller: m.caller.toString(),
      address: create ? '' : m.to!.toString(),
      codeAddress,
      code,
      input: create ? '0x' : toHex(m.data),
      parent: this.current(),
    });
    if (!create) this.notePreStorage(m.to!.toString(), false);
    this.open.push(index);
  }

  /**
   * A built-in's frame where no EVM message opens one: a transaction sent straight to it (depth 0),
   * or a built-in's call to another through callInternal. The frame a CALL to it would open, so its
   * step and whatever it calls hang under it as under a contract's frame. Closed by builtinFrameEnd.
   */
  builtinFrameStart(
    address: string,
    caller: string,
    input: Uint8Array,
    isStatic: boolean,
    depth: number,
  ): void {
    if (!(address in this.trace.codes)) this.trace.codes[address] = toHex(this.codeAt(address));
    const parent = this.current();
    this.open.push(this.trace.frames.length);
    this.trace.frames.push({
      kind: isStatic ? 'staticcall' : 'call',
      depth,
      caller,
      address,
      codeAddress: address,
      code: address,
      input: toHex(input),
      parent,
    });
    this.notePreStorage(address, false);
  }

  /** The built-in of builtinFrameStart returned: a status other than 0 is its frame's error, by name. */
  builtinFrameEnd(output: Uint8Array, status: number): void {
    this.onMessageEnd(status === TransactionStatus.None ? undefined : statusName(status), output);
  }

  onMessageEnd(error: string | undefined, output: Uint8Array, created?: string): void {
    const index = this.open.pop();
    if (index === undefined) return;
    const f = this.trace.frames[index];
    if (created !== undefined && f.kind === 'create') f.address = f.codeAddress = created;
    if (error !== undefined) f.error = error;
    f.output = toHex(output);
    this.lastMemory.delete(index);
  }

  onStep(ev: InterpreterStep): void {
    if (!this.roomForStep()) return;
    const steps = this.trace.steps;
    const frame = this.current();
    const f = this.trace.frames[frame];
    if (f !== undefined && f.kind === 'create' && f.address === '') {
      f.address = f.codeAddress = ev.address.toString();
      // A new contract's storage starts empty.
      this.notePreStorage(f.address, true);
    }
    const stack = ev.stack.map(shortHex);
    const step: TraceStep = {
      pc: ev.pc,
      op: ev.opcode.name,
      gas: Number(ev.gasLeft),
      depth: ev.depth,
      frame,
      stack,
    };
    let size = 16 + stack.length * 8;
    const mem = ev.memory.subarray(
      0,
      ev.memoryWordCount * 32n > BigInt(ev.memory.length)
        ? ev.memory.length
        : Number(ev.memoryWordCount) * 32,
    );
    const last = this.lastMemory.get(frame);
    if (last === undefined ? mem.length > 0 : !equalBytes(last, mem)) {
      this.lastMemory.set(frame, mem.slice());
      step.memory = toHex(mem);
      size += mem.length;
    }
    if (ev.opcode.name === 'SSTORE' && ev.stack.length >= 2) {
      step.storage = [shortHex(ev.stack[ev.stack.length - 1]), shortHex(ev.stack[ev.stack.length - 2])];
    }
    if (this.addBytes(size)) steps.push(step);
  }

  /**
   * A built-in contract starts: one step standing for its whole execution, recorded before any code
   * it calls so steps stay in execution order; builtinEnd fills in its output and status. Its `gas`
   * is the gas the built-in was given (for a CALL, what the call passed; for a transaction, its gas
   * limit), which is what the first step of a called contract reports: gas left before it runs. A
   * geth struct log has no step for a precompile at all; its call tracer's frame for one also
   * carries the gas passed. Undefined when the step is past a limit (nothing to fill in).
   */
  builtinStart(
    name: string,
    address: string,
    depth: number,
    gas: bigint,
    input: Uint8Array,
  ): TraceStep | undefined {
    // Counted as any step: its input and output are carried as hex like memory snapshots.
    if (!this.roomForStep() || !this.addBytes(16 + name.length + input.length)) return undefined;
    // Output and status stand as "nothing yet" until it returns; a finished trace has them filled.
    const builtin = { name: `${name} (${address})`, input: toHex(input), output: '0x', status: -1 };
    const step: TraceStep = {
      pc: 0,
      op: 'BUILTIN',
      gas: Number(gas),
      depth,
      frame: this.current(),
      stack: [],
      builtin,
    };
    this.trace.steps.push(step);
    return step;
  }

  /**
   * The built-in of a builtinStart returned; its output counts against maxBytes as its input did.
   * One that failed on its own after code it called returned gets a second step, at its end (no
   * `builtin`: the first has the call), with the gas it had left: else the trace's last step is the
   * callee's, which did not fail, and the debugger's failure stop, call stack and Locals were the
   * callee's. A step rather than a rule in the debugger, so every reader of the trace (the storage
   * view's undo point too) sees the built-in's frame end where it failed. None when its last callee
   * failed and it fails with that callee's data: passing the failure on, the callee is where it went
   * wrong (diagnostics.ts track's rule). Failing with other data after catching it is its own.
   */
  builtinEnd(start: TraceStep | undefined, output: Uint8Array, status: number, gasLeft: bigint): void {
    const call = start?.builtin;
    if (start === undefined || call === undefined) return;
    call.status = status;
    const hex = toHex(output);
    if (this.exceeded === undefined && this.addBytes(output.length)) call.output = hex;
    if (status === TransactionStatus.None || !this.failsOnItsOwn(start.frame, hex)) return;
    if (!this.roomForStep() || !this.addBytes(16)) return;
    const gas = Number(gasLeft < 0n ? 0n : gasLeft);
    this.trace.steps.push({ pc: 0, op: 'BUILTIN', gas, depth: start.depth, frame: start.frame, stack: [] });
  }

  /**
   * The open `frame`'s last step is a callee's, and its last direct callee succeeded or failed with
   * data other than `output` (the built-in's own).
   */
  private failsOnItsOwn(frame: number, output: string): boolean {
    const steps = this.trace.steps;
    if (steps.length === 0 || steps[steps.length - 1].frame === frame) return false;
    // Frames after an open one are its callees' and theirs: the last with it as parent is its last.
    for (let f = this.trace.frames.length - 1; f > frame; f--) {
      const callee = this.trace.frames[f];
      if (callee.parent !== frame) continue;
      return callee.error === undefined || (callee.output !== undefined && callee.output !== output);
    }
    return true;
  }

  finish(): Trace {
    if (this.exceeded !== undefined) throw new TraceTooLarge(this.exceeded);
    return this.trace;
  }
}

/** Limits from a request's options object, checked against the maxima. */
export function traceLimits(o: { maxSteps?: unknown; maxBytes?: unknown } | undefined): TraceLimits {
  const pick = (v: unknown, name: keyof TraceLimits): number => {
    if (v === undefined || v === null) return DEFAULT_TRACE_LIMITS[name];
    if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0 || v > MAX_TRACE_LIMITS[name])
      throw new RangeError(`${name} must be an integer from 1 to ${MAX_TRACE_LIMITS[name]}`);
    return v;
  };
  return { maxSteps: pick(o?.maxSteps, 'maxSteps'), maxBytes: pick(o?.maxBytes, 'maxBytes') };
}
