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

/** The genesis config text placed in block 0's extraData (config.genesis style). */
export function genesisConfigText(g: GenesisOptions): string {
  const lines = [
    '[chain]',
    `    sm_crypto=${g.sm}`,
    `    group_id=${g.groupId}`,
    `    chain_id=${g.chainId}`,
    '[consensus]',
    '    consensus_type=pbft',
    `    block_tx_count_limit=${g.txCountLimit}`,
    `    leader_period=${g.leaderPeriod}`,
    ...g.sealers.map((s, i) => `    node.${i}=${s.nodeId}:${s.weight}`),
    '[version]',
    `    compatibility_version=${g.compatibilityVersion}`,
    '[tx]',
    `    gas_limit=${g.txGasLimit}`,
    '[executor]',
    '    is_wasm=false',
    `    is_auth_check=${g.authCheck}`,
    `    auth_admin_account=${g.governors[0]?.address ?? ''}`,
    '    is_serial_execute=true',
  ];
  return lines.join('\n') + '\n';
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
