// Events view: pick a deployed contract (workspace deployments or BFS links under /apps), scan a
// block range for its events (decoded with every ABI known for it, raw otherwise), filter by
// event, follow new events live over the node's event subscription, open a transaction.

import * as vscode from 'vscode';
import { id, Interface, type InterfaceAbi } from 'ethers';
import { EventDecoder } from '../../client/events';
import { cryptoSuite } from '../../protocol/crypto/suite';
import type { LogJson } from '../../protocol/rpc/types';
import type { AbiRegistry } from '../abiRegistry';
import type { ChainApi } from '../chain/chainApi';
import type { LiveEvents } from '../chain/devTools';
import { describeError } from '../errors';
import {
  type ContractOption,
  type EventsToHost,
  type HostToEvents,
  parseEventsToHost,
  ROWS_PER_MESSAGE,
} from '../messages/eventsMessages';
import { eventRows } from '../models/eventsModel';
import type { Session } from '../session';
import { PanelHost } from './panelHost';

let current: PanelHost<EventsToHost, HostToEvents> | undefined;

function eventSignatures(abi: string): string[] {
  try {
    const parsed: unknown = JSON.parse(abi);
    if (!Array.isArray(parsed)) return [];
    const iface = new Interface(parsed as InterfaceAbi);
    const out: string[] = [];
    iface.forEachEvent((e) => {
      if (!e.anonymous) out.push(e.format('sighash'));
    });
    return out;
  } catch {
    return [];
  }
}

async function contractOptions(
  session: Session,
  registry: AbiRegistry,
  api: ChainApi,
): Promise<ContractOption[]> {
  const connection = session.connection?.name;
  const out: ContractOption[] = registry
    .all()
    .filter((c) => !connection || c.connection === connection)
    .map((c) => ({
      address: c.address.toLowerCase(),
      label: `${c.name} (workspace)`,
      events: eventSignatures(c.abi),
    }));
  // BFS links under /apps name deployed contracts too: /apps/<name> and /apps/<name>/<version>.
  const add = async (label: string, address: string) => {
    if (out.some((o) => o.address === address.toLowerCase())) return;
    const abi = await api.abiOf(address).catch(() => '');
    out.push({ address: address.toLowerCase(), label: `${label} (BFS)`, events: eventSignatures(abi) });
  };
  // A directory's listing names its links without their addresses (as the node's BFS list does):
  // those are read with readlink.
  const linkAt = async (path: string, entry: { type: string; address?: string }) => {
    const address =
      entry.address || (entry.type === 'link' ? await api.bfsReadlink(path).catch(() => '') : '');
    if (/^0x[0-9a-fA-F]{40}$/.test(address)) await add(path, address);
  };
  const apps = await api.bfsList('/apps', 0, 200).catch(() => undefined);
  for (const e of apps?.entries ?? []) {
    if (e.type === 'directory') {
      const versions = await api.bfsList(`/apps/${e.name}`, 0, 50).catch(() => undefined);
      for (const v of versions?.entries ?? []) await linkAt(`/apps/${e.name}/${v.name}`, v);
    } else await linkAt(`/apps/${e.name}`, e);
  }
  return out;
}

async function decoderFor(api: ChainApi, registry: AbiRegistry, address: string): Promise<EventDecoder> {
  const abis = [registry.find(address)?.abi, await api.abiOf(address).catch(() => '')].filter(
    (a): a is string => !!a,
  );
  return new EventDecoder(abis, cryptoSuite(api.sm));
}

/** Topic 0 of an event with the chain hash and with keccak (standard solc on an SM chain). */
function topicsFor(api: ChainApi, event: string): (string[] | null)[] {
  return event ? [[...new Set([api.hashText(event), id(event)])]] : [];
}

export function showEventsPanel(
  session: Session,
  registry: AbiRegistry,
  extensionUri: vscode.Uri,
): PanelHost<EventsToHost, HostToEvents> {
  if (current && !current.isDisposed) {
    current.panel.reveal();
    return current;
  }
  let scan: AbortController | undefined;
  let live: LiveEvents | undefined;
  const stopLive = async () => {
    const l = live;
    live = undefined;
    await l?.stop().catch(() => undefined);
  };

  const runQuery = async (
    host: PanelHost<EventsToHost, unknown>,
    m: Extract<EventsToHost, { type: 'query' }>,
  ) => {
    scan?.abort();
    const abort = (scan = new AbortController());
    const api = session.requireChain();
    const tools = api.devTools;
    if (!tools) throw new Error('This connection cannot read logs.');
    const decoder = await decoderFor(api, registry, m.address);
    const post = (x: HostToEvents) => host.post(x);
    let first = true;
    const pending: LogJson[] = [];
    // At most ROWS_PER_MESSAGE rows per message, posted in order; only the first replaces the
    // table (a later one may be posted before the first has been delivered).
    const flush = async (logs: LogJson[], to: number, done: boolean) => {
      const replace = first;
      first = false;
      await post({
        type: 'rows',
        rows: eventRows(logs, decoder),
        replace,
        scanned: { from: m.fromBlock, to },
        done,
      });
    };
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Reading events…', cancellable: false },
      async (progress) => {
        try {
          const latest = m.toBlock ?? (await api.blockNumber());
          await tools.logs(
            { address: m.address, topics: topicsFor(api, m.event), fromBlock: m.fromBlock, toBlock: latest },
            (logs, _from, to) => {
              pending.push(...logs);
              progress.report({ message: `blocks ${m.fromBlock}–${to} of ${latest}` });
              while (pending.length >= ROWS_PER_MESSAGE)
                void flush(pending.splice(0, ROWS_PER_MESSAGE), to, false);
            },
            abort.signal,
          );
          await flush(pending.splice(0), latest, true);
        } catch (err) {
          if (abort.signal.aborted) return;
          await post({ type: 'error', message: `Reading events failed: ${describeError(err)}` });
        }
      },
    );
  };

  current = new PanelHost<EventsToHost, HostToEvents>({
    viewType: 'fiscoBcos.events',
    title: 'FISCO BCOS Events',
    script: 'events',
    extensionUri,
    parse: parseEventsToHost,
    onMessage: async (m, host) => {
      const post = (x: HostToEvents) => host.post(x);
      if (m.type === 'ready' || m.type === 'refreshContracts') {
        const api = session.requireChain();
        await post({
          type: 'init',
          connection: session.connection?.name ?? '',
          ...(session.account() ? { account: session.account()!.address } : {}),
          contracts: await contractOptions(session, registry, api),
        });
      } else if (m.type === 'openTransaction') {
        await vscode.commands.executeCommand('fiscoBcos.showTransaction', m.hash);
      } else if (m.type === 'cancel') {
        scan?.abort();
      } else if (m.type === 'query') {
        await runQuery(host, m);
      } else if (m.type === 'follow') {
        await stopLive();
        if (m.on) {
          const api = session.requireChain();
          const tools = api.devTools;
          if (!tools) throw new Error('This connection cannot subscribe to events.');
          const decoder = await decoderFor(api, registry, m.address);
          live = await tools.follow(
            { address: m.address, topics: topicsFor(api, m.event) },
            (logs) =>
              void post({
                type: 'rows',
                rows: eventRows(logs, decoder),
                replace: false,
                scanned: { from: 0, to: 0 },
                done: true,
              }),
            (err) => {
              live = undefined;
              void post({ type: 'live', on: false });
              void post({ type: 'error', message: `Following events stopped: ${describeError(err)}` });
            },
          );
        }
        await post({ type: 'live', on: !!live });
      }
    },
  });
  current.panel.onDidDispose(() => {
    scan?.abort();
    void stopLive();
  });
  return current;
}
