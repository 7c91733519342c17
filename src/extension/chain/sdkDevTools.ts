// DevTools over the SDK: getLogs paging, EventSubscriber on the node's WebSocket channel (the
// RPC port: http→ws, https→wss with the same certificates), devnode diagnostics. The channel goes
// to a live one of the connection's endpoints (url, then peers), starting with the one the RPC
// client last reached, so live events fail over like every other request.

import type { Client } from '../../client/client';
import { devnodeDebugTrace, devnodeTraceCall, getDevnodeDiagnostics } from '../../client/devnode';
import { EventSubscriber } from '../../client/eventSub';
import { TransportError } from '../../client/errors';
import { FailoverTransport } from '../../client/transport/failover';
import type { TlsOptions } from '../../client/transport/http';
import type { DevTools, LiveEvents, LogQuery } from './devTools';

export class SdkDevTools implements DevTools {
  private subscriber?: EventSubscriber;

  /** RPC endpoints (url first, then peers), with their scheme. */
  private readonly endpoints: string[];

  constructor(
    private readonly client: Client,
    endpoints: string | readonly string[],
    private readonly tls?: TlsOptions,
  ) {
    const list = typeof endpoints === 'string' ? [endpoints] : endpoints;
    this.endpoints = [
      ...new Set(list.map((e) => (/^[a-z]+:\/\//i.test(e) ? e : `${tls ? 'https' : 'http'}://${e}`))),
    ];
  }

  logs(...[query, onPage, signal]: Parameters<DevTools['logs']>): ReturnType<DevTools['logs']> {
    return this.client.getLogsInRange(
      { address: query.address, topics: query.topics, fromBlock: query.fromBlock, toBlock: query.toBlock },
      { onPage, signal },
    );
  }

  async follow(...[query, onLogs, onError]: Parameters<DevTools['follow']>): Promise<LiveEvents> {
    this.subscriber ??= await this.liveSubscriber();
    const sub = await this.subscriber.subscribe(
      { address: query.address, topics: query.topics, fromBlock: query.fromBlock ?? 'latest' },
      { onLogs, onError },
    );
    return { stop: () => sub.unsubscribe() };
  }

  /** A subscriber whose channel is connected: the endpoint the RPC last reached first, then the others. */
  private async liveSubscriber(): Promise<EventSubscriber> {
    const active = this.client.transport instanceof FailoverTransport ? this.client.transport.activeUrl : '';
    const start = Math.max(0, this.endpoints.indexOf(active));
    const order = [...this.endpoints.slice(start), ...this.endpoints.slice(0, start)];
    const failures: string[] = [];
    let last: TransportError | undefined;
    for (const url of order) {
      const subscriber = new EventSubscriber({
        group: this.client.group,
        url: url.replace(/^http/, 'ws'),
        tls: this.tls,
      });
      try {
        await subscriber.channel.connect();
        return subscriber;
      } catch (e) {
        subscriber.close();
        // Only a node that cannot be reached moves on; any other answer is the user's to see.
        if (!(e instanceof TransportError) || (e.kind !== 'connect' && e.kind !== 'timeout')) throw e;
        last = e;
        failures.push(`${url}: ${e.message}`);
      }
    }
    if (order.length === 1 && last) throw last;
    throw new TransportError(
      last?.kind ?? 'connect',
      order.join(', '),
      `no node accepted the event channel (${failures.join('; ')}); check that at least one of the peers is running`,
      undefined,
      undefined,
      { cause: last },
    );
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
