// Former stubs now do what the node does: term weights are stored and reported, fixBfs checks
// its version, rebuildBfs only answers the system config contract. Keccak and SM chains.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BFS_ABI } from '../../../src/protocol/builtin/bfs';
import { CONSENSUS_ABI } from '../../../src/protocol/builtin/consensus';
import { SUITES, builtin, realChain, reason, send } from './parity-helpers';

const CONSENSUS = '0x' + '1003'.padStart(40, '0');
const BFS = '0x' + '100e'.padStart(40, '0');

for (const { name, sm } of SUITES) {
  describe(`former stubs (${name})`, () => {
    it('term weights: 0 at genesis, set by addSealer(id, vote, term) and setTermWeight, refused for observers', async () => {
      const chain = await realChain(sm);
      try {
        const cs = builtin(chain, CONSENSUS_ABI);
        const term = (id: string) => chain.consensusNodes().find((n) => n.nodeId === id)?.termWeight;
        const code = (fn: string, out: Uint8Array) => Number(cs.decode(fn, out)[0]);
        const [a, , , d] = chain.nodes.map((n) => n.nodeId);
        // NodeConfig::parseConsensusNodeList: termWeight defaults to 0.
        assert.equal(term(a), 0);
        const obs = await send(chain, CONSENSUS, cs.encode('addObserver', [d]));
        assert.equal(code('addObserver', obs.receipt.data.output), 0);
        // ConsensusPrecompiled addSealer2 → addSealerImpl(vote, term) stores both.
        const add = await send(chain, CONSENSUS, cs.encode('addSealer(string,uint256,uint256)', [d, 2, 5]));
        assert.equal(code('addSealer(string,uint256,uint256)', add.receipt.data.output), 0);
        assert.equal(term(d), 5);
        assert.equal(chain.consensusNodes().find((n) => n.nodeId === d)?.weight, 2);
        // setWeight(..., setTermWeight = true): stored, 0 allowed.
        const set = await send(chain, CONSENSUS, cs.encode('setTermWeight', [a, 7]));
        assert.equal(code('setTermWeight', set.receipt.data.output), 0);
        assert.equal(term(a), 7);
        const zero = await send(chain, CONSENSUS, cs.encode('setTermWeight', [a, 0]));
        assert.equal(code('setTermWeight', zero.receipt.data.output), 0);
        assert.equal(term(a), 0);
        // An observer: PrecompiledError "Cannot set weight to observer.".
        await send(chain, CONSENSUS, cs.encode('addObserver', [d]));
        const onObserver = await send(chain, CONSENSUS, cs.encode('setTermWeight', [d, 3]));
        assert.equal(onObserver.receipt.data.status, 15);
        assert.equal(reason(onObserver.receipt.data.output), 'Cannot set weight to observer.');
      } finally {
        await chain.close();
      }
    });

    it('fixBfs knows only version 3.3; rebuildBfs answers only the system config contract', async () => {
      const chain = await realChain(sm);
      try {
        const bfs = builtin(chain, BFS_ABI);
        // BFSPrecompiled::fixBfs: fixVersion 3.3 → fixBfs330 (nothing missing on a 3.16 tree) → 0.
        const ok = await send(chain, BFS, bfs.encode('fixBfs', [0x03030000]));
        assert.equal(ok.receipt.data.status, 0);
        assert.equal(Number(bfs.decode('fixBfs', ok.receipt.data.output)[0]), 0);
        // … any other version: PrecompiledError "BFSPrecompiled call undefined function!".
        const bad = await send(chain, BFS, bfs.encode('fixBfs', [0x03100000]));
        assert.equal(bad.receipt.data.status, 15);
        assert.equal(reason(bad.receipt.data.output), 'BFSPrecompiled call undefined function!');
        // BFSPrecompiled::rebuildBfs: a sender other than 0x1000 gets CODE_NO_AUTHORIZED.
        const rb = await send(chain, BFS, bfs.encode('rebuildBfs', [0x03000000, 0x03100000]));
        assert.equal(Number(bfs.decode('rebuildBfs', rb.receipt.data.output)[0]), -50000);
      } finally {
        await chain.close();
      }
    });
  });
}
