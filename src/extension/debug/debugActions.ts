// "Debug Transaction" offered where a transaction failed: the action on a failure notification,
// only when the chain is the FISCO BCOS local node (it answers devnode_getTransactionDiagnostics
// for its transactions; a real node has no such method). Also the check the debug command makes
// before launching, so a real chain gets a clear "tracing needs the local node".

import * as vscode from 'vscode';
import type { ChainApi } from '../chain/chainApi';
import { UserFacingError } from '../session';

export const DEBUG_ACTION = 'Debug Transaction';

/** Whether `api`'s node can trace `txHash` (the devnode knows it). */
export async function canDebug(api: ChainApi, txHash: string | undefined): Promise<boolean> {
  if (txHash === undefined || api.devTools === undefined) return false;
  return (await api.devTools.diagnostics(txHash).catch(() => null)) !== null;
}

/** [DEBUG_ACTION] when the transaction can be debugged, else []: spread into a notification's actions. */
export async function debugActions(api: ChainApi, txHash: string | undefined): Promise<string[]> {
  return (await canDebug(api, txHash)) ? [DEBUG_ACTION] : [];
}

/** Runs the picked notification action if it is DEBUG_ACTION; true when it was. */
export function runDebugAction(picked: string | undefined, txHash: string | undefined): boolean {
  if (picked !== DEBUG_ACTION || txHash === undefined) return false;
  void vscode.commands.executeCommand('fiscoBcos.debugTransaction', txHash);
  return true;
}

/**
 * Throws a clear error unless `api`'s node is the local node and knows `txHash`: a real FISCO
 * BCOS node has no trace method (the devnode replays its own transactions).
 */
export async function requireDebuggable(api: ChainApi, connection: string, txHash: string): Promise<void> {
  if (await canDebug(api, txHash)) return;
  const tx = await api.transaction(txHash).catch(() => null);
  if (tx)
    throw new UserFacingError(
      `Tracing needs the FISCO BCOS local node: ${connection} is not it (real FISCO BCOS nodes have no trace method). Send the transaction to the local node and debug it there.`,
      ['Start Local Node'],
    );
  throw new Error(`transaction ${txHash} does not exist on ${connection}`);
}
