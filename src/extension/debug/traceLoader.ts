// Loading what a debug session replays: the build outputs named in the launch configuration
// (merged after the extension's own compilations), then the trace itself. The session says what
// was found through `say`.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { loadBuildOutputs } from './buildOutputs';
import { TraceModel, type CreationLookup, type SourceLookup, type Trace } from './traceModel';
import { VariableDecoder } from './variables/frameVariables';

export interface LaunchArgs extends DebugProtocol.LaunchRequestArguments {
  /** Hash of a committed transaction to debug. */
  txHash?: string;
  /** Or a read-only call to make: target address, calldata and optional sender. */
  call?: { to: string; data: string; from?: string };
  /** Folder that relative source names are resolved against. */
  sourceRoot?: string;
  /**
   * Standard-JSON build outputs of contracts compiled elsewhere (files or folders: a solc
   * --standard-json output, Hardhat's artifacts/build-info, Foundry's out/build-info), matched by
   * bytecode; relative paths are resolved against sourceRoot.
   */
  buildInfo?: string | string[];
  /** Stop at the first step (default true). */
  stopOnEntry?: boolean;
}

export interface DebugDeps {
  fetchTrace(args: LaunchArgs): Promise<{ trace: Trace; status: number }>;
  /** The extension's own compilations: runtime code, and creation code for constructors. */
  lookup: SourceLookup;
  creationLookup?: CreationLookup;
}

export type Say = (text: string, category?: 'console' | 'stderr' | 'stdout') => void;

/** The trace of the launch configuration, with its stepping model and variable decoder. */
export async function loadTrace(
  args: LaunchArgs,
  deps: DebugDeps,
  say: Say,
): Promise<{ model: TraceModel; decoder: VariableDecoder }> {
  if (args.txHash === undefined && args.call === undefined)
    throw new Error('the launch configuration needs "txHash" or "call" ({to, data})');
  let lookup = deps.lookup;
  let creation = deps.creationLookup;
  const buildInfo = typeof args.buildInfo === 'string' ? [args.buildInfo] : (args.buildInfo ?? []);
  if (buildInfo.length > 0) {
    const own = { lookup, creation };
    const b = await loadBuildOutputs(buildInfo, args.sourceRoot ?? process.cwd());
    lookup = (code) => own.lookup(code) ?? b.runtime(code);
    creation = (code) => own.creation?.(code) ?? b.creation(code);
    say(`Build outputs: ${b.contracts} contracts from ${b.files.length} file(s)\n`);
    for (const n of b.notes) say(`  ${n}\n`, 'stderr');
  }
  const { trace, status } = await deps.fetchTrace(args);
  if (trace.steps.length === 0)
    throw new Error('the transaction executed no EVM code (nothing to step through)');
  const model = new TraceModel(trace, lookup, creation);
  say(`Trace: ${trace.steps.length} steps, ${trace.frames.length} frames, status ${status}\n`);
  // Say once per code why it steps by instruction (the stop reason repeats it there).
  const told = new Set<string>();
  trace.frames.forEach((f, i) => {
    const why = model.noSourceReason(i);
    if (why === undefined || told.has(f.code)) return;
    told.add(f.code);
    const what = f.kind === 'create' ? `the constructor run by ${f.address}` : f.address;
    say(`No Solidity source for ${what}: ${why}. Stepping by instruction there.\n`, 'console');
  });
  return { model, decoder: new VariableDecoder(trace, lookup, creation) };
}
