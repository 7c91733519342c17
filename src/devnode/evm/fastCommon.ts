// What the dev node's opcode handlers (fastWordOps.ts, fastStorageOps.ts) share: the members of
// @ethereumjs/evm's run state and Common they use, the handler types of its opcode table, the
// check that a table entry is the one they replace, and the memory expansion gas.

/** The members of @ethereumjs/common's Common the handlers ask. */
export interface FastCommon {
  isActivatedEIP(eip: number): boolean;
  param(name: string): bigint;
  hardfork(): string;
  gteHardfork(hardfork: string): boolean;
  customCrypto: { keccak256?: (data: Uint8Array) => Uint8Array };
}

export interface FastAddress {
  bytes: Uint8Array;
}

/** The dev node's state answers these without a promise (stateManager.ts's *Sync methods). */
export interface SyncState {
  getStorageSync?(address: FastAddress, key: Uint8Array): Uint8Array;
  originalStorageSync?(address: FastAddress, key: Uint8Array): Uint8Array;
  putStorageSync?(address: FastAddress, key: Uint8Array, value: Uint8Array): void;
  getAccountSync?(address: FastAddress): unknown;
}

/** The members of @ethereumjs/evm's RunState the handlers use. */
export interface FastRunState {
  opCode: number;
  programCounter: number;
  stateManager: SyncState;
  stack: { pop(): bigint; push(v: bigint): void; peek(n?: number): bigint[]; popN(n: number): bigint[] };
  memory: { read(offset: number, size: number, avoidCopy?: boolean): Uint8Array };
  memoryWordCount: bigint;
  highestMemCost: bigint;
  env: { address: FastAddress; contract: unknown };
  interpreter: {
    isStatic(): boolean;
    getAddress(): FastAddress;
    getGasLeft(): bigint;
    getCallData(): Uint8Array;
    storageLoad(key: Uint8Array): Promise<Uint8Array>;
    refundGas(amount: bigint, context?: string): void;
    subRefund(amount: bigint, context?: string): void;
    log(data: Uint8Array, numberOfTopics: number, topics: Uint8Array[]): void;
    journal: {
      isWarmedStorage(address: Uint8Array, slot: Uint8Array): boolean;
      addWarmedStorage(address: Uint8Array, slot: Uint8Array): void;
    };
  };
}

export type GasHandler = (rs: FastRunState, gas: bigint, common: FastCommon) => bigint | Promise<bigint>;
export type OpHandler = (rs: FastRunState, common: FastCommon) => unknown;

/** An entry of the EVM's opcode table. */
export interface Entry {
  opHandler: OpHandler;
  gasHandler?: GasHandler;
  opcodeInfo: { code: number; dynamicGas: boolean };
}

/** Whether `v` is the table entry of opcode `op` (with a handler to replace). */
export function isEntry(v: unknown, op: number): v is Entry {
  return (
    typeof v === 'object' &&
    v !== null &&
    'opHandler' in v &&
    typeof v.opHandler === 'function' &&
    'opcodeInfo' in v &&
    typeof v.opcodeInfo === 'object' &&
    v.opcodeInfo !== null &&
    'code' in v.opcodeInfo &&
    v.opcodeInfo.code === op
  );
}

export const EMPTY = new Uint8Array(0);

/** @ethereumjs/evm's subMemUsage: the gas to expand memory to cover [offset, offset + length). */
export function memoryGas(
  rs: Pick<FastRunState, 'memoryWordCount' | 'highestMemCost'>,
  offset: bigint,
  length: bigint,
  common: Pick<FastCommon, 'param'>,
): bigint {
  if (length === 0n) return 0n;
  const end = offset + length;
  const words = end % 32n === 0n ? end / 32n : end / 32n + 1n;
  if (words <= rs.memoryWordCount) return 0n;
  let cost = words * common.param('memoryGas') + (words * words) / common.param('quadCoefficientDivGas');
  if (cost > rs.highestMemCost) {
    const before = rs.highestMemCost;
    rs.highestMemCost = cost;
    cost -= before;
  }
  rs.memoryWordCount = words;
  return cost;
}
