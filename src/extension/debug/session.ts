// The `fisco-bcos` debug adapter (Debug Adapter Protocol), run inline in the extension host: it
// fetches a devnode trace (devnode_debugTraceTransaction / devnode_debugTraceCall) and replays
// it: Solidity line stepping from the source maps, instruction stepping where no source is known
// (the stop reason says why), breakpoints in .sol files, a call stack across calls and creations,
// and raw stack, memory and storage scopes. No vscode import: tests drive it over a socket.

import {
  Breakpoint,
  Handles,
  InitializedEvent,
  LoggingDebugSession,
  OutputEvent,
  Scope,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { basename, isAbsolute, join } from 'node:path';
import { FIRST_HANDLE, rawScopes, rawVariables } from './rawScopes';
import { loadTrace, type DebugDeps, type LaunchArgs } from './traceLoader';
import type { StepLocation, TraceModel } from './traceModel';
import { lookupPath, parsePath } from './variables/evaluate';
import type { FrameVariables, VariableDecoder } from './variables/frameVariables';
import type { NamedShown, Page, Shown } from './variables/values';
import { errorMessage } from '../../protocol/unknownValues';

export type { DebugDeps, LaunchArgs } from './traceLoader';

const THREAD = 1;

export class FiscoDebugSession extends LoggingDebugSession {
  private model: TraceModel | undefined;
  private decoder: VariableDecoder | undefined;
  /** Decoded variable lists by reference, valid until the next stop. */
  private readonly varHandles = new Handles<NamedShown[] | Page>(FIRST_HANDLE);
  private step = 0;
  private args: LaunchArgs | undefined;
  private readonly breakpoints = new Map<string, Set<number>>();

  constructor(private readonly deps: DebugDeps) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      ...response.body,
      supportsConfigurationDoneRequest: true,
      supportsRestartRequest: true,
      supportsSteppingGranularity: true,
      supportsEvaluateForHovers: true,
    };
    this.sendResponse(response);
    this.sendEvent(new InitializedEvent());
  }

  private fileKey(path: string): string {
    return basename(path);
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    const lines = new Set((args.breakpoints ?? []).map((b) => b.line));
    this.breakpoints.set(this.fileKey(args.source.path ?? args.source.name ?? ''), lines);
    response.body = { breakpoints: [...lines].map((l) => new Breakpoint(true, l)) };
    this.sendResponse(response);
  }

  protected override launchRequest(response: DebugProtocol.LaunchResponse, args: LaunchArgs): void {
    this.args = args;
    void this.loadAndRespond(response, 'Cannot debug');
  }

  protected override restartRequest(response: DebugProtocol.RestartResponse): void {
    void this.loadAndRespond(response, 'Cannot restart');
  }

  /** Fetches the trace off the request path (the base class expects void handlers). */
  private async loadAndRespond(response: DebugProtocol.Response, what: string): Promise<void> {
    try {
      await this.load();
    } catch (e) {
      this.sendErrorResponse(response, 1, `${what}: ${errorMessage(e)}`);
      return;
    }
    this.sendResponse(response);
    this.afterLoad();
  }

  private async load(): Promise<void> {
    const { model, decoder } = await loadTrace(this.args!, this.deps, (text, category) =>
      this.say(text, category),
    );
    this.model = model;
    this.decoder = decoder;
    this.step = 0;
  }

  private say(text: string, category: 'console' | 'stderr' | 'stdout' = 'console'): void {
    this.sendEvent(new OutputEvent(text, category));
  }

  private afterLoad(): void {
    // A transaction that failed at its first step (a built-in sent the transaction that fails at
    // once): the entry stop is the failure's, as no step lies between to stop at it later.
    const failed = this.model!.failure();
    if (failed !== undefined && failed.step === this.step) this.stopForFailure(failed);
    else if (this.args?.stopOnEntry === false)
      this.run((m, i) => m.continueFrom(i, (l) => this.isBreakpoint(l)), true);
    else this.stopAt('entry');
  }

  private isBreakpoint(loc: StepLocation): boolean {
    return this.breakpoints.get(this.fileKey(loc.file))?.has(loc.line) ?? false;
  }

  private stopAt(reason: string): void {
    const m = this.model!;
    const why =
      m.locations[this.step] === undefined ? m.noSourceReason(m.trace.steps[this.step].frame) : undefined;
    this.varHandles.reset();
    const e: DebugProtocol.StoppedEvent = new StoppedEvent(reason, THREAD);
    if (why !== undefined) e.body.description = `Stepping by instruction: ${why}`;
    this.sendEvent(e);
  }

  private run(next: (m: TraceModel, i: number) => number, isContinue = false): void {
    const m = this.model;
    if (m === undefined) return;
    const last = m.length - 1;
    if (this.step >= last) {
      this.sendEvent(new TerminatedEvent());
      return;
    }
    const from = this.step;
    this.step = next(m, from);
    // A failed transaction stops where it failed (the require's line), once, before it ends.
    const failed = m.failure();
    if (failed !== undefined && from < failed.step && this.step >= failed.step) {
      this.step = failed.step;
      this.stopForFailure(failed);
      return;
    }
    const loc = m.locations[this.step];
    this.stopAt(isContinue && loc !== undefined && this.isBreakpoint(loc) ? 'breakpoint' : 'step');
  }

  /** The "exception" stop at the failure's step (the current one). */
  private stopForFailure(failed: { error: string }): void {
    this.varHandles.reset();
    const e: DebugProtocol.StoppedEvent = new StoppedEvent(
      'exception',
      THREAD,
      `Transaction failed: ${failed.error}`,
    );
    e.body.description = `The transaction failed here (${failed.error})`;
    this.sendEvent(e);
  }

  private instructionMode(args: { granularity?: string }): boolean {
    return args.granularity === 'instruction';
  }

  protected override nextRequest(
    response: DebugProtocol.NextResponse,
    args: DebugProtocol.NextArguments,
  ): void {
    this.sendResponse(response);
    this.run((m, i) => (this.instructionMode(args) ? Math.min(i + 1, m.length - 1) : m.stepOver(i)));
  }

  protected override stepInRequest(
    response: DebugProtocol.StepInResponse,
    args: DebugProtocol.StepInArguments,
  ): void {
    this.sendResponse(response);
    this.run((m, i) => (this.instructionMode(args) ? Math.min(i + 1, m.length - 1) : m.stepInto(i)));
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.sendResponse(response);
    this.run((m, i) => m.stepOut(i));
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    this.sendResponse(response);
    this.run((m, i) => m.continueFrom(i, (l) => this.isBreakpoint(l)), true);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    response.body = {
      threads: [new Thread(THREAD, this.args?.txHash ? `tx ${this.args.txHash.slice(0, 10)}…` : 'call')],
    };
    this.sendResponse(response);
  }

  private source(file: string): Source {
    const root = this.args?.sourceRoot;
    const path = isAbsolute(file) || root === undefined ? file : join(root, file);
    return new Source(basename(file), path);
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse): void {
    const m = this.model;
    if (m === undefined) {
      response.body = { stackFrames: [], totalFrames: 0 };
      this.sendResponse(response);
      return;
    }
    const frames = m.callStack(this.step).map(({ frame, step }, k) => {
      const loc = m.locations[step];
      const sf = new StackFrame(
        k,
        this.frameName(m, frame, step),
        loc ? this.source(loc.file) : undefined,
        loc?.line ?? 0,
        loc?.column ?? 0,
      );
      if (!loc) sf.presentationHint = 'subtle';
      return sf;
    });
    response.body = { stackFrames: frames, totalFrames: frames.length };
    this.sendResponse(response);
  }

  /**
   * "Counter.increment" when the source map and AST name the function running in the frame;
   * otherwise the contract (a built-in's name, or the address) and the instruction, e.g.
   * "Counter @ pc 12 SLOAD".
   */
  private frameName(m: TraceModel, frame: number, step: number): string {
    const contract = m.contract(frame);
    let fn: string | undefined;
    try {
      fn = contract === undefined ? undefined : this.decoder?.functionAt(step);
    } catch {
      fn = undefined; // a trace the decoder does not understand keeps the instruction name
    }
    if (fn !== undefined) return `${contract}.${fn}`;
    const f = m.trace.frames[frame];
    const s = m.trace.steps[step];
    const who = contract ?? m.builtinName(frame) ?? f.address;
    return `${who}${f.kind === 'create' ? ' (constructor)' : ''} @ pc ${s?.pc ?? 0} ${s?.op ?? ''}`;
  }

  protected override scopesRequest(
    response: DebugProtocol.ScopesResponse,
    args: DebugProtocol.ScopesArguments,
  ): void {
    response.body = {
      scopes: [...this.decodedScopes(args.frameId), ...rawScopes()],
    };
    this.sendResponse(response);
  }

  /** Decoded variables of the frame `frameId` (0 = innermost) at the current step. */
  private decodedAt(frameId: number | undefined): FrameVariables | undefined {
    const m = this.model;
    if (m === undefined || this.decoder === undefined) return undefined;
    const step = m.callStack(this.step)[frameId ?? 0]?.step ?? this.step;
    try {
      return this.decoder.at(step);
    } catch (e) {
      // A trace or compilation the decoder does not understand must not take the raw views with it.
      return { why: `the variables could not be decoded: ${errorMessage(e)}` };
    }
  }

  /** Hover and watch: a variable path (`item.owner`, `list[2]`) among the frame's Locals and State. */
  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    const path = parsePath(args.expression);
    const d = this.decodedAt(args.frameId);
    const found = path && d && lookupPath(path, [d.locals ?? [], d.state ?? []]);
    if (found === undefined) {
      this.sendErrorResponse(
        response,
        2,
        path === undefined
          ? 'Only variable names with .member and [index] accessors can be evaluated (the debugger replays a trace; it runs no code)'
          : `${args.expression} is not a variable in scope here`,
      );
      return;
    }
    response.body = { result: found.value, type: found.type, ...this.expandable(found) };
    this.sendResponse(response);
  }

  /** A value's reference for expanding it: long arrays page by index, others list their members. */
  private expandable(v: Shown): { variablesReference: number; indexedVariables?: number } {
    if (v.page !== undefined)
      return { variablesReference: this.varHandles.create(v.page), indexedVariables: v.page.length };
    return { variablesReference: v.children?.length ? this.varHandles.create(v.children) : 0 };
  }

  /** Locals (arguments, return variables, locals in scope) and State of the frame's contract. */
  private decodedScopes(frameId: number): Scope[] {
    const d = this.decodedAt(frameId);
    if (d === undefined) return [];
    const note = (why: string): NamedShown[] => [{ name: 'unavailable', value: why, type: '' }];
    const locals = d.locals ?? note(d.why ?? 'unknown');
    const state =
      d.state ??
      note(
        d.why ?? 'its compilation has no storageLayout (solc before 0.5.13, or a build output without it)',
      );
    // VS Code expands the first scope on each stop; State stays as the user left it.
    const localsScope: DebugProtocol.Scope = new Scope('Locals', this.varHandles.create(locals), false);
    localsScope.presentationHint = 'locals';
    return [localsScope, new Scope('State', this.varHandles.create(state), false)];
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    const decoded =
      args.variablesReference >= FIRST_HANDLE ? this.varHandles.get(args.variablesReference) : undefined;
    if (decoded !== undefined) {
      const list = Array.isArray(decoded)
        ? decoded
        : decoded.at(args.start ?? 0, args.count ?? Math.min(decoded.length, 100));
      response.body = {
        variables: list.map((v) => ({ name: v.name, value: v.value, type: v.type, ...this.expandable(v) })),
      };
      this.sendResponse(response);
      return;
    }
    const m = this.model;
    const vars = m === undefined ? [] : rawVariables(m, this.step, args.variablesReference);
    response.body = { variables: vars };
    this.sendResponse(response);
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    this.model = undefined;
    this.decoder = undefined;
    this.sendResponse(response);
  }
}
