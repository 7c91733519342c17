// Registers the `fisco-bcos` debugger: an inline adapter in the extension host (the trace is
// fetched asynchronously, so the UI never waits on it), launch.json support (by hash or by a call
// to make) and the "Debug Transaction" command (by hash from the palette).

import * as vscode from 'vscode';
import { guarded, required } from '../errors';
import type { Session } from '../session';
import { creationSourceOf, sourceOf } from './compiledCode';
import { FiscoDebugSession, type LaunchArgs } from './session';
import type { Trace } from './traceModel';

export const DEBUG_TYPE = 'fisco-bcos';

async function fetchTrace(session: Session, args: LaunchArgs): Promise<{ trace: Trace; status: number }> {
  const tools = session.requireChain().devTools;
  if (tools?.debugTrace === undefined) throw new Error('this connection cannot trace transactions');
  const target = args.txHash !== undefined ? { txHash: args.txHash } : { call: args.call! };
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Tracing the transaction on the local node…' },
    () => tools.debugTrace!(target),
  );
  if (r === null)
    throw new Error(
      args.txHash !== undefined
        ? `no trace for ${args.txHash}: the transaction is unknown, or the node is not the FISCO BCOS local node (real nodes have no trace method)`
        : 'no trace: the node is not the FISCO BCOS local node (real nodes have no trace method)',
    );
  return { trace: r.trace, status: r.status };
}

export function registerDebugger(session: Session): vscode.Disposable[] {
  const factory: vscode.DebugAdapterDescriptorFactory = {
    createDebugAdapterDescriptor: () =>
      new vscode.DebugAdapterInlineImplementation(
        new FiscoDebugSession({
          fetchTrace: (args) => fetchTrace(session, args),
          lookup: sourceOf,
          creationLookup: creationSourceOf,
        }),
      ),
  };
  return [
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, factory),
    vscode.commands.registerCommand(
      'fiscoBcos.debugTransaction',
      guarded('Debug Transaction failed', async (hash?: unknown) => {
        session.requireChain();
        const txHash =
          typeof hash === 'string'
            ? hash
            : required(
                await vscode.window.showInputBox({
                  title: 'Debug Transaction',
                  prompt: 'Transaction hash (on the local node)',
                  validateInput: (v) =>
                    /^0x[0-9a-fA-F]{64}$/.test(v.trim()) ? undefined : 'Enter 0x and 64 hex digits',
                }),
              ).trim();
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
