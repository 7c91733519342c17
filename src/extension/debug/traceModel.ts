// A devnode trace with Solidity locations for every step, and the stepping rules of the debugger
// (over / into / out / continue to a breakpoint). Pure (no vscode): the source maps come from a
// lookup the caller gives (the extension's compilations or build outputs, matched by deployed
// bytecode; constructors by the creation bytecode the deployment's input starts with).

import { fromHex } from '../../protocol/hex';
import { decodeRevertReason } from '../../protocol/builtin/abi';
import { instructionIndexes, parseSourceMap, type SourceList } from '../../client/sourceMap';
import type { Trace, TraceFrame, TraceStep } from '../../protocol/rpc/trace';
import type { VariableSources } from './variables/frameVariables';
import { undoSteps } from './variables/storageView';

export type { Trace, TraceFrame, TraceStep };

export interface CodeSource {
  contract: string;
  sourceMap: string;
  sources: SourceList;
  /** AST and storage layout, for decoded variables. */
  variables?: VariableSources;
}

/** Source map of runtime code (hex), if the code is known. */
export type SourceLookup = (code: string) => CodeSource | undefined;

/** Creation code's source map: `bytecode` is the compiled creation code the init code starts with. */
export interface CreationSource extends CodeSource {
  bytecode: string;
}

/** The compilation whose creation bytecode a deployment's init code (hex) starts with, if known. */
export type CreationLookup = (initCode: string) => CreationSource | undefined;

const WHERE_FROM =
  'compile its sources in this workspace (with the same solc settings), or point the launch configuration’s "sources" at them or its "buildInfo" at its standard-JSON build output';

export interface StepLocation {
  file: string;
  line: number;
  column: number;
}

interface CodeTable {
  contract?: string;
  /** Why there is no source for this code, when there is none. */
  reason?: string;
  at(pc: number): StepLocation | undefined;
}

function lineStarts(text: Buffer): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === 10) starts.push(i + 1);
  return starts;
}

function table(code: string, isInit: boolean, lookup: SourceLookup, creation?: CreationLookup): CodeTable {
  let src: CodeSource | undefined;
  let instructions = code;
  if (isInit) {
    const c = creation?.(code);
    if (c === undefined)
      return {
        reason: `no compilation known to the debugger has this constructor’s creation bytecode; ${WHERE_FROM}`,
        at: () => undefined,
      };
    src = c;
    // Only the creation bytecode holds instructions; the constructor arguments after it are data.
    instructions = '0x' + code.replace(/^0x/, '').slice(0, c.bytecode.replace(/^0x/, '').length);
  } else {
    src = lookup(code);
    if (src === undefined)
      return {
        reason: `no compilation known to the debugger has this contract’s deployed bytecode; ${WHERE_FROM}`,
        at: () => undefined,
      };
  }
  const index = instructionIndexes(fromHex(instructions));
  const entries = parseSourceMap(src.sourceMap);
  const files = new Map<number, { name: string; bytes: Buffer; starts: number[] }>();
  for (const [id, s] of src.sources) {
    const bytes = Buffer.from(s.content, 'utf8');
    files.set(id, { name: s.path ?? s.name, bytes, starts: lineStarts(bytes) });
  }
  return {
    contract: src.contract,
    at(pc) {
      const i = index.get(pc);
      const e = i === undefined ? undefined : entries[i];
      const f = e === undefined || e.file < 0 ? undefined : files.get(e.file);
      if (e === undefined || f === undefined) return undefined;
      // Binary search for the line holding byte offset e.start.
      let lo = 0;
      let hi = f.starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (f.starts[mid] <= e.start) lo = mid;
        else hi = mid - 1;
      }
      const column = f.bytes.subarray(f.starts[lo], e.start).toString('utf8').length + 1;
      return { file: f.name, line: lo + 1, column };
    },
  };
}

export class TraceModel {
  readonly locations: (StepLocation | undefined)[];
  private readonly tables = new Map<string, CodeTable>();
  /** A built-in's frame opens with its own step (recorded when it starts): its decoded name. */
  private readonly builtinNames = new Map<number, string>();
  private undoneAfter: ((frame: number) => number | undefined) | undefined;

  constructor(
    readonly trace: Trace,
    lookup: SourceLookup,
    creation?: CreationLookup,
  ) {
    for (const f of trace.frames)
      if (!this.tables.has(f.code))
        this.tables.set(
          f.code,
          table(trace.codes[f.code] ?? '0x', f.code.startsWith('init:'), lookup, creation),
        );
    const opened = new Set<number>();
    for (const s of trace.steps) {
      if (opened.has(s.frame)) continue;
      opened.add(s.frame);
      if (s.op === 'BUILTIN' && s.builtin !== undefined) this.builtinNames.set(s.frame, s.builtin.name);
    }
    this.locations = trace.steps.map((s) => {
      const f = trace.frames[s.frame];
      return f === undefined ? undefined : this.tables.get(f.code)?.at(s.pc);
    });
  }

  get length(): number {
    return this.trace.steps.length;
  }

  /** Contract name of the frame's code, if known. */
  contract(frame: number): string | undefined {
    const f = this.trace.frames[frame];
    return f === undefined ? undefined : this.tables.get(f.code)?.contract;
  }

  /** The built-in running in the frame, e.g. "BFS (0x…100e)", when the frame is a built-in's. */
  builtinName(frame: number): string | undefined {
    return this.builtinNames.get(frame);
  }

  /** Why the frame steps by instruction, or undefined when it has source. */
  noSourceReason(frame: number): string | undefined {
    const f = this.trace.frames[frame];
    return f === undefined ? 'no frame' : this.tables.get(f.code)?.reason;
  }

  private sameLine(a: number, b: number): boolean {
    const la = this.locations[a];
    const lb = this.locations[b];
    return (
      la !== undefined &&
      lb !== undefined &&
      this.trace.steps[a].frame === this.trace.steps[b].frame &&
      la.file === lb.file &&
      la.line === lb.line
    );
  }

  /** A step worth stopping at after `from`: a new source line, or any instruction without source. */
  private stoppable(i: number, from: number): boolean {
    const s = this.trace.steps[i];
    if (this.locations[i] === undefined) return this.noSourceReason(s.frame) !== undefined;
    return !this.sameLine(i, from);
  }

  stepInto(from: number): number {
    for (let i = from + 1; i < this.length; i++) if (this.stoppable(i, from)) return i;
    return this.length - 1;
  }

  stepOver(from: number): number {
    const depth = this.trace.steps[from].depth;
    for (let i = from + 1; i < this.length; i++)
      if (this.trace.steps[i].depth <= depth && this.stoppable(i, from)) return i;
    return this.length - 1;
  }

  stepOut(from: number): number {
    const depth = this.trace.steps[from].depth;
    for (let i = from + 1; i < this.length; i++)
      if (this.trace.steps[i].depth < depth && this.stoppable(i, from)) return i;
    return this.length - 1;
  }

  /**
   * The next step that enters a breakpoint line, else the last step. "Enters" compares with the
   * frame's previous located step, so the unmapped helper code inside one statement does not hit
   * the same line twice.
   */
  continueFrom(from: number, breakpoints: (loc: StepLocation) => boolean): number {
    const last = new Map<number, StepLocation>();
    const start = this.locations[from];
    if (start !== undefined) last.set(this.trace.steps[from].frame, start);
    for (let i = from + 1; i < this.length; i++) {
      const loc = this.locations[i];
      if (loc === undefined) continue;
      const frame = this.trace.steps[i].frame;
      const prev = last.get(frame);
      last.set(frame, loc);
      if (breakpoints(loc) && (prev === undefined || prev.line !== loc.line || prev.file !== loc.file))
        return i;
    }
    return this.length - 1;
  }

  /**
   * Where a failed transaction failed: the last step with a source line in the frame that ran
   * last (for a failed `require`, its line), else the last step; undefined when it succeeded.
   */
  failure(): { step: number; error: string } | undefined {
    const top = this.trace.frames[0];
    if (top?.error === undefined || this.length === 0) return undefined;
    // "revert: amount must be positive" when the revert data is an Error(string).
    const reason = top.output ? decodeRevertReason(fromHex(top.output)) : undefined;
    const error = reason === undefined ? top.error : `${top.error}: ${reason}`;
    const last = this.length - 1;
    const frame = this.trace.steps[last].frame;
    for (let j = last; j >= 0; j--)
      if (this.trace.steps[j].frame === frame && this.locations[j] !== undefined) return { step: j, error };
    return { step: last, error };
  }

  /** Frames open at step i, innermost first. */
  callStack(i: number): { frame: number; step: number }[] {
    const out: { frame: number; step: number }[] = [];
    let frame = this.trace.steps[i]?.frame ?? -1;
    let at = i;
    while (frame >= 0) {
      out.push({ frame, step: at });
      const parent = this.trace.frames[frame].parent;
      // The parent's current step is its last step before the child's first.
      let j = at;
      while (j >= 0 && this.trace.steps[j].frame !== parent) j--;
      at = j;
      frame = parent;
    }
    return out;
  }

  /** Memory at step i (the last snapshot of its frame up to i). */
  memoryAt(i: number): string {
    const frame = this.trace.steps[i].frame;
    for (let j = i; j >= 0; j--) {
      const s = this.trace.steps[j];
      if (s.frame === frame && s.memory !== undefined) return s.memory;
    }
    return '0x';
  }

  /**
   * Storage slots written by the frame's account up to step i (slot → value), but for writes a
   * failing frame undid by then.
   */
  storageAt(i: number): Map<string, string> {
    const address = this.trace.frames[this.trace.steps[i].frame]?.address;
    const undoneAfter = (this.undoneAfter ??= undoSteps(this.trace));
    const out = new Map<string, string>();
    for (let j = 0; j <= i; j++) {
      const s = this.trace.steps[j];
      if (s.storage === undefined || this.trace.frames[s.frame]?.address !== address) continue;
      const undone = undoneAfter(s.frame);
      // The value before an undone write is whatever was written before it, still in `out` or not.
      if (undone !== undefined && undone < i) continue;
      out.set(s.storage[0], s.storage[1]);
    }
    return out;
  }
}
