// Contract call form: generated from the ABI by the webview; the host validates and encodes the
// arguments, calls or sends (after confirmation), decodes results, and remembers last inputs.

import * as vscode from 'vscode';
import type { Session } from '../session';
import type { AbiRegistry } from '../abiRegistry';
import {
  type CallToHost,
  type DebugTarget,
  type HostToCall,
  type ResultView,
  type ValueInput,
  parseCallToHost,
} from '../messages/callMessages';
import { formatValue, parseValue, valueRefusal } from '../messages/txValue';
import { functionView } from '../models/functionView';
import type { ContractCodec } from '../models/abiCodec';
import { codecFor } from '../chain/contractCodec';
import { decodeRevertReason, describeReceiptStatus, statusName } from '../models/txStatus';
import { describeError, CancelledError } from '../errors';
import { diagnosticsSuffix } from './txDiagnostics';
import { confirmTransaction, onDidTransact } from '../commands/transact';
import { loadCodecs } from './codecs';
import { PanelHost } from './panelHost';
import { contractSubject, followSession, staleAction, type Follow } from './followSession';
import { errorMessage } from '../../protocol/unknownValues';

export interface CallTarget {
  address: string;
  abi: string;
  name?: string;
  path?: string;
}

const panels = new Map<string, PanelHost<CallToHost, HostToCall>>();
const INPUTS_KEY = 'fiscoBcos.callInputs';

export async function showCallPanel(
  session: Session,
  registry: AbiRegistry,
  context: vscode.ExtensionContext,
  target: CallTarget,
): Promise<PanelHost<CallToHost, HostToCall>> {
  const key = `${session.connection?.name}:${target.address.toLowerCase()}`;
  const existing = panels.get(key);
  if (existing && !existing.isDisposed) {
    existing.panel.reveal();
    return existing;
  }
  const api = session.requireChain();
  const codec = await codecFor(api, target.address, target.abi);
  // feature_balance on: value moves, so every transaction gets a value field, not only payable ones.
  const balanceOn = async () =>
    (await api.systemConfig('feature_balance').catch(() => undefined))?.value === '1';
  /** What the form on screen was drawn with (undefined before the first init). */
  let shownBalance: boolean | undefined;
  const inputsOf = () =>
    context.workspaceState.get<Record<string, Record<string, unknown[]>>>(INPUTS_KEY, {})[key] ?? {};
  const postInit = async (host: PanelHost<CallToHost, HostToCall>) => {
    shownBalance = await balanceOn();
    return host.post({
      type: 'init',
      contract: { name: target.name ?? 'Contract', address: target.address, path: target.path },
      functions: codec.functions().map(functionView),
      lastInputs: inputsOf(),
      account: session.account()?.address,
      balance: shownBalance,
    } satisfies HostToCall);
  };
  const panel = new PanelHost<CallToHost, HostToCall>({
    viewType: 'fiscoBcos.callContract',
    title: `Call ${target.name ?? target.address.slice(0, 10)}`,
    script: 'call',
    extensionUri: context.extensionUri,
    parse: parseCallToHost,
    onMessage: async (m, host) => {
      if (m.type === 'ready') {
        await follow.push();
        return;
      }
      if (m.type === 'openTransaction') {
        await vscode.commands.executeCommand('fiscoBcos.showTransaction', m.hash);
        return;
      }
      if (m.type === 'debug') {
        await debugTarget(m.target);
        return;
      }
      if (m.type !== 'invoke') return;
      const refused = staleAction(session, m.mode === 'send' ? m.account : undefined, follow.gone);
      if (refused) {
        await host.post({
          type: 'result',
          result: { requestId: m.requestId, mode: m.mode, ok: false, outputs: [], message: refused },
        } satisfies HostToCall);
        await follow.push();
        return;
      }
      const all = context.workspaceState.get<Record<string, Record<string, unknown[]>>>(INPUTS_KEY, {});
      await context.workspaceState.update(INPUTS_KEY, {
        ...all,
        [key]: { ...(all[key] ?? {}), [m.signature]: m.args },
      });
      const result = await invoke(
        session,
        registry,
        codec,
        target,
        m.requestId,
        m.signature,
        m.args,
        m.mode,
        m.value,
      );
      await host.post({ type: 'result', result } satisfies HostToCall);
    },
  });
  const follow: Follow = followSession(
    panel,
    session,
    contractSubject(session, target.address, target.name),
    async () => void (await postInit(panel)),
  );
  // feature_balance may be turned on (Enable Balance, a passed proposal) while the form is open:
  // re-read it after each transaction the extension sends and when the panel is shown again, and
  // tell the page so it adds or removes value fields without losing what was typed.
  const refreshBalance = async () => {
    if (shownBalance === undefined || panel.isDisposed) return;
    const on = await balanceOn();
    if (on === shownBalance || panel.isDisposed) return;
    shownBalance = on;
    await panel.post({ type: 'balance', on } satisfies HostToCall);
  };
  panel.track(onDidTransact(() => void refreshBalance()));
  panel.track(
    panel.panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.visible) void refreshBalance();
    }),
  );
  panels.set(key, panel);
  return panel;
}

/** Runs one call or transaction; every failure becomes a result with a clear message. */
export async function invoke(
  session: Session,
  registry: AbiRegistry,
  codec: ContractCodec,
  target: CallTarget,
  requestId: number,
  signature: string,
  args: unknown[],
  mode: 'call' | 'send',
  valueInput?: ValueInput,
): Promise<ResultView> {
  const base = { requestId, mode, outputs: [] as ResultView['outputs'] };
  let data: string;
  try {
    data = codec.encodeCall(signature, args);
  } catch (err) {
    return { ...base, ok: false, message: `Invalid arguments: ${errorMessage(err)}` };
  }
  // The value is checked again here (the page checks as you type): nothing is sent when it is bad.
  let value = 0n;
  try {
    value = valueInput ? parseValue(valueInput.amount, valueInput.unit) : 0n;
  } catch (err) {
    return { ...base, ok: false, message: `Invalid value: ${errorMessage(err)}` };
  }
  if (value > 0n && mode === 'call')
    return {
      ...base,
      ok: false,
      message:
        'A call carries no value (the call RPC has no value field): use Send Transaction to send value.',
    };
  const fn = codec
    .functions()
    .map(functionView)
    .find((f) => f.signature === signature);
  const refusal = fn ? valueRefusal(fn, value) : '';
  if (refusal) return { ...base, ok: false, message: `Not sent: ${refusal}` };
  const shownValue = value > 0n ? formatValue(value) : undefined;
  const api = session.requireChain();
  const fmt = (vals: { name: string; type: string; value: unknown }[]) =>
    vals.map((v) => ({ name: v.name, type: v.type, value: JSON.stringify(v.value) }));
  try {
    if (mode === 'call') {
      const from = session.account()?.address;
      const r = await api.call(target.address, data, from);
      if (r.status !== 0) {
        // On the devnode: where the call failed and what it printed (a second, traced run); the
        // Debug button replays the call in the debugger.
        const traced = await api.devTools?.traceCall(target.address, data, from).catch(() => null);
        return {
          ...base,
          ok: false,
          blockNumber: r.blockNumber,
          message: `${statusName(r.status)} (${r.status})${decodeRevertReason(r.output) ? `: ${decodeRevertReason(r.output)}` : ''}${await diagnosticsSuffix(api, traced)}`,
          ...(traced ? { debug: { call: { to: target.address, data, ...(from ? { from } : {}) } } } : {}),
        };
      }
      return {
        ...base,
        ok: true,
        blockNumber: r.blockNumber,
        outputs: fmt(codec.decodeOutput(signature, r.output)),
        message: `Called at block ${r.blockNumber}`,
      };
    }
    const signer = await session.requireSigner();
    await confirmTransaction(
      session,
      signer,
      `Send ${signature}${shownValue ? ` with ${shownValue}` : ''} to ${target.name ?? target.address}`,
    );
    const receipt = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Sending ${signature}…` },
      () => api.send(signer, target.address, data, target.abi, value > 0n ? value : undefined),
    );
    const codecs = await loadCodecs(
      api,
      registry,
      (receipt.logEntries ?? []).map((l) => l.address),
    );
    const events = (receipt.logEntries ?? []).map((l) => {
      const address = l.address.startsWith('0x') ? l.address : `0x${l.address}`;
      const d = (codecs(address) ?? codec).decodeEvent(l.topics, l.data);
      return d
        ? { name: d.signature, args: fmt(d.args) }
        : {
            name: `unknown event from ${address}`,
            args: [{ name: 'data', type: 'bytes', value: JSON.stringify(l.data) }],
          };
    });
    const ok = receipt.status === 0;
    let outputs: ResultView['outputs'] = [];
    if (ok && receipt.output && receipt.output !== '0x') {
      try {
        outputs = fmt(codec.decodeOutput(signature, receipt.output));
      } catch {
        outputs = [{ name: 'output', type: 'bytes', value: JSON.stringify(receipt.output) }];
      }
    }
    const diagnostics = await api.devTools?.diagnostics(receipt.transactionHash).catch(() => null);
    return {
      ...base,
      ok,
      outputs,
      events,
      transactionHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      ...(shownValue ? { value: shownValue } : {}),
      message:
        (ok ? `Sealed in block ${receipt.blockNumber}` : describeReceiptStatus(receipt)) +
        (await diagnosticsSuffix(api, diagnostics)),
      // Diagnostics answer only on the local node: a failure there can be debugged.
      ...(!ok && diagnostics ? { debug: { txHash: receipt.transactionHash } } : {}),
    };
  } catch (err) {
    if (err instanceof CancelledError) return { ...base, ok: false, message: 'Cancelled: nothing was sent.' };
    return { ...base, ok: false, message: describeError(err) };
  }
}

/** The Debug button of a failed result: a transaction by hash, or the failed call replayed. */
async function debugTarget(target: DebugTarget): Promise<void> {
  if ('txHash' in target) {
    await vscode.commands.executeCommand('fiscoBcos.debugTransaction', target.txHash);
    return;
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  await vscode.debug.startDebugging(folder, {
    type: 'fisco-bcos',
    request: 'launch',
    name: `Debug call to ${target.call.to.slice(0, 10)}…`,
    call: target.call,
    sourceRoot: folder?.uri.fsPath,
  });
}
