// Deploying a contract that uses external libraries: each library it links (dependencies first)
// is either deployed now or taken from an address already deployed (this workspace's deployment
// records for the active chain, BFS links under /apps whose name or ABI matches, or typed in);
// the link references are then filled. Libraries deployed here are recorded like any other
// deployment.

import * as vscode from 'vscode';
import type { CompiledContract } from '../compile/solcIO';
import { type LinkableContract, libraryDeployOrder, linkBytecode } from '../compile/linking';
import { describeReceiptStatus } from '../models/txStatus';
import type { AbiRegistry } from '../abiRegistry';
import type { Signer } from '../chain/chainApi';
import type { Session } from '../session';
import { required } from '../errors';
import { confirmTransaction } from './transact';
import { libraryCandidates } from './libraryCandidates';

export interface LibraryChoices {
  /** `file:Lib` or `Lib` → an address, or "deploy" (skips the prompts; tests and scripts). */
  libraries?: Record<string, string>;
  confirmed?: boolean;
}

const linkable = (c: CompiledContract): LinkableContract => ({
  unit: c.source,
  name: c.name,
  bytecode: c.bytecode.replace(/^0x/, ''),
  linkReferences: c.linkReferences ?? {},
});

export function needsLinking(c: CompiledContract): boolean {
  return Object.keys(c.linkReferences ?? {}).length > 0;
}

/** The contract's bytecode (0x…) with every library address filled in, deploying libraries as chosen. */
export async function linkLibraries(
  session: Session,
  signer: Signer,
  registry: AbiRegistry,
  contract: CompiledContract,
  compiled: CompiledContract[],
  choices: LibraryChoices,
): Promise<string> {
  const target = linkable(contract);
  const byKey = new Map(compiled.map((c) => [`${c.source}:${c.name}`, c]));
  const order = libraryDeployOrder(target, compiled.map(linkable));
  const conn = session.connection!;
  const api = session.requireChain();
  const addresses: Record<string, string> = {};
  for (const lib of order) {
    const key = `${lib.unit}:${lib.name}`;
    let choice = choices.libraries?.[key] ?? choices.libraries?.[lib.name];
    if (!choice) {
      const candidates = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Looking for deployed ${lib.name} libraries (deployment records, BFS /apps)…`,
        },
        () =>
          libraryCandidates(api, registry.all(), conn.name, {
            name: lib.name,
            abi: byKey.get(key)?.abi ?? [],
          }),
      );
      const picked = required(
        await vscode.window.showQuickPick(
          [
            { label: `$(rocket) Deploy a new ${lib.name}`, value: 'deploy' },
            ...candidates.map((c) => ({
              label: `$(link) Use ${c.address}`,
              description: [
                ...c.sources,
                ...(c.deployedAt ? [new Date(c.deployedAt).toLocaleString()] : []),
              ].join(' · '),
              value: c.address,
            })),
            { label: '$(edit) Enter the address of a deployed library…', value: '' },
          ],
          {
            title: `${contract.name} links library ${lib.name} (${lib.unit})`,
            placeHolder: candidates.length
              ? 'Deploy a new one, or use one already deployed'
              : 'None found in the deployment records or BFS: deploy a new one, or enter an address',
          },
        ),
      );
      choice =
        picked.value ||
        required(
          await vscode.window.showInputBox({
            title: `Address of library ${lib.name}`,
            validateInput: (v) =>
              /^0x[0-9a-fA-F]{40}$/.test(v.trim()) ? undefined : 'Enter a 0x address of 40 hex digits.',
          }),
        ).trim();
    }
    if (choice !== 'deploy') {
      addresses[key] = choice;
      continue;
    }
    const abi = JSON.stringify(byKey.get(key)?.abi ?? []);
    await confirmTransaction(
      session,
      signer,
      `Deploy library ${lib.name} (needed by ${contract.name}) to ${conn.name}`,
      choices.confirmed,
    );
    const receipt = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Deploying library ${lib.name}…` },
      () => api.deploy(signer, `0x${linkBytecode(lib, addresses)}`, abi),
    );
    if (receipt.status !== 0 || !receipt.contractAddress)
      throw new Error(`Deploying library ${lib.name} failed: ${describeReceiptStatus(receipt)}`);
    addresses[key] = receipt.contractAddress;
    await registry.add({
      address: receipt.contractAddress,
      name: lib.name,
      abi,
      connection: conn.name,
      group: conn.group,
      transactionHash: receipt.transactionHash,
      deployedAt: Date.now(),
    });
  }
  return `0x${linkBytecode(target, addresses)}`;
}
