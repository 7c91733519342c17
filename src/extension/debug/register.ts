// Registers the `fisco-bcos` debugger: an inline adapter in the extension host (the trace is
// fetched asynchronously, so the UI never waits on it), launch.json support (by hash or by a call
// to make; F5 without a launch.json asks for a hash) and the "Debug Transaction" command (by hash
// from the palette, the transaction page and failure notifications).

import * as vscode from 'vscode';
import { guarded, required } from '../errors';
import type { Compiler } from '../compile/compiler';
import type { Session } from '../session';
import { creationSourceOf, sourceOf } from './compiledCode';
import { requireDebuggable } from './debugActions';
import { compileSources } from './launchSources';
import type { LaunchArgs } from './session';
import type { Trace } from './traceModel';
import { errorMessage } from '../../protocol/unknownValues';

export const DEBUG_TYPE = 'fisco-bcos';

const NOT_LOCAL =
  'tracing needs the FISCO BCOS local node (real FISCO BCOS nodes have no trace method); start it with "FISCO BCOS: Start Local Node" and debug the transactions sent to it';

async function fetchTrace(session: Session, args: LaunchArgs): Promise<{ trace: Trace; status: number }> {
  const api = session.requireChain();
  const where = session.connection?.name ?? 'the active connection';
  const tools = api.devTools;
  if (tools?.debugTrace === undefined) throw new Error(`${where} cannot trace transactions: ${NOT_LOCAL}`);
  if (args.txHash !== undefined) await requireDebuggable(api, where, args.txHash);
  const target = args.txHash !== undefined ? { txHash: args.txHash } : { call: args.call! };
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Tracing the transaction on the local node…' },
    () => tools.debugTrace!(target),
  );
  if (r === null)
    throw new Error(
      args.txHash !== undefined
        ? `no trace for ${args.txHash} on ${where}: ${NOT_LOCAL}`
        : `no trace on ${where}: ${NOT_LOCAL}`,
    );
  return { trace: r.trace, status: r.status };
}

async function askHash(): Promise<string | undefined> {
  const v = await vscode.window.showInputBox({
    title: 'Debug Transaction',
    prompt: 'Transaction hash (on the FISCO BCOS local node)',
    placeHolder: '0x…',
    ignoreFocusOut: true,
    validateInput: (s) => (/^0x[0-9a-fA-F]{64}$/.test(s.trim()) ? undefined : 'Enter 0x and 64 hex digits'),
  });
  return v?.trim();
}

/**
 * Fills in launch.json defaults (F5 with no launch.json asks for a transaction hash) and compiles
 * the configuration's `sources` so the debugger knows their contracts.
 */
export const configurationProvider = (compiler: Compiler): vscode.DebugConfigurationProvider => ({
  async resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request && !config.name) {
      const txHash = await askHash();
      if (txHash === undefined) return undefined; // cancelled: no session
      config = { type: DEBUG_TYPE, request: 'launch', name: `Debug ${txHash.slice(0, 10)}…`, txHash };
    }
    const hash: unknown = config.txHash;
    if (typeof hash === 'string' && !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      void vscode.window.showErrorMessage(
        `The launch configuration's "txHash" (${hash || 'empty'}) is not a transaction hash: 0x and 64 hex digits.`,
      );
      return undefined;
    }
    config.sourceRoot ??= folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (config.sources !== undefined) {
      const root = typeof config.sourceRoot === 'string' ? config.sourceRoot : process.cwd();
      try {
        if (!(await compileSources(compiler, config.sources, root))) return undefined; // cancelled
      } catch (e) {
        void vscode.window.showErrorMessage(`${errorMessage(e)}. The debug session was not started.`);
        return undefined;
      }
    }
    return config;
  },
});

export function registerDebugger(session: Session, compiler: Compiler): vscode.Disposable[] {
  const factory: vscode.DebugAdapterDescriptorFactory = {
    // The adapter (and the DAP library and variable decoders under it) loads on the first debug
    // session, not at activation.
    createDebugAdapterDescriptor: async () => {
      const { FiscoDebugSession } = await import('./session');
      return new vscode.DebugAdapterInlineImplementation(
        new FiscoDebugSession({
          fetchTrace: (args) => fetchTrace(session, args),
          lookup: sourceOf,
          creationLookup: creationSourceOf,
        }),
      );
    },
  };
  return [
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, factory),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, configurationProvider(compiler)),
    vscode.commands.registerCommand(
      'fiscoBcos.debugTransaction',
      guarded('Debug Transaction failed', async (hash?: unknown) => {
        const api = session.requireChain();
        const txHash = typeof hash === 'string' ? hash : required(await askHash());
        // Before a debug session opens: a real chain or an unknown hash is said plainly.
        await requireDebuggable(api, session.connection?.name ?? 'the active connection', txHash);
        const folder = vscode.workspace.workspaceFolders?.[0];
        await vscode.debug.startDebugging(folder, {
          type: DEBUG_TYPE,
          request: 'launch',
          name: `Debug ${txHash.slice(0, 10)}…`,
          txHash,
          sourceRoot: folder?.uri.fsPath,
        });
      }),
    ),
  ];
}
