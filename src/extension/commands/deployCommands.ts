// Compile and deploy from a .sol editor (CodeLens and palette): pick the contract, enter
// constructor arguments, confirm, deploy with progress, then offer to link it into BFS.

import * as vscode from 'vscode';
import * as path from 'node:path';
import type { Compiler } from '../compile/compiler';
import { type CompiledContract, findContractDeclarations, isDeployable } from '../compile/solcIO';
import { ContractCodec } from '../models/abiCodec';
import { exampleFor, isJsonType, parseArgText } from '../models/abiArgs';
import { defaultLinkPath, validateLinkPath, validateLinkVersion } from '../models/bfsModel';
import { describeReceiptStatus } from '../models/txStatus';
import type { AbiRegistry } from '../abiRegistry';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { errorMessage } from '../../protocol/unknownValues';
import { confirmTransaction } from './transact';
import { formatValue, parseValueText } from '../messages/txValue';
import { linkContract } from './bfsCommands';
import { linkLibraries, needsLinking } from './libraryLinking';
import { DEBUG_ACTION, runDebugAction } from '../debug/debugActions';
import { diagnosticsSuffix } from '../webviews/txDiagnostics';

export interface DeployArgs {
  uri?: vscode.Uri | string;
  contract?: string;
  /** Constructor argument values (JSON-ish), skipping the prompts. */
  args?: unknown[];
  /** BFS path to link into after deploying; '' to skip the offer. */
  linkPath?: string;
  /** Skips the confirmation in ExtensionMode.Test only; ignored in production. */
  confirmed?: boolean;
  /** Value sent with the deployment ("1000", "1.5 gwei"): payable constructors only (skips the prompt). */
  value?: string;
  /** Libraries the contract links: `file:Lib` or `Lib` → an address or "deploy" (skips the prompts). */
  libraries?: Record<string, string>;
}

/** CodeLens "Deploy <Name>" above every contract declaration. */
export class DeployCodeLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    return findContractDeclarations(doc.getText())
      .filter((d) => d.kind === 'contract')
      .map(
        (d) =>
          new vscode.CodeLens(new vscode.Range(d.line, 0, d.line, 0), {
            title: `$(rocket) Deploy ${d.name}`,
            command: 'fiscoBcos.deployContract',
            arguments: [{ uri: doc.uri.toString(), contract: d.name }],
          }),
      );
  }
}

async function documentOf(arg?: DeployArgs | vscode.Uri): Promise<vscode.TextDocument> {
  const uri =
    arg instanceof vscode.Uri ? arg : typeof arg?.uri === 'string' ? vscode.Uri.parse(arg.uri) : arg?.uri;
  if (uri) return vscode.workspace.openTextDocument(uri);
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.document.fileName.endsWith('.sol')) return editor.document;
  const files = await vscode.workspace.findFiles('**/*.sol', '**/node_modules/**', 200);
  if (!files.length) throw new Error('Open a Solidity (.sol) file first.');
  const picked = required(
    await vscode.window.showQuickPick(
      files.map((f) => ({ label: vscode.workspace.asRelativePath(f), f })),
      { title: 'Solidity file' },
    ),
  );
  return vscode.workspace.openTextDocument(picked.f);
}

async function promptConstructorArgs(c: CompiledContract): Promise<unknown[]> {
  const ctor = c.abi.find((a) => a.type === 'constructor');
  const values: unknown[] = [];
  for (const [i, p] of (ctor?.inputs ?? []).entries()) {
    const text = required(
      await vscode.window.showInputBox({
        title: `${c.name} constructor · ${p.name || `arg${i}`} (${p.type})`,
        prompt: isJsonType(p) ? `JSON, e.g. ${exampleFor(p)}` : `e.g. ${exampleFor(p)}`,
        validateInput: (v) => {
          try {
            parseArgText(p, v);
            return undefined;
          } catch (err) {
            return errorMessage(err);
          }
        },
      }),
    );
    values.push(isJsonType(p) ? JSON.parse(text) : text);
  }
  return values;
}

/** The value to deploy with: asked for payable constructors only; refused for the others. */
async function constructorValue(c: CompiledContract, given?: string): Promise<bigint> {
  const payable = c.abi.some((a) => a.type === 'constructor' && a.stateMutability === 'payable');
  if (given !== undefined) {
    const wei = parseValueText(given);
    if (wei > 0n && !payable)
      throw new Error(
        `${c.name}'s constructor is not payable: a deployment carrying value reverts. Deploy with value 0, or mark the constructor payable.`,
      );
    return wei;
  }
  if (!payable) return 0n;
  const text = required(
    await vscode.window.showInputBox({
      title: `${c.name} constructor is payable · value to send`,
      prompt:
        'An amount and a unit (wei if none): 1000, 1.5 gwei. Moved only on chains with feature_balance.',
      value: '0',
      validateInput: (v) => {
        try {
          parseValueText(v);
          return undefined;
        } catch (err) {
          return errorMessage(err);
        }
      },
    }),
  );
  return parseValueText(text);
}

export function registerDeployCommands(
  session: Session,
  compiler: Compiler,
  registry: AbiRegistry,
  onLinked: (path: string) => void,
): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeLensProvider(
      [{ language: 'solidity' }, { pattern: '**/*.sol' }],
      new DeployCodeLensProvider(),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.compile',
      guarded('Compile failed', async (arg?: DeployArgs | vscode.Uri) => {
        const doc = await documentOf(arg);
        const contracts = await compiler.compile(doc);
        void vscode.window.showInformationMessage(
          `Compiled ${path.basename(doc.fileName)}: ${contracts.map((c) => c.name).join(', ') || 'no contracts'}.`,
        );
        return contracts.map((c) => c.name);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.deployContract',
      guarded('Deploy failed', async (arg?: DeployArgs | vscode.Uri) => {
        const opts: DeployArgs = arg instanceof vscode.Uri ? { uri: arg } : (arg ?? {});
        const api = session.requireChain();
        const signer = await session.requireSigner();
        const doc = await documentOf(arg);
        if (doc.isDirty) await doc.save();
        const contracts = (await compiler.compile(doc)).filter(isDeployable);
        if (!contracts.length)
          throw new Error(
            `${path.basename(doc.fileName)} has no deployable contract (interfaces and abstract contracts cannot be deployed).`,
          );
        const contract =
          contracts.find((c) => c.name === opts.contract) ??
          (contracts.length === 1
            ? contracts[0]
            : required(
                await vscode.window.showQuickPick(
                  contracts.map((c) => ({ label: c.name, c })),
                  { title: 'Contract to deploy' },
                ),
              ).c);
        const values = opts.args ?? (await promptConstructorArgs(contract));
        const value = await constructorValue(contract, opts.value);
        const codec = new ContractCodec(JSON.stringify(contract.abi), (t) => api.hashText(t));
        const bytecode = needsLinking(contract)
          ? await linkLibraries(session, signer, registry, contract, compiler.contractsWithImports(doc), {
              libraries: opts.libraries,
              confirmed: opts.confirmed,
            })
          : contract.bytecode;
        const data = bytecode + codec.encodeDeployArgs(values);
        const conn = session.connection!;
        await confirmTransaction(
          session,
          signer,
          `Deploy ${contract.name}${values.length ? `(${values.map((v) => JSON.stringify(v)).join(', ')})` : ''}${value > 0n ? ` with ${formatValue(value)}` : ''} to ${conn.name}`,
          opts.confirmed,
        );
        const receipt = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Deploying ${contract.name}…` },
          () => api.deploy(signer, data, JSON.stringify(contract.abi), value > 0n ? value : undefined),
        );
        if (receipt.status !== 0 || !receipt.contractAddress) {
          // On the devnode: the constructor's failing line (creation source map) and console.log,
          // and Debug Transaction to step through it (diagnostics answer only on the local node).
          const diagnostics = await api.devTools?.diagnostics(receipt.transactionHash).catch(() => null);
          const where = await diagnosticsSuffix(api, diagnostics);
          const debug = diagnostics ? [DEBUG_ACTION] : [];
          void vscode.window
            .showErrorMessage(
              `Deploying ${contract.name} failed: ${describeReceiptStatus(receipt)}${where}`,
              'Show Transaction',
              ...debug,
            )
            .then((action) => {
              if (runDebugAction(action, receipt.transactionHash)) return;
              if (action)
                void vscode.commands.executeCommand('fiscoBcos.showTransaction', receipt.transactionHash);
            });
          return undefined;
        }
        const address = receipt.contractAddress;
        await registry.add({
          address,
          name: contract.name,
          abi: JSON.stringify(contract.abi),
          connection: conn.name,
          group: conn.group,
          transactionHash: receipt.transactionHash,
          deployedAt: Date.now(),
        });
        let linkPath = opts.linkPath;
        if (linkPath === undefined) {
          const action = await vscode.window.showInformationMessage(
            `Deployed ${contract.name} at ${address} (block ${receipt.blockNumber})${value > 0n ? ` with ${formatValue(value)}` : ''}.`,
            'Link into BFS',
            'Call Contract',
            'Copy Address',
          );
          if (action === 'Copy Address') await vscode.env.clipboard.writeText(address);
          if (action === 'Call Contract')
            await vscode.commands.executeCommand('fiscoBcos.callContract', {
              address,
              abi: JSON.stringify(contract.abi),
              name: contract.name,
            });
          if (action === 'Link into BFS') {
            const version = required(
              await vscode.window.showInputBox({
                title: `Link ${contract.name} into BFS`,
                prompt: `Version: linked as /apps/${contract.name}/<version>`,
                value: '1.0',
                validateInput: (v) => validateLinkVersion(contract.name, v.trim()),
              }),
            ).trim();
            const problem = validateLinkVersion(contract.name, version);
            if (problem) throw new Error(problem);
            linkPath = defaultLinkPath(contract.name, version);
          }
        }
        if (linkPath) {
          const linked = await linkContract(
            session,
            linkPath,
            address,
            JSON.stringify(contract.abi),
            opts.confirmed,
          );
          if (linked.ok) await registry.setBfsPath(address, conn.name, linkPath);
          onLinked(linkPath);
        }
        return { address, transactionHash: receipt.transactionHash, linkPath };
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.linkContract',
      guarded(
        'Link failed',
        async (arg?: { path?: string; address?: string; abi?: string; confirmed?: boolean }) => {
          const known = registry.all().filter((c) => c.connection === session.connection?.name);
          let address = arg?.address;
          let abi = arg?.abi;
          let name = 'Contract';
          if (!address) {
            const picked = required(
              await vscode.window.showQuickPick(
                [
                  ...known.reverse().map((c) => ({ label: c.name, description: c.address, c })),
                  { label: '$(edit) Enter an address…', c: undefined },
                ],
                { title: 'Contract to link into BFS' },
              ),
            );
            if (picked.c) ({ address, abi, name } = picked.c);
            else
              address = required(
                await vscode.window.showInputBox({
                  title: 'Contract address',
                  validateInput: (v) =>
                    /^0x[0-9a-fA-F]{40}$/.test(v.trim()) ? undefined : 'Enter a 0x address of 40 hex digits.',
                }),
              ).trim();
          } else name = registry.find(address)?.name ?? name;
          abi =
            abi ??
            registry.find(address)?.abi ??
            ((await session
              .requireChain()
              .abiOf(address)
              .catch(() => '')) ||
              '[]');
          const linkPath =
            arg?.path ??
            required(
              await vscode.window.showInputBox({
                title: 'BFS path',
                value: defaultLinkPath(name, '1.0'),
                prompt: '/apps/<name>/<version>',
                validateInput: (v) => validateLinkPath(v.trim()),
              }),
            ).trim();
          const r = await linkContract(session, linkPath, address, abi, arg?.confirmed);
          onLinked(linkPath);
          return r;
        },
      ),
    ),
  ];
}
