// Block and transaction detail panel: opens by number or hash, navigates parent/next and into
// transactions; decodes with chain and workspace ABIs.

import * as vscode from 'vscode';
import type { ReceiptJson, TransactionJson } from '../chain/chainApi';
import type { AbiRegistry } from '../abiRegistry';
import type { Session } from '../session';
import { type BlockToHost, type HostToBlock, parseBlockToHost } from '../messages/blockMessages';
import { blockView, transactionView } from '../models/blockView';
import { describeError } from '../errors';
import { loadCodecs } from './codecs';
import { PanelHost } from './panelHost';
import { followSession, viewContext, type Follow } from './followSession';
import { addDiagnostics } from './txDiagnostics';

let current: PanelHost<BlockToHost, HostToBlock> | undefined;
let pending: { kind: 'block' | 'transaction'; id: string } | undefined;
let follow: Follow | undefined;

export async function showBlockPanel(
  session: Session,
  registry: AbiRegistry,
  extensionUri: vscode.Uri,
  target: { kind: 'block' | 'transaction'; id: string },
): Promise<PanelHost<BlockToHost, HostToBlock>> {
  pending = target;
  if (!current || current.isDisposed) {
    current = new PanelHost<BlockToHost, HostToBlock>({
      viewType: 'fiscoBcos.blockDetail',
      title: 'FISCO BCOS Block',
      script: 'block',
      extensionUri,
      parse: parseBlockToHost,
      onMessage: async (m) => {
        if (m.type === 'ready') await follow?.push();
        if (m.type === 'ready' && pending) await render(session, registry, pending);
        if (m.type === 'openBlock') await render(session, registry, { kind: 'block', id: String(m.id) });
        if (m.type === 'openTransaction')
          await render(session, registry, { kind: 'transaction', id: m.hash });
        if (m.type === 'debugTransaction')
          await vscode.commands.executeCommand('fiscoBcos.debugTransaction', m.hash);
        if (m.type === 'copy') {
          await vscode.env.clipboard.writeText(m.text);
          void vscode.window.setStatusBarMessage('Copied', 2000);
        }
      },
    });
    // Another connection or group: the same block or transaction is looked up there.
    let chainKey = chainOf(session);
    follow = followSession(current, session, undefined, async () => {
      const now = chainOf(session);
      if (now === chainKey) return;
      chainKey = now;
      if (pending) await render(session, registry, pending);
    });
  } else {
    current.panel.reveal();
    await render(session, registry, target);
  }
  return current;
}

function chainOf(session: Session): string {
  const c = viewContext(session);
  return `${c.connection}\u0000${c.group}`;
}

async function render(
  session: Session,
  registry: AbiRegistry,
  target: { kind: 'block' | 'transaction'; id: string },
): Promise<void> {
  const panel = current;
  if (!panel) return;
  pending = target;
  const api = session.requireChain();
  const where = `${session.connection?.name ?? 'the active connection'} (${session.connection?.group ?? ''})`;
  await panel.post({ type: 'loading', what: `${target.kind} ${target.id}` });
  let latest: number | undefined;
  try {
    if (target.kind === 'block') {
      const id = /^\d+$/.test(target.id) ? Number(target.id) : target.id;
      latest = await api.blockNumber();
      // Past the height the node answers with a raw error (code 3006): say what is going on instead.
      if (typeof id === 'number' && id > latest) {
        panel.panel.title = `Block ${id} (not yet)`;
        await panel.post({
          type: 'error',
          message: `Block ${id} does not exist yet on ${where}: the chain's height is ${latest}.`,
          latest,
        });
        return;
      }
      const block = await api.block(id, true);
      const txs = (block.transactions ?? []).filter((t): t is TransactionJson => typeof t === 'object');
      const receipts = new Map<string, ReceiptJson>();
      await Promise.all(
        txs.map(async (t) => {
          const r = await api.receipt(t.hash).catch(() => null);
          if (r) receipts.set(t.hash, r);
        }),
      );
      const addresses = [
        ...txs.map((t) => t.to),
        ...[...receipts.values()].flatMap((r) => [
          r.contractAddress,
          ...(r.logEntries ?? []).map((l) => l.address),
        ]),
      ];
      const codecs = await loadCodecs(api, registry, addresses);
      panel.panel.title = `Block ${block.number}`;
      const view = blockView(block, receipts, codecs, latest);
      await Promise.all(
        view.transactions.map((t) => addDiagnostics(api, registry, t, receipts.get(t.hash)?.output)),
      );
      await panel.post({ type: 'show', view });
    } else {
      const [tx, receipt] = await Promise.all([
        api.transaction(target.id),
        api.receipt(target.id).catch(() => null),
      ]);
      if (!tx) {
        panel.panel.title = `Transaction ${target.id.slice(0, 10)}… (not found)`;
        await panel.post({
          type: 'error',
          message: `Transaction ${target.id} does not exist on ${where}.`,
          latest: await api.blockNumber().catch(() => undefined),
        });
        return;
      }
      const codecs = await loadCodecs(api, registry, [
        tx.to,
        receipt?.contractAddress ?? '',
        ...(receipt?.logEntries ?? []).map((l) => l.address),
      ]);
      panel.panel.title = `Transaction ${tx.hash.slice(0, 10)}…`;
      const transaction = transactionView(tx, 0, receipt ?? undefined, codecs);
      await addDiagnostics(api, registry, transaction, receipt?.output);
      await panel.post({
        type: 'show',
        view: { kind: 'transaction', transaction, blockNumber: receipt?.blockNumber },
      });
    }
  } catch (err) {
    panel.panel.title = `${target.kind === 'block' ? 'Block' : 'Transaction'} ${target.id.slice(0, 10)} (error)`;
    await panel.post({
      type: 'error',
      message: `Cannot show ${target.kind} ${target.id} on ${where}: ${describeError(err)}`,
      ...(latest !== undefined ? { latest } : {}),
    });
  }
}
