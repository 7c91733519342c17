// Gas of the built-in contracts as FISCO BCOS 3.16 meters it (bcos-executor precompiled/common/
// PrecompiledGas.h/.cpp): each metered precompiled records table operations and the largest memory
// size it touched; the charge is Σ cost(op) × count + memory gas. Only the table precompiles
// (KVTable, Table, TableManager) meter; BFS, consensus, system config and auth never charge, and the
// gas of their internal sub-calls is not deducted either — so a direct call to them uses 0 gas.

/** Opcode costs of GasMetrics (VeryLow = 3, CreateGas 16000, LoadGas 200, StoreGas 10000, RemoveGas 2500). */
export const GasOp = {
  Set: 3,
  CreateTable: 16000,
  OpenTable: 200,
  Select: 200,
  Insert: 10000,
  Update: 10000,
  Remove: 2500,
} as const;
export type GasOpName = keyof typeof GasOp;

const MEM_GAS = 3;
const MEM_UNIT = 32;

/** Memory gas of `bytes` bytes: 3 per 32-byte word plus words² / 512 (integer division). */
export function memoryGas(bytes: number): number {
  if (bytes <= 0) return 0;
  const words = Math.ceil(bytes / MEM_UNIT);
  return MEM_GAS * words + Math.floor((words * words) / 512);
}

export class GasMeter {
  private ops = 0;
  private mem = 0;

  op(name: GasOpName, count = 1): void {
    this.ops += GasOp[name] * count;
  }
  /** setMemUsed: replaces the memory size (the node resets it in some writes). */
  setMem(bytes: number): void {
    this.mem = bytes;
  }
  /** updateMemUsed: keeps the largest size seen. */
  updateMem(bytes: number): void {
    if (bytes > this.mem) this.mem = bytes;
  }
  total(): bigint {
    return BigInt(this.ops + memoryGas(this.mem));
  }
}

/** ABI length of (string[] [name], bytes data): the input a dynamic table precompiled receives on the node. */
export function dynamicInputSize(name: string, data: Uint8Array): number {
  const ceil32 = (n: number) => Math.ceil(n / 32) * 32;
  // two heads; array length, element offset, string length and padded text; bytes length and padded data
  return 64 + 96 + ceil32(Buffer.byteLength(name, 'utf8')) + 32 + ceil32(data.length);
}
