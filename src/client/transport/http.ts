// JSON-RPC 2.0 over HTTP(S) POST, as the node's [rpc] port serves it. HTTPS uses mutual TLS with
// the certificates build_chain.sh writes to nodes/<ip>/sdk/ (ca.crt, sdk.crt, sdk.key).

import type * as http from 'node:http';
import { nodeHttp, nodeHttps } from './nodeHttp';
import { makeRequest } from '../../protocol/rpc/envelope';
import { rpcErrorFrom, TransportError } from '../errors';
import type { RequestOptions, Transport } from './types';
import { loadTlsFiles, type TlsFiles } from './tlsFiles';
import { asError, errorMessage } from '../../protocol/unknownValues';
import { isSmCertDir, smTls } from './smCertDir';
import type { SmSuiteName } from './smTls';

export interface TlsOptions {
  /**
   * Folder holding ca.crt, sdk.crt and sdk.key (the node's sdk/ folder), or, for an SM chain,
   * sm_ca.crt, sm_sdk.crt/.key and sm_ensdk.crt/.key: such a folder is detected by its file
   * names and the connection speaks SM TLS (TLCP, src/protocol/tlcp).
   */
  certDir?: string;
  /** SM TLS only: cipher suites to offer (default both, ECC-SM4-SM3 first). */
  smSuites?: SmSuiteName[];
  /** PEM contents (used instead of certDir when given). */
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  /**
   * Check the host name against the node certificate. Off by default: build_chain.sh
   * certificates carry no subjectAltName, so only the chain to ca.crt is verified.
   */
  checkHostname?: boolean;
}

export interface HttpTransportOptions {
  /** http://host:port or https://host:port (https needs `tls`). */
  url: string;
  tls?: TlsOptions;
  /** Default per-request timeout in ms. sendTransaction waits for the commit, so keep it generous. */
  timeoutMs?: number;
  /** Largest accepted response body in bytes. */
  maxResponseBytes?: number;
  /** Largest request body sent, in bytes (checked before anything goes out). */
  maxRequestBytes?: number;
  /** Pooled sockets per transport. */
  maxSockets?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_REQUEST_BYTES = 32 * 1024 * 1024;

// Node error codes that mean the TLS layer refused the connection.
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

export class HttpTransport implements Transport {
  readonly url: string;
  private readonly endpoint: URL;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxRequestBytes: number;
  private readonly secure: boolean;
  /** SM TLS: node:http over TLCP sockets instead of node:https. */
  private readonly sm: boolean = false;
  private readonly requestUrl: URL;
  private nextId = 1;

  constructor(options: HttpTransportOptions) {
    if (!options || typeof options.url !== 'string' || !options.url.trim())
      throw new TypeError('HttpTransport: a url (http://host:port or https://host:port) is required');
    let endpoint: URL;
    try {
      endpoint = new URL(options.url.trim());
    } catch {
      throw new TypeError(`HttpTransport: "${options.url}" is not a valid URL`);
    }
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
      throw new TypeError(
        `HttpTransport: unsupported scheme "${endpoint.protocol}" in ${options.url} (use http or https)`,
      );
    this.secure = endpoint.protocol === 'https:';
    if (this.secure && !options.tls)
      throw new TypeError(
        `HttpTransport: ${options.url} is https but no tls options (certDir or ca/cert/key) were given`,
      );
    if (!this.secure && options.tls)
      throw new TypeError(`HttpTransport: tls options given but ${options.url} is not https`);
    this.endpoint = endpoint;
    this.url = endpoint.origin + (endpoint.pathname === '/' ? '' : endpoint.pathname);
    this.timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
    this.maxResponseBytes = positive(
      options.maxResponseBytes,
      DEFAULT_MAX_RESPONSE_BYTES,
      'maxResponseBytes',
    );
    this.maxRequestBytes = positive(options.maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES, 'maxRequestBytes');
    const maxSockets = positive(options.maxSockets, 16, 'maxSockets');
    this.requestUrl = endpoint;
    const tls = options.tls;
    if (this.secure && tls?.certDir && tls.ca === undefined && isSmCertDir(tls.certDir)) {
      this.sm = true;
      const { TlcpAgent, loadSmTlsConfig } = smTls();
      this.agent = new TlcpAgent(loadSmTlsConfig(tls.certDir, tls.smSuites), { keepAlive: true, maxSockets });
      // node:http refuses https: URLs; the scheme only selected TLCP here.
      this.requestUrl = new URL(endpoint.href);
      this.requestUrl.port = endpoint.port || '443';
      this.requestUrl.protocol = 'http:';
    } else if (this.secure) {
      const files: TlsFiles = loadTlsFiles(options.tls!);
      this.agent = new (nodeHttps().Agent)({
        keepAlive: true,
        maxSockets,
        ca: files.ca,
        cert: files.cert,
        key: files.key,
        rejectUnauthorized: true,
        ...(options.tls!.checkHostname ? {} : { checkServerIdentity: () => undefined }),
      });
    } else {
      this.agent = new (nodeHttp().Agent)({ keepAlive: true, maxSockets });
    }
  }

  request<T = unknown>(method: string, params: unknown[], options: RequestOptions = {}): Promise<T> {
    if (typeof method !== 'string' || !method)
      return Promise.reject(new TypeError('request: method name required'));
    if (!Array.isArray(params)) return Promise.reject(new TypeError(`${method}: params must be an array`));
    const id = this.nextId++;
    let body: string;
    try {
      body = JSON.stringify(makeRequest(method, params, id));
    } catch (err) {
      return Promise.reject(
        new TypeError(`${method}: params are not JSON-serializable (${errorMessage(err)})`),
      );
    }
    const size = Buffer.byteLength(body);
    if (size > this.maxRequestBytes)
      return Promise.reject(
        new TransportError(
          'too-large',
          this.url,
          `${method} to ${this.url}: request of ${size} bytes exceeds the ${this.maxRequestBytes}-byte limit`,
        ),
      );
    let timeoutMs: number;
    try {
      timeoutMs = positive(options.timeoutMs, this.timeoutMs, 'timeoutMs');
    } catch (err) {
      return Promise.reject(asError(err));
    }
    return this.post(method, body, timeoutMs, options.signal).then((text) =>
      this.decode<T>(method, id, text),
    );
  }

  close(): void {
    this.agent.destroy();
  }

  private post(method: string, body: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const url = this.url;
    return new Promise<string>((resolve, reject) => {
      if (signal?.aborted) {
        reject(
          new TransportError('aborted', url, `${method} to ${url} was aborted`, undefined, undefined, {
            cause: signal.reason,
          }),
        );
        return;
      }
      let settled = false;
      const finish = (err: Error | null, text?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err) {
          req.destroy();
          reject(err);
        } else resolve(text!);
      };
      const onAbort = () =>
        finish(
          new TransportError('aborted', url, `${method} to ${url} was aborted`, undefined, undefined, {
            cause: signal?.reason,
          }),
        );
      const mod = this.secure && !this.sm ? nodeHttps() : nodeHttp();
      const req = mod.request(this.requestUrl, {
        method: 'POST',
        agent: this.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
      });
      const timer = setTimeout(
        () =>
          finish(new TransportError('timeout', url, `${method} to ${url} timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err: NodeJS.ErrnoException) => finish(describeSocketError(err, method, url)));
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish(
            new TransportError(
              'http',
              url,
              `${method} to ${url}: HTTP ${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
              undefined,
              res.statusCode,
            ),
          );
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
          finish(this.tooLarge(method, declared));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxResponseBytes) finish(this.tooLarge(method, size));
          else chunks.push(chunk);
        });
        res.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err: NodeJS.ErrnoException) => finish(describeSocketError(err, method, url)));
        res.on('close', () => {
          if (!res.complete)
            finish(new TransportError('connect', url, `${method} to ${url}: connection closed mid-response`));
        });
      });
      req.end(body);
    });
  }

  private tooLarge(method: string, size: number): TransportError {
    return new TransportError(
      'too-large',
      this.url,
      `${method} to ${this.url}: response of ${size} bytes exceeds the ${this.maxResponseBytes}-byte limit`,
    );
  }

  private decode<T>(method: string, id: number, text: string): T {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      throw new TransportError(
        'protocol',
        this.url,
        `${method} to ${this.url}: response is not valid JSON: ${preview(text)}`,
      );
    }
    if (!message || typeof message !== 'object' || Array.isArray(message))
      throw new TransportError(
        'protocol',
        this.url,
        `${method} to ${this.url}: response is not a JSON-RPC object: ${preview(text)}`,
      );
    const m = message as { id?: unknown; result?: unknown; error?: unknown };
    if (m.error !== undefined && m.error !== null) {
      const e = m.error as { code?: unknown; message?: unknown };
      if (typeof e !== 'object' || typeof e.code !== 'number')
        throw new TransportError(
          'protocol',
          this.url,
          `${method} to ${this.url}: malformed error object: ${preview(text)}`,
        );
      throw rpcErrorFrom(e.code, typeof e.message === 'string' ? e.message : '', method);
    }
    if (!('result' in m))
      throw new TransportError(
        'protocol',
        this.url,
        `${method} to ${this.url}: response has neither result nor error: ${preview(text)}`,
      );
    if (m.id !== id)
      throw new TransportError(
        'protocol',
        this.url,
        `${method} to ${this.url}: response id ${JSON.stringify(m.id)} does not match request id ${id}`,
      );
    // The caller names the method's documented result type; the node's JSON is passed through as-is.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    return m.result as T;
  }
}

/** True for Node's TLS error codes and the TLCP engine's (ERR_TLCP_*): the secure layer refused. */
export function isTlsErrorCode(code: string | undefined): boolean {
  return (
    !!code &&
    (TLS_CODES.has(code) ||
      code.startsWith('ERR_SSL') ||
      code.startsWith('ERR_TLS') ||
      code.startsWith('ERR_TLCP'))
  );
}

function describeSocketError(err: NodeJS.ErrnoException, method: string, url: string): TransportError {
  const code = err.code;
  if (isTlsErrorCode(code))
    return new TransportError(
      'tls',
      url,
      `${method} to ${url}: TLS failure (${code}): ${err.message}`,
      code,
      undefined,
      { cause: err },
    );
  const hints: Record<string, string> = {
    ECONNREFUSED: 'connection refused: is the node running and is this its RPC port?',
    ECONNRESET: 'connection reset by the node (TLS required, or a client certificate rejected?)',
    ENOTFOUND: 'host not found',
    EHOSTUNREACH: 'host unreachable',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed by the node',
  };
  const what = (code && hints[code]) || err.message;
  return new TransportError(
    'connect',
    url,
    `${method} to ${url}: ${what}${code ? ` (${code})` : ''}`,
    code,
    undefined,
    { cause: err },
  );
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number of ms/bytes, got ${String(value)}`);
  return value;
}

function preview(text: string): string {
  const t = text.length > 120 ? text.slice(0, 117) + '...' : text;
  return JSON.stringify(t);
}
