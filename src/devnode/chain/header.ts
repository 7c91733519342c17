// Block headers as the real node builds them: the genesis header (only number, version and the
// genesis config text, roots stored empty), and sealed headers signed by the simulated sealers.

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { hashBlockHeader, type BlockHeaderData } from '../../protocol/block';
import { fromHex, utf8Encode } from '../../protocol/hex';
import type { GenesisOptions } from '../builtin/types';

/** "3.16.4" → 0x03100400, the header's version field. */
export function parseCompatibilityVersion(text: string): number {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (m === null) throw new Error(`invalid compatibility version "${text}"`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (major > 255 || minor > 255 || patch > 255) throw new Error(`invalid compatibility version "${text}"`);
  return ((major << 24) | (minor << 16) | (patch << 8)) >>> 0;
}

/**
 * Block 0's extraData as the node writes it (bcos-tool NodeConfig.cpp, generateGenesisData, the
 * >= 3.1 branch): its own key spellings ("grouID", "[consensys]"), booleans as 0/1, the epoch
 * fields from 3.5 (GenesisConfig defaults 4 and 1000), then the sealers sorted by node id
 * (parseConsensusNodeList sorts them) as "node.<i>:<id>,<weight>".
 */
export function genesisConfigText(g: GenesisOptions): string {
  const bit = (b: boolean) => (b ? '1' : '0');
  const version = parseCompatibilityVersion(g.compatibilityVersion);
  const [major, minor, patch] = [version >>> 24, (version >>> 16) & 0xff, (version >>> 8) & 0xff];
  const lines = [
    '[chain]',
    `sm_crypto:${bit(g.sm)}`,
    `chainID: ${g.chainId}`,
    `grouID: ${g.groupId}`,
    '[consensys]',
    'consensus_type: pbft',
    `block_tx_count_limit:${g.txCountLimit}`,
    `leader_period:${g.leaderPeriod}`,
    '[version]',
    `compatibility_version:${major}.${minor}.${patch}`,
    '[tx]',
    `gaslimit:${g.txGasLimit}`,
    '[executor]',
    'iswasm: 0',
    `isAuthCheck:${bit(g.authCheck)}`,
    `authAdminAccount:${g.governors[0]?.address ?? ''}`,
    'isSerialExecute:1',
  ];
  if (version >= parseCompatibilityVersion('3.5.0')) lines.push('epochSealerNum:4', 'epochBlockNum:1000');
  const sealers = [...g.sealers].sort((a, b) => compareHex(a.nodeId, b.nodeId));
  sealers.forEach((s, i) => lines.push(`node.${i}:${s.nodeId.toLowerCase()},${s.weight}`));
  return lines.join('\n') + '\n';
}

function compareHex(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export function genesisHeader(g: GenesisOptions): BlockHeaderData {
  const empty = new Uint8Array(0);
  return {
    version: parseCompatibilityVersion(g.compatibilityVersion),
    parentInfo: [],
    txsRoot: empty,
    receiptRoot: empty,
    stateRoot: empty,
    blockNumber: 0,
    gasUsed: '',
    timestamp: 0,
    sealer: 0,
    sealerList: [],
    extraData: utf8Encode(genesisConfigText(g)),
    consensusWeights: [],
  };
}

export interface SealerKey {
  nodeId: string;
  privateKey: Uint8Array;
}

/**
 * Consensus signatures over the header hash by every sealer whose key we hold (PBFT collects a
 * quorum; all simulated sealers sign). SM chains carry r‖s only (64 bytes), secp256k1 r‖s‖v.
 */
export function signHeader(
  hash: Uint8Array,
  sealerList: Uint8Array[],
  keys: Map<string, SealerKey>,
  suite: CryptoSuite,
): { sealerIndex: number; signature: Uint8Array }[] {
  const out: { sealerIndex: number; signature: Uint8Array }[] = [];
  sealerList.forEach((pub, sealerIndex) => {
    const key = keys.get(Buffer.from(pub).toString('hex'));
    if (key === undefined) return;
    const sig = suite.sign(hash, key.privateKey);
    out.push({ sealerIndex, signature: suite.sm ? sig.slice(0, 64) : sig });
  });
  return out;
}

export function headerHash(header: BlockHeaderData, suite: CryptoSuite): Uint8Array {
  return hashBlockHeader(header, suite);
}

export function nodeIdBytes(nodeId: string): Uint8Array {
  return fromHex(nodeId);
}
