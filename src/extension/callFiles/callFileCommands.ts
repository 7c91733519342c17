// VS Code glue for re-runnable call files (`*.call.json`, callFile.ts): a CodeLens "Run Call" /
// "Send Transaction" at the top of each file (or what is wrong with it), the command that runs a
// file on its connection with its account (a transaction asks for confirmation first) and prints
// the decoded outcome to the "FISCO BCOS Calls" output channel, and saving the call form's inputs
// as a file (saveCallFileFromInputs / fiscoBcos.saveCallFile, for the call webview's button).

import * as vscode from 'vscode';
import * as path from 'node:path';
import type { Session } from '../session';
import type { AbiRegistry } from '../abiRegistry';
import type { ConnectionConfig } from '../connections/connectionModel';
import type { Signer } from '../chain/chainApi';
import { CancelledError, guarded } from '../errors';
import { skipsConfirmation } from '../testHooks';
import { debugActions, runDebugAction } from '../debug/debugActions';
import { CALL_FILE_GLOB, parseCallFile, type CallFileSpec } from './callFile';
import { executeCallFile, formatOutcome, type CallFileOutcome } from './callFileRun';
import { callFileBaseName, callFileFromInputs, writeCallFile, type CallInputs } from './callFileWrite';

export const RUN_CALL_FILE_COMMAND = 'fiscoBcos.runCallFile';
export const SAVE_CALL_FILE_COMMAND = 'fiscoBcos.saveCallFile';
export const CALLS_OUTPUT_NAME = 'FISCO BCOS Calls';

export interface RunCallFileArgs {
  uri: vscode.Uri | string;
  /** Skips the confirmation in ExtensionMode.Test only; ignored in production. */
  confirmed?: boolean;
}

export class CallFileCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const parsed = parseCallFile(doc.getText());
    if (!parsed.ok)
      return [
        new vscode.CodeLens(top, { title: `$(warning) Invalid call file: ${parsed.errors[0]}`, command: '' }),
      ];
    const s = parsed.spec;
    const target = s.bfsPath ?? `${s.address!.slice(0, 10)}…`;
    const where = `${s.method}${s.method.includes('(') ? '' : '(…)'} on ${target}${s.connection ? ` · ${s.connection}` : ''}`;
    return [
      new vscode.CodeLens(top, {
        title: s.send ? '$(send) Send Transaction' : '$(play) Run Call',
        tooltip: `${s.send ? 'Send' : 'Call'} ${where}`,
        command: RUN_CALL_FILE_COMMAND,
        arguments: [{ uri: doc.uri.toString() } satisfies RunCallFileArgs],
      }),
      new vscode.CodeLens(top, { title: where, command: '' }),
    ];
  }
}

export class CallFiles implements vscode.Disposable {
  private channel: vscode.OutputChannel | undefined;
  private readonly lenses = new CallFileCodeLensProvider();
  readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly session: Session,
    private readonly registry: AbiRegistry,
  ) {
    this.disposables.push(
      vscode.languages.registerCodeLensProvider({ pattern: CALL_FILE_GLOB }, this.lenses),
      this.session.onDidChange(() => this.lenses.refresh()),
      vscode.commands.registerCommand(
        RUN_CALL_FILE_COMMAND,
        guarded('Call file failed', (arg?: RunCallFileArgs | vscode.Uri) => this.runCommand(arg)),
      ),
      vscode.commands.registerCommand(
        SAVE_CALL_FILE_COMMAND,
        guarded('Save call file failed', (inputs: CallInputs & { contractName?: string }) =>
          saveCallFileFromInputs(inputs),
        ),
      ),
    );
  }

  /** The output channel, created on first use (not at activation). */
  output(): vscode.OutputChannel {
    this.channel ??= vscode.window.createOutputChannel(CALLS_OUTPUT_NAME);
    return this.channel;
  }

  private async runCommand(arg?: RunCallFileArgs | vscode.Uri): Promise<CallFileOutcome | undefined> {
    const raw = arg instanceof vscode.Uri ? arg : arg?.uri;
    const uri =
      typeof raw === 'string' ? vscode.Uri.parse(raw) : (raw ?? vscode.window.activeTextEditor?.document.uri);
    if (!uri) throw new Error('Open a .call.json file first.');
    return this.run(uri, arg instanceof vscode.Uri ? undefined : arg?.confirmed);
  }

  private connectionFor(spec: CallFileSpec): ConnectionConfig {
    if (!spec.connection) {
      const active = this.session.connection;
      if (!active)
        throw new Error(
          'No active FISCO BCOS connection. Start the local node, add a connection, or set "connection" in the call file.',
        );
      return active;
    }
    const c = this.session.connections.get(spec.connection);
    if (!c)
      throw new Error(
        `No connection named "${spec.connection}" (configured: ${
          this.session.connections
            .list()
            .map((x) => x.name)
            .join(', ') || 'none'
        }).`,
      );
    return c;
  }

  private async signerFor(spec: CallFileSpec, c: ConnectionConfig): Promise<Signer | undefined> {
    const accounts = this.session.accounts;
    let meta;
    if (spec.from) {
      const from = spec.from.toLowerCase();
      meta = accounts.listFor(!!c.sm).find((a) => a.label === spec.from || a.address.toLowerCase() === from);
      if (!meta)
        throw new Error(
          `No ${c.sm ? 'SM2' : 'secp256k1'} account labelled or addressed "${spec.from}" (accounts: ${
            accounts
              .listFor(!!c.sm)
              .map((a) => a.label)
              .join(', ') || 'none'
          }).`,
        );
    } else meta = accounts.active(c.name, !!c.sm);
    if (!meta) {
      if (spec.send)
        throw new Error(`No account for ${c.name}: create or import one, or set "from" in the call file.`);
      return undefined;
    }
    return accounts.signer(meta);
  }

  /** Runs a call file (unsaved edits included) and prints the outcome; returns it for callers and tests. */
  async run(uri: vscode.Uri, confirmed?: boolean): Promise<CallFileOutcome | undefined> {
    // A call file in a repository someone else wrote can send transactions: only with trust.
    if (!vscode.workspace.isTrusted)
      throw new Error(
        'Call files run only in a trusted workspace. Trust this folder (Workspaces: Manage Workspace Trust) to run it.',
      );
    const doc = await vscode.workspace.openTextDocument(uri);
    const name = path.basename(uri.fsPath || uri.path);
    const parsed = parseCallFile(doc.getText());
    if (!parsed.ok) throw new Error(`${name}: ${parsed.errors.join(' ')}`);
    const spec = parsed.spec;
    const c = this.connectionFor(spec);
    const api = this.session.chainFor(c);
    const signer = await this.signerFor(spec, c);
    if (spec.send && !skipsConfirmation(confirmed)) {
      const target = spec.bfsPath ?? spec.address;
      const detail = `${spec.method} with ${JSON.stringify(spec.args)}\nTo ${target}\nFrom ${signer!.address}\nOn ${c.name} (${c.url}, ${c.group})\n\nA transaction cannot be undone.`;
      const ok = await vscode.window.showWarningMessage(
        `Send ${spec.method} from ${name}?`,
        { modal: true, detail },
        'Send Transaction',
      );
      if (ok !== 'Send Transaction') throw new CancelledError();
    }
    const outcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `${spec.send ? 'Sending' : 'Calling'} ${spec.method}…`,
      },
      () =>
        executeCallFile(spec, {
          api,
          signer,
          workspaceAbi: (address) => this.registry.find(address, c.name)?.abi,
        }),
    );
    const channel = this.output();
    channel.appendLine(`[${new Date().toLocaleTimeString()}] ${c.name} · ${formatOutcome(outcome, name)}`);
    channel.show(true);
    const summary = `${name}: ${outcome.ok ? (outcome.outputs.length ? outcome.outputs.map((v) => JSON.stringify(v.value)).join(', ') : 'Success') : outcome.message}`;
    const actions = outcome.transactionHash ? ['Show Transaction'] : [];
    void (
      outcome.ok
        ? vscode.window.showInformationMessage(summary, ...actions)
        : debugActions(api, outcome.transactionHash).then((debug) =>
            vscode.window.showErrorMessage(summary, ...actions, ...debug),
          )
    ).then((action) => {
      if (runDebugAction(action, outcome.transactionHash)) return;
      if (action === 'Show Transaction')
        void vscode.commands.executeCommand('fiscoBcos.showTransaction', outcome.transactionHash);
    });
    return outcome;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.channel?.dispose();
  }
}

/**
 * Saves the call form's current inputs as `.fisco-bcos/calls/<Contract>.<method>.call.json` in the
 * first workspace folder and opens it; for the call webview's "Save as Call File" button.
 */
export async function saveCallFileFromInputs(
  inputs: CallInputs & { contractName?: string },
): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file')
    throw new Error('Open a folder first: call files are saved under .fisco-bcos/calls/ in the workspace.');
  const { contractName, ...rest } = inputs;
  const spec = callFileFromInputs(rest);
  const file = writeCallFile(
    folder.uri.fsPath,
    spec,
    callFileBaseName(contractName || 'Contract', inputs.signature),
  );
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri, { preview: false });
  void vscode.window.showInformationMessage(
    `Saved ${vscode.workspace.asRelativePath(uri)}: run it again with "${spec.send ? 'Send Transaction' : 'Run Call'}" at the top of the file.`,
  );
  return uri;
}

/** Registers the call-file CodeLens and commands (push the result into context.subscriptions). Cheap: nothing runs until a .call.json is open. */
export function registerCallFiles(session: Session, registry: AbiRegistry): CallFiles {
  return new CallFiles(session, registry);
}
