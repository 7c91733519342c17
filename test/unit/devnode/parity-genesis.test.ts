// Block 0's extraData is the node's generateGenesisData text, on a keccak and an SM chain.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { utf8Decode } from '../../../src/protocol/hex';
import { SUITES, realChain } from './parity-helpers';

for (const { name, sm } of SUITES) {
  describe(`genesis block (${name})`, () => {
    it('extraData follows generateGenesisData for 3.16.4, nodes sorted by id', async () => {
      const chain = await realChain(sm, true);
      try {
        const text = utf8Decode(chain.getBlockByNumber(0)!.header.extraData);
        const nodes = chain.nodes.map((n) => n.nodeId).sort();
        // bcos-tool NodeConfig.cpp, generateGenesisData (compatibility version >= 3.1 branch,
        // epoch fields from 3.5; parseConsensusNodeList sorts the node list).
        const expected = [
          '[chain]',
          `sm_crypto:${sm ? 1 : 0}`,
          'chainID: chain0',
          'grouID: group0',
          '[consensys]',
          'consensus_type: pbft',
          'block_tx_count_limit:1000',
          'leader_period:1',
          '[version]',
          'compatibility_version:3.16.4',
          '[tx]',
          'gaslimit:3000000000',
          '[executor]',
          'iswasm: 0',
          'isAuthCheck:1',
          `authAdminAccount:${chain.accounts[0].address}`,
          'isSerialExecute:1',
          'epochSealerNum:4',
          'epochBlockNum:1000',
          ...nodes.map((id, i) => `node.${i}:${id},1`),
        ];
        assert.equal(text, expected.join('\n') + '\n');
      } finally {
        await chain.close();
      }
    });
  });
}
