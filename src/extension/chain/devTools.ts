// The contract developer's feedback loop as the extension sees it: logs by range, live event
// subscriptions, and the devnode's diagnostics (console.log lines, failure point) of a
// transaction. Implemented over the SDK by sdkDevTools.ts; tests use fakes. No vscode import.

import type { LogJson } from '../../protocol/rpc/types';
import type { EventPushLogJson } from '../../protocol/rpc/types';
import type { DevnodeDebugTrace, DevnodeDiagnostics, DevnodeTrace } from '../../client/devnode';

export interface LogQuery {
  address?: string;
  topics?: (string | string[] | null)[];
  fromBlock: number;
  toBlock?: number;
}

export interface LiveEvents {
  stop(): Promise<void>;
}

export interface DevTools {
  /** Logs of fromBlock..toBlock (default latest), in order; pages of at most 10 blocks. */
  logs(
    query: LogQuery,
    onPage?: (logs: LogJson[], from: number, to: number) => void,
    signal?: AbortSignal,
  ): Promise<LogJson[]>;
  /** Pushes new matching logs, block by block, until stopped; survives reconnections. */
  follow(
    query: Omit<LogQuery, 'fromBlock'> & { fromBlock?: number },
    onLogs: (logs: EventPushLogJson[], block: number) => void,
    onError: (error: Error) => void,
  ): Promise<LiveEvents>;
  /** The devnode's console.log lines and failure point; null on a real node. */
  diagnostics(txHash: string): Promise<DevnodeDiagnostics | null>;
  /** A read-only call traced by the devnode; null on a real node. */
  traceCall(to: string, data: string, from?: string): Promise<DevnodeTrace | null>;
  /** The devnode's step trace of a transaction or call, for the debugger; null on a real node. */
  debugTrace?(
    target: { txHash: string } | { call: { to: string; data: string; from?: string } },
  ): Promise<DevnodeDebugTrace | null>;
  close(): void;
}
