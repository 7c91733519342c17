// Traces for the debugger (devnode_debugTraceTransaction): the devnode keeps only the latest
// state, so a committed transaction is re-executed on a replica built in memory by replaying the
// chain's blocks from genesis up to its block, then the transactions before it in that block.
// The cost grows with the chain's length (every earlier transaction runs again); the live chain
// is never touched.

import { toHex } from '../../protocol/hex';
import type { Trace, TraceLimits } from '../evm/trace';
import { MemoryKv, newBatch } from '../storage/kv';
import type { GenesisOptions } from '../builtin/types';
import { Execution, type ExecutionOptions } from './execution';
import type { StoredBlock, StoredTransaction } from './types';

export type TxTrace = {
  blockNumber: number;
  index: number;
  status: number;
  output: string;
  gasUsed: string;
  /** False when the replay's receipt differs from the stored one (the trace may then mislead). */
  matchesReceipt: boolean;
  trace: Trace;
};

export interface ReplaySource {
  execution: Omit<ExecutionOptions, 'kv' | 'onDiagnostics' | 'say'>;
  genesis: GenesisOptions;
  block(n: number): StoredBlock | undefined;
}

/** The transaction's own copy, so the replay never writes into the ledger's objects. */
function copy(stx: StoredTransaction): StoredTransaction {
  return { ...stx };
}

export async function traceCommittedTransaction(
  src: ReplaySource,
  blockNumber: number,
  index: number,
  limits: TraceLimits,
): Promise<TxTrace> {
  const kv = new MemoryKv();
  const execution = new Execution({ ...src.execution, kv, say: () => {} });
  await execution.genesis(src.genesis);
  const flush = async () => {
    const batch = newBatch();
    execution.flushInto(batch);
    await kv.write(batch);
  };
  await flush();
  for (let n = 1; n < blockNumber; n++) {
    const b = src.block(n);
    if (b === undefined) throw new Error(`block ${n} is missing from the chain store`);
    await execution.build(
      n,
      b.header.timestamp,
      b.transactions.map((stx) => ({ stx: copy(stx) })),
      [{ sealerIndex: 0, signature: new Uint8Array(0) }],
    );
    await flush();
  }
  const block = src.block(blockNumber)!;
  const { receipt, trace } = await execution.traceInBlock(
    blockNumber,
    block.header.timestamp,
    block.transactions.map(copy),
    index,
    limits,
  );
  const stored = block.receipts[index].data;
  return {
    blockNumber,
    index,
    status: receipt.status,
    output: toHex(receipt.output),
    gasUsed: receipt.gasUsed,
    matchesReceipt:
      stored.status === receipt.status &&
      stored.gasUsed === receipt.gasUsed &&
      toHex(stored.output) === toHex(receipt.output),
    trace,
  };
}
