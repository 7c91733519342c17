// Block assembly once a block's transactions have run: the transaction and receipt Merkle roots,
// the header as the real node fills it, its hash and the simulated sealers' signatures.

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { merkleRoot } from '../../protocol/merkle';
import { preimage } from '../../protocol/preimage';
import type { BlockHeaderData } from '../../protocol/block';
import { headerHash, signHeader, type SealerKey } from './header';
import { lazilySigned } from './blockCodec';
import type { BlockConfig } from './blockConfig';
import type { StoredBlock, StoredReceipt, StoredTransaction } from './types';

export interface BlockParts {
  number: number;
  timestamp: number;
  parent: { header: BlockHeaderData; hash: Uint8Array };
  transactions: StoredTransaction[];
  receipts: StoredReceipt[];
  gasTotal: bigint;
  /** Signatures kept from a replayed record (SM2 ones are randomized); otherwise signed here. */
  signatures: { sealerIndex: number; signature: Uint8Array }[] | undefined;
}

export function assembleBlock(
  p: BlockParts,
  config: BlockConfig,
  suite: CryptoSuite,
  sealerKeys: Map<string, SealerKey>,
): StoredBlock {
  const { number, transactions, receipts } = p;
  const txsRoot = merkleRoot(
    transactions.map((t) => t.hash),
    suite,
  );
  const receiptRoot = merkleRoot(
    receipts.map((r) => r.hash),
    suite,
  );
  const nodes = config.consensusNodes(number).filter((n) => n.type === 'consensus_sealer');
  const period = Math.max(1, Number(config.configValue('consensus_leader_period', number) ?? 1));
  const header: BlockHeaderData = {
    version: config.compatibilityVersion(number),
    parentInfo: [{ blockNumber: number - 1, blockHash: p.parent.hash }],
    txsRoot,
    receiptRoot,
    // Any 32 bytes are allowed; chain the parent's so equal states get equal roots on replay.
    stateRoot: preimage
      .reset()
      .bytes(p.parent.header.stateRoot)
      .bytes(txsRoot)
      .bytes(receiptRoot)
      .hash(suite),
    blockNumber: number,
    gasUsed: p.gasTotal.toString(),
    timestamp: p.timestamp,
    sealer: nodes.length === 0 ? 0 : Math.floor(number / period) % nodes.length,
    sealerList: nodes.map((n) => config.nodeIdBytes(n.nodeId)),
    extraData: new Uint8Array(0),
    consensusWeights: nodes.map((n) => n.weight),
  };
  const hash = headerHash(header, suite);
  const signatures = p.signatures;
  if (signatures !== undefined && signatures.length > 0)
    return { header, hash, transactions, receipts, signatureList: signatures };
  if (suite.sm) {
    const signatureList = signHeader(hash, header.sealerList, sealerKeys, suite);
    return { header, hash, transactions, receipts, signatureList };
  }
  const sign = () => signHeader(hash, header.sealerList, sealerKeys, suite);
  return lazilySigned({ header, hash, transactions, receipts }, sign);
}
