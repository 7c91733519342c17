// What the Client needs from a transport: one JSON-RPC call at a time, by method and params.

export interface RequestOptions {
  /** Cancels the request; the promise rejects with a TransportError of kind "aborted". */
  signal?: AbortSignal;
  /** Overrides the transport's default timeout for this request (ms). */
  timeoutMs?: number;
}

export interface Transport {
  /** Where requests go, for error messages (e.g. "http://127.0.0.1:20200"). */
  readonly url: string;
  /**
   * Sends one JSON-RPC 2.0 request and resolves with its `result`. Rejects with RpcError (the
   * node answered with an error object) or TransportError (no usable answer).
   */
  request<T = unknown>(method: string, params: unknown[], options?: RequestOptions): Promise<T>;
  /** Frees pooled connections. Further requests may reopen them. */
  close(): void;
}
