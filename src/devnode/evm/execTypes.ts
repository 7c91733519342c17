// What the EVM executor takes and gives back (executor.ts): block environment, invocation,
// outcome and logs, the options it is built with, and FISCO BCOS's execution constants.

import type { CryptoSuite } from '../../protocol/crypto/suite';
import type { Builtins, ChainFacts } from '../builtin/types';
import type { MemoryTableStore } from '../storage/tableStore';
import type { ExecDiagnostics } from './diagnostics';
import type { JournaledStateManager } from './stateManager';

/** FISCO BCOS's EVM code size limit (vmSchedule maxEvmCodeSize). */
export const MAX_CODE_SIZE = 0x100000;
/**
 * Gas of a built-in call whose handler reports none: the node meters only its table precompiles
 * (builtin/gas.ts); BFS, consensus, system config and auth calls charge nothing.
 */
export const DEFAULT_PRECOMPILED_GAS = 0n;
/** Gas a transaction's own value transfer costs (bcos-executor Common.h BALANCE_TRANSFER_GAS). */
export const BALANCE_TRANSFER_GAS = 21000n;

/** AccountPrecompiled::subAccountBalance's NotEnoughCashError: receipt status 7. */
export class NotEnoughCashError extends Error {
  constructor() {
    super('Account balance is not enough!');
    this.name = 'NotEnoughCashError';
  }
}

export interface ExecLog {
  address: string; // 40 lowercase hex, no 0x
  topics: Uint8Array[];
  data: Uint8Array;
}

export interface ExecOutcome {
  status: number;
  output: Uint8Array;
  gasUsed: bigint;
  logs: ExecLog[];
  /** 40 lowercase hex without 0x, '' unless a deployment succeeded. */
  contractAddress: string;
  /** console.log lines and the failure point, when there are any (devnode only). */
  diagnostics?: ExecDiagnostics;
}

export interface BlockEnv {
  number: number;
  timestamp: number;
  gasLimit: bigint;
  /** Index of the transaction in its block (the "contextID" of the address rule). */
  txIndex: number;
  cancun: boolean;
  /** feature_evm_timestamp: TIMESTAMP in seconds (HostContext::timestamp), else milliseconds. */
  evmTimestamp?: boolean;
  /** feature_balance: value moves between accounts (else the node zeroes it). */
  balance?: boolean;
  authCheck: boolean;
}

export interface Invocation {
  /** 0x + 40 lowercase hex. */
  origin: string;
  /** 0x + 40 lowercase hex, or '' for a deployment. */
  to: string;
  input: Uint8Array;
  /** True for `call`: the writes are discarded and built-ins refuse to write. */
  readOnly: boolean;
  /** EVM static flag; defaults to `readOnly`. Web3 simulations turn it off (see README deviations). */
  isStatic?: boolean;
  /** Value of a version-1 transaction; moved only with feature_balance. */
  value?: bigint;
}

export interface ExecutorOptions {
  suite: CryptoSuite;
  builtins: Builtins;
  tables: MemoryTableStore;
  facts: ChainFacts;
  blockHash(number: number): Uint8Array | undefined;
  /** The world state (read through from the chain store); a fresh in-memory one by default. */
  state?: JournaledStateManager;
}
