// How a Client reaches its group's nodes: the client's and each request's options, and the
// HTTP(S) transport built from url / peers (failing over between them) when none is given.

import { FailoverTransport } from './transport/failover';
import { HttpTransport, type TlsOptions } from './transport/http';
import type { RequestOptions, Transport } from './transport/types';

export interface ClientOptions {
  /** Group id the client is bound to (e.g. "group0"). Required. */
  group: string;
  /** Node RPC address, http://host:port or https://host:port (with `tls`). */
  url?: string;
  /**
   * Several node RPC endpoints of the same group (console config.toml `peers`): requests fail
   * over to the next when a node is down. "host:port" entries get http, or https with `tls`.
   * When `url` is also given it is tried first.
   */
  peers?: string[];
  tls?: TlsOptions;
  /** Default request timeout (ms). */
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRequestBytes?: number;
  /** Use this transport instead of building one from url/tls. */
  transport?: Transport;
  /** Node every node-aware request names unless overridden ("" = any node). */
  node?: string;
}

/** Per-call options of node-aware methods. */
export interface NodeOptions extends RequestOptions {
  /** Node name for params[1]; overrides the client's default node. "" = any node. */
  node?: string;
}

export interface CallOptions extends NodeOptions {
  /** Signature for call-with-sign (node ≥ 3.4.0), sent as the 5th parameter. */
  sign?: string;
}

/** One HttpTransport per endpoint (url first, then peers), failing over when there are several. */
export function transportFor(options: ClientOptions): Transport {
  const urls = endpointUrls(options);
  if (urls.length === 0) throw new TypeError('Client: give a url (http://host:port), peers, or a transport');
  const http = urls.map(
    (url) =>
      new HttpTransport({
        url,
        tls: options.tls,
        timeoutMs: options.timeoutMs,
        maxResponseBytes: options.maxResponseBytes,
        maxRequestBytes: options.maxRequestBytes,
      }),
  );
  return http.length === 1 ? http[0] : new FailoverTransport(http);
}

/** The transport's share of request options (the node name is not one). */
export function pick(options?: RequestOptions): RequestOptions | undefined {
  if (!options) return undefined;
  return { signal: options.signal, timeoutMs: options.timeoutMs };
}

/** url first, then peers; "host:port" gets the scheme the TLS options imply. Duplicates dropped. */
function endpointUrls(options: ClientOptions): string[] {
  const list = [...(options.url ? [options.url] : []), ...(options.peers ?? [])];
  const out: string[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string' || raw.trim() === '')
      throw new TypeError('Client: peers must be non-empty strings');
    const text = raw.trim();
    const url = /^[a-z]+:\/\//i.test(text) ? text : `${options.tls ? 'https' : 'http'}://${text}`;
    if (!out.includes(url)) out.push(url);
  }
  return out;
}
