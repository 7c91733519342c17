// The devnode's own diagnostics (its `devnode_*` methods; a real node answers -32601, and these
// helpers then resolve null): console.log output and the failing code address and program
// counter of a transaction or call, for Hardhat-like failure locations (see sourceMap.ts), and
// the built-in contract when one failed. Answers are checked (devnodeAnswers.ts).

import type { Client } from './client';
import type { Trace } from '../protocol/rpc/trace';
import { RpcError } from './errors';
import type { RequestOptions } from './transport/types';
import * as v from './validate';
import { diagnosticsAnswer, traceCallAnswer } from './devnodeAnswers';

/** A built-in (precompiled) contract that failed on its own. */
export interface DevnodeBuiltinFailure {
  /** "0x" + 40 hex, as the node names it (0x…100e). */
  address: string;
  /** The devnode's name for it: "BFSPrecompiled", "TableManager", "CommitteeManager", … */
  name: string;
  /** The signature its selector names ("mkdir(string)"), else the selector as hex. */
  method: string;
}

export interface DevnodeFailurePoint {
  codeAddress: string;
  address: string;
  /** Program counter in the failing code; -1 when the point is a built-in itself. */
  pc: number;
  /** The failing code was creation code (a constructor). */
  create: boolean;
  /** For a creation: the init code that ran (transaction input or CREATE data), to find its source map. */
  initCode?: string;
  depth: number;
  /** The EVM error: "revert", "out of gas", "invalid opcode", …, or a built-in's status name. */
  error: string;
  /**
   * The built-in that failed on its own: with pc -1 the point is that built-in (codeAddress =
   * address = it); with a contract's pc, the contract passed the built-in's revert data on.
   */
  builtin?: DevnodeBuiltinFailure;
}

export interface DevnodeDiagnostics {
  consoleLogs: string[];
  failure: DevnodeFailurePoint | null;
}

export interface DevnodeTrace extends DevnodeDiagnostics {
  status: number;
  output: string;
}

const METHOD_NOT_FOUND = -32601;

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof RpcError && e.code === METHOD_NOT_FOUND) return null;
    throw e;
  }
}

/** console.log lines and failure point of a transaction; null on a real node or for an unknown hash. */
export function getDevnodeDiagnostics(
  client: Client,
  txHash: string,
  options?: RequestOptions,
): Promise<DevnodeDiagnostics | null> {
  const op = 'getDevnodeDiagnostics';
  const hash = v.hash32(op, txHash);
  return orNull(
    client
      .request<unknown>('devnode_getTransactionDiagnostics', [client.group, hash], options)
      .then((answer) => diagnosticsAnswer(op, answer)),
  );
}

/** Runs a read-only call on the devnode and returns its console.log lines and failure point; null on a real node. */
export function devnodeTraceCall(
  client: Client,
  to: string,
  data: string | Uint8Array,
  from?: string,
  options?: RequestOptions,
): Promise<DevnodeTrace | null> {
  const op = 'devnodeTraceCall';
  const params = [client.group, v.address(op, to), v.hexData(op, 'data', data)];
  if (from !== undefined) params.push(v.address(op, from));
  return orNull(
    client
      .request<unknown>('devnode_traceCall', params, options)
      .then((answer) => traceCallAnswer(op, answer)),
  );
}

/** A debugger trace from the devnode (step shape: src/protocol/rpc/trace.ts). */
export interface DevnodeDebugTrace {
  status: number;
  output: string;
  trace: Trace;
}

/**
 * Step trace of a committed transaction (`{txHash}`) or of a read-only call (`{call}`), from the
 * devnode's devnode_debugTrace* methods; null on a real node (it has no trace method) or for an
 * unknown transaction.
 */
export function devnodeDebugTrace(
  client: Client,
  target: { txHash: string } | { call: { to: string; data: string; from?: string } },
  limits?: { maxSteps?: number; maxBytes?: number },
  options?: RequestOptions,
): Promise<DevnodeDebugTrace | null> {
  const op = 'devnodeDebugTrace';
  if ('txHash' in target) {
    const hash = v.hash32(op, target.txHash);
    return orNull(
      client.request<DevnodeDebugTrace | null>(
        'devnode_debugTraceTransaction',
        [client.group, hash, limits ?? null],
        options,
      ),
    );
  }
  const c = target.call;
  const params = [
    client.group,
    v.address(op, c.to),
    v.hexData(op, 'data', c.data),
    c.from === undefined ? '' : v.address(op, c.from),
    limits ?? null,
  ];
  return orNull(client.request<DevnodeDebugTrace>('devnode_debugTraceCall', params, options));
}
