// Decoded variables of a frame at a step: its function's arguments, return variables and the
// locals in scope (on the stack, above the base found at the function's entry: the step after the
// JUMP the source map marks as "into" whose location is the function's definition), and the
// contract's state variables (storage layout over what the trace read and wrote).

import { fromHex } from '../../../protocol/hex';
import { instructionIndexes, parseSourceMap, type SourceMapEntry } from '../../../client/sourceMap';
import type { Trace } from '../../../protocol/rpc/trace';
import { AstIndex, type FunctionInfo, type StackVariable } from './astIndex';
import { decodeStackVariable } from './stackDecode';
import { StorageDecoder, type StorageLayout } from './storageDecode';
import { TraceStorage } from './storageView';
import { parseWord, type NamedShown } from './values';

/** What the compilation gave for decoding variables of one contract's code. */
export interface VariableSources {
  /** The ASTs of the compilation's source units (solc's `sources[unit].ast`). */
  asts: readonly unknown[];
  /** solc's `storageLayout` of the contract. */
  storageLayout?: StorageLayout;
  /**
   * Compiled with `viaIR`: the Yul pipeline keeps locals where its optimizer likes, not at the
   * positions the legacy code generator uses, so only state variables are decoded.
   */
  viaIR?: boolean;
}

/** The code's source map and variable sources, if known. */
export type VariableLookup = (
  code: string,
) => { contract: string; sourceMap: string; variables?: VariableSources } | undefined;

/** For constructors: the compilation whose creation `bytecode` the init code starts with. */
export type CreationVariableLookup = (
  initCode: string,
) => { contract: string; sourceMap: string; bytecode: string; variables?: VariableSources } | undefined;

export interface FrameVariables {
  /** Arguments, return variables and locals in scope; undefined with `why` when unknown. */
  locals?: NamedShown[];
  state?: NamedShown[];
  why?: string;
  function?: string;
}

interface CodeInfo {
  entries: SourceMapEntry[];
  index: Map<number, number>;
  ast?: AstIndex;
  layout?: StorageLayout;
  viaIR?: boolean;
  contract: string;
  isInit: boolean;
}

const asts = new WeakMap<readonly unknown[], AstIndex>();

export class VariableDecoder {
  /** Indexed on first use, so opening a trace costs nothing until variables are shown. */
  private storageIndex: TraceStorage | undefined;
  private readonly codes = new Map<string, CodeInfo | null>();
  private readonly firstStep = new Map<number, number>();

  constructor(
    private readonly trace: Trace,
    private readonly lookup: VariableLookup,
    private readonly creation?: CreationVariableLookup,
  ) {
    trace.steps.forEach((s, i) => {
      if (!this.firstStep.has(s.frame)) this.firstStep.set(s.frame, i);
    });
  }

  private code(key: string): CodeInfo | undefined {
    let c = this.codes.get(key);
    if (c === undefined) {
      let hex = this.trace.codes[key];
      let src: { contract: string; sourceMap: string; variables?: VariableSources } | undefined;
      if (hex !== undefined && key.startsWith('init:')) {
        const made = this.creation?.(hex);
        // Only the creation bytecode holds instructions; constructor arguments follow it.
        if (made !== undefined)
          hex = '0x' + hex.replace(/^0x/, '').slice(0, made.bytecode.replace(/^0x/, '').length);
        src = made;
      } else if (hex !== undefined) src = this.lookup(hex);
      c = null;
      if (src !== undefined && hex !== undefined) {
        const v = src.variables;
        let ast: AstIndex | undefined;
        if (v !== undefined) {
          ast = asts.get(v.asts);
          if (ast === undefined) {
            ast = new AstIndex(v.asts);
            asts.set(v.asts, ast);
          }
        }
        c = {
          entries: parseSourceMap(src.sourceMap),
          index: instructionIndexes(fromHex(hex)),
          ast,
          layout: v?.storageLayout,
          viaIR: v?.viaIR,
          contract: src.contract,
          isInit: key.startsWith('init:'),
        };
      }
      this.codes.set(key, c);
    }
    return c ?? undefined;
  }

  private entryAt(c: CodeInfo, pc: number): SourceMapEntry | undefined {
    const i = c.index.get(pc);
    return i === undefined ? undefined : c.entries[i];
  }

  /**
   * A built-in's step has no stack: its caller's step as the built-in started (for a contract, its
   * CALL), found up the frames as the call stack finds it; the step just before may be a callee
   * that already returned. Undefined when the built-in is the transaction's own.
   */
  private callerStep(i: number): number | undefined {
    const steps = this.trace.steps;
    const parent = this.trace.frames[steps[i]?.frame ?? -1]?.parent ?? -1;
    if (parent < 0) return undefined;
    for (let j = i - 1; j >= 0; j--) if (steps[j].frame === parent) return j;
    return undefined;
  }

  /** The variables of the frame running at step `i`. */
  at(i: number): FrameVariables {
    // A built-in contract's single step: show its caller as it was when it called.
    const caller = this.trace.steps[i]?.op === 'BUILTIN' ? this.callerStep(i) : undefined;
    if (caller !== undefined) return this.at(caller);
    const step = this.trace.steps[i];
    const frame = this.trace.frames[step?.frame ?? -1];
    if (step === undefined || frame === undefined) return { why: 'no frame at this step' };
    const c = this.code(frame.code);
    if (c === undefined) return { why: 'no compilation known to the debugger has this contract’s code' };
    if (c.ast === undefined)
      return {
        why: 'its compilation has no AST (compile the contract in this session, or use a build output with the AST)',
      };
    const enums = c.ast.enums;
    this.storageIndex ??= new TraceStorage(this.trace);
    const storage = this.storageIndex.at(frame.address, i);
    const state = c.layout ? StorageDecoder.stateVariables(c.layout, storage, enums) : undefined;
    if (c.viaIR === true)
      return {
        state,
        why: 'compiled with viaIR: arguments and locals have no fixed stack positions (state variables are shown)',
      };
    const found = this.currentFunction(c, c.ast, step.frame, i);
    if (found === undefined) return { state, why: 'not inside a Solidity function at this step' };
    const { fn, base, position } = found;
    const memory = fromHex(this.memoryAt(i));
    const ctx = { memory, calldata: fromHex(frame.input), storage, layout: c.layout, enums };
    const show = (v: StackVariable, required: boolean): NamedShown | undefined => {
      const at = base + v.index;
      if (at < 0 || at + v.size > step.stack.length)
        return required ? { name: v.name, value: '(not on the stack)', type: v.type.label } : undefined;
      const words = step.stack.slice(at, at + v.size).map(parseWord);
      return { name: v.name, ...decodeStackVariable(v, words, ctx) };
    };
    const locals: NamedShown[] = [];
    const inScope = (v: StackVariable, at: number | undefined) =>
      at !== undefined &&
      v.scope !== undefined &&
      v.visibleFrom !== undefined &&
      at >= v.visibleFrom &&
      at >= v.scope.start &&
      at < v.scope.end;
    // Inside a modifier's code (inlined in the function): its parameters and locals.
    const modifier = this.modifierAt(fn, position);
    const scope = modifier ?? fn;
    for (const v of [...fn.params, ...fn.returns, ...(modifier?.params ?? [])]) {
      const s = show(v, true);
      if (s !== undefined) locals.push(s);
    }
    for (const v of scope.locals) {
      if (!inScope(v, position)) continue;
      const s = show(v, false);
      if (s !== undefined) locals.push(s);
    }
    return { locals, state, function: functionLabel(fn, modifier) };
  }

  /**
   * The Solidity function (with the modifier running inside it, if any) of the frame at step `i`,
   * found as `at` finds it but without decoding anything; undefined when unknown or under viaIR.
   */
  functionAt(i: number): string | undefined {
    const caller = this.trace.steps[i]?.op === 'BUILTIN' ? this.callerStep(i) : undefined;
    if (caller !== undefined) return this.functionAt(caller);
    const step = this.trace.steps[i];
    const frame = this.trace.frames[step?.frame ?? -1];
    const c = frame === undefined ? undefined : this.code(frame.code);
    if (step === undefined || c?.ast === undefined || c.viaIR === true) return undefined;
    const found = this.currentFunction(c, c.ast, step.frame, i);
    return found === undefined
      ? undefined
      : functionLabel(found.fn, this.modifierAt(found.fn, found.position));
  }

  private modifierAt(fn: FunctionInfo, position: number | undefined): FunctionInfo | undefined {
    return fn.modifiers.find(
      (m) => position !== undefined && position >= m.range.start && position < m.range.end,
    );
  }

  private memoryAt(i: number): string {
    const frame = this.trace.steps[i].frame;
    for (let j = i; j >= 0; j--) {
      const s = this.trace.steps[j];
      if (s.frame === frame && s.memory !== undefined) return s.memory;
    }
    return '0x';
  }

  /**
   * Replays the frame's jumps up to step i: a JUMP marked "into" opens a call whose first step's
   * location names the function (or a compiler helper), one marked "out of" closes it.
   */
  private currentFunction(
    c: CodeInfo,
    ast: AstIndex,
    frame: number,
    i: number,
  ): { fn: FunctionInfo; base: number; position: number | undefined } | undefined {
    const open: { fn?: FunctionInfo; base: number }[] = [];
    let prev: number | undefined;
    // The last source offset seen in each file (compiler helpers live in generated sources).
    const last = new Map<number, number>();
    const steps = this.trace.steps;
    for (let j = this.firstStep.get(frame) ?? 0; j <= i; j++) {
      const s = steps[j];
      if (s.frame !== frame) continue;
      const e = this.entryAt(c, s.pc);
      if (prev !== undefined && steps[prev].op === 'JUMP') {
        const jump = this.entryAt(c, steps[prev].pc)?.jump;
        if (jump === 'i') {
          const fn =
            e !== undefined && e.file >= 0
              ? ast.functionAt({ start: e.start, end: e.start + e.length, file: e.file })
              : undefined;
          const slots = fn === undefined ? 0 : fn.params.reduce((n, v) => n + v.size, 0);
          open.push({ fn, base: s.stack.length - slots });
        } else if (jump === 'o') open.pop();
      }
      if (e !== undefined && e.file >= 0) last.set(e.file, e.start);
      prev = j;
    }
    for (let k = open.length - 1; k >= 0; k--) {
      const o = open[k];
      if (o.fn === undefined) continue;
      const position = last.get(o.fn.range.file);
      const within = (r: { start: number; end: number }) =>
        position !== undefined && position >= r.start && position < r.end;
      const inside = within(o.fn.range) || o.fn.modifiers.some((m) => within(m.range));
      return { fn: o.fn, base: o.base, position: inside ? position : undefined };
    }
    // The creation code runs its own constructor inline, with its arguments at the stack's bottom.
    if (!c.isInit) return undefined;
    for (const [file, position] of last) {
      const ctor = ast.constructorAt(c.contract, file, position);
      if (ctor !== undefined) return { fn: ctor, base: 0, position };
    }
    return undefined;
  }
}

/** "increment", or "increment (modifier onlyOwner)" inside one of its modifiers. */
function functionLabel(fn: FunctionInfo, modifier: FunctionInfo | undefined): string {
  return modifier !== undefined ? `${fn.name} (${modifier.name})` : fn.name;
}
