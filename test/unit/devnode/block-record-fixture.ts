// A fixed block (two transactions, logs, output, a failed receipt) for the block record tests.
import type { StoredBlock, StoredReceipt, StoredTransaction } from '../../../src/devnode/chain/types';
import type { DecodedTransaction } from '../../../src/protocol/transaction';

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

export function fixtureBlock(): { block: StoredBlock; raws: Uint8Array[] } {
  const transactions: StoredTransaction[] = [0, 1].map((i) => ({
    // Only the fields the record stores are read: hash, sender and import time.
    tx: { sender: bytes(20, 40 + i), importTime: 1_700_000_000_123 + i } as unknown as DecodedTransaction,
    hash: bytes(32, 10 + i),
    sender: '',
    blockNumber: 7,
    index: i,
  }));
  const receipts: StoredReceipt[] = [
    {
      data: {
        version: 0,
        gasUsed: '24363',
        contractAddress: '',
        status: 0,
        output: bytes(32, 3),
        logEntries: [{ address: 'a'.repeat(40), topic: [bytes(32, 5), bytes(32, 6)], data: bytes(64, 7) }],
        blockNumber: 7,
        effectiveGasPrice: '',
      },
      hash: bytes(32, 20),
      transactionHash: bytes(32, 10),
      index: 0,
      message: '',
    },
    {
      data: {
        version: 1,
        gasUsed: '30000',
        contractAddress: 'b'.repeat(40),
        status: 16,
        output: new Uint8Array(0),
        logEntries: [],
        blockNumber: 7,
        effectiveGasPrice: '0x1',
      },
      hash: bytes(32, 21),
      transactionHash: bytes(32, 11),
      index: 1,
      message: '',
    },
  ];
  const block: StoredBlock = {
    header: {
      version: 0x03100400,
      parentInfo: [{ blockNumber: 6, blockHash: bytes(32, 1) }],
      txsRoot: bytes(32, 2),
      receiptRoot: bytes(32, 3),
      stateRoot: bytes(32, 4),
      blockNumber: 7,
      gasUsed: '54363',
      timestamp: 1_700_000_000_500,
      sealer: 3,
      sealerList: [bytes(64, 8), bytes(64, 9)],
      extraData: new Uint8Array(0),
      consensusWeights: [1, 1],
    },
    hash: bytes(32, 30),
    transactions,
    receipts,
    signatureList: [
      { sealerIndex: 0, signature: bytes(65, 50) },
      { sealerIndex: 1, signature: bytes(65, 51) },
    ],
  };
  return { block, raws: [bytes(150, 60), bytes(97, 61)] };
}
