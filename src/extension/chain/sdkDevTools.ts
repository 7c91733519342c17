// DevTools over the SDK: getLogs paging, EventSubscriber on the node's WebSocket channel (the
// RPC port: http→ws, https→wss with the same certificates), devnode diagnostics.

import type { Client } from '../../client/client';
import { devnodeDebugTrace, devnodeTraceCall, getDevnodeDiagnostics } from '../../client/devnode';
import { EventSubscriber } from '../../client/eventSub';
import type { TlsOptions } from '../../client/transport/http';
import type { DevTools, LiveEvents, LogQuery } from './devTools';

export class SdkDevTools implements DevTools {
  private subscriber?: EventSubscriber;

  constructor(
    private readonly client: Client,
    private readonly url: string,
    private readonly tls?: TlsOptions,
  ) {}

  logs(...[query, onPage, signal]: Parameters<DevTools['logs']>): ReturnType<DevTools['logs']> {
    return this.client.getLogsInRange(
      { address: query.address, topics: query.topics, fromBlock: query.fromBlock, toBlock: query.toBlock },
      { onPage, signal },
    );
  }

  async follow(...[query, onLogs, onError]: Parameters<DevTools['follow']>): Promise<LiveEvents> {
    this.subscriber ??= new EventSubscriber({
      group: this.client.group,
      url: this.url.replace(/^http/, 'ws'),
      tls: this.tls,
    });
    const sub = await this.subscriber.subscribe(
      { address: query.address, topics: query.topics, fromBlock: query.fromBlock ?? 'latest' },
      { onLogs, onError },
    );
    return { stop: () => sub.unsubscribe() };
  }

  diagnostics(txHash: string): ReturnType<DevTools['diagnostics']> {
    return getDevnodeDiagnostics(this.client, txHash);
  }

  traceCall(to: string, data: string, from?: string): ReturnType<DevTools['traceCall']> {
    return devnodeTraceCall(this.client, to, data, from);
  }

  debugTrace(
    target: Parameters<NonNullable<DevTools['debugTrace']>>[0],
  ): ReturnType<NonNullable<DevTools['debugTrace']>> {
    return devnodeDebugTrace(this.client, target);
  }

  close(): void {
    this.subscriber?.close();
    this.subscriber = undefined;
  }
}

export type { LogQuery };
