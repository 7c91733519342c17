// What the Client returns for every result shape of rpc-shapes.md, including the real nodes'
// quirks: sendTransaction `hash` "0x" on failure, log addresses without 0x, JSON strings with a
// trailing newline, transactionProof null vs [], absent transactions on header-only blocks.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../../src/client/client';
import type { RpcRequestBody } from './rpcServer';
import * as fx from './fixtures';
import { startRpcServer, type Reply, type RpcServer } from './rpcServer';

const TX = '0xdce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf';

describe('Client results', () => {
  let server: RpcServer;
  let next: (req: RpcRequestBody) => Reply = () => ({ result: null });
  let client: Client;
  before(async () => {
    server = await startRpcServer((req) => next(req));
    client = new Client({ group: 'group0', url: server.url });
  });
  after(async () => {
    client.close();
    await server.close();
  });
  const answer = (result: unknown) => {
    next = () => ({ result });
  };

  it('getBlockNumber, getPendingTxSize, getPbftView: plain integers', async () => {
    answer(fx.blockNumber);
    assert.equal(await client.getBlockNumber(), 8);
    answer(fx.pendingTxSize);
    assert.equal(await client.getPendingTxSize(), 0);
    answer(fx.pbftView);
    assert.equal(await client.getPbftView(), 3);
  });

  it('getBlockLimit is the latest block + 500 as a bigint', async () => {
    answer(fx.blockNumber);
    assert.equal(await client.getBlockLimit(), 508n);
  });

  it('getTotalTransactionCount keeps the wire names and adds txSum / failedTxSum', async () => {
    answer({ blockNumber: 12, failedTransactionCount: 2, transactionCount: 11 });
    const count = await client.getTotalTransactionCount();
    assert.deepEqual(count, {
      blockNumber: 12,
      failedTransactionCount: 2,
      transactionCount: 11,
      txSum: 11,
      failedTxSum: 2,
    });
  });

  it('getBlockByNumber: genesis with an empty transactions list', async () => {
    answer(fx.genesisBlock);
    const block = await client.getBlockByNumber(0, false, false);
    assert.equal(block.number, 0);
    assert.equal(block.gasUsed, '0');
    assert.equal(block.version, 50528256);
    assert.deepEqual(block.transactions, []);
    assert.equal(block.txsRoot, '0x' + '0'.repeat(64));
  });

  it('getBlockByHash: header only has no transactions key; sealerList is 0x-prefixed', async () => {
    answer(fx.block2Header);
    const block = await client.getBlockByHash(fx.block2Header.hash);
    assert.equal('transactions' in block, false);
    assert.equal(block.sealerList.length, 4);
    assert.ok(block.sealerList.every((s) => s.startsWith('0x') && s.length === 130));
    assert.deepEqual(block.parentInfo, [
      { blockHash: '0x1498f2ff420fb9c240c7081b99bd76819c7348fb1a899095476afa29146c8874', blockNumber: 1 },
    ]);
    assert.equal(block.signatureList[2].sealerIndex, 2);
    assert.equal(block.gasUsed, '24363');
    assert.equal(block.sealer, 1);
    assert.equal(block.timestamp, 1680598474810);
  });

  it('getBlockByNumber with onlyTxHash: transactions are hashes', async () => {
    answer(fx.block2WithHashes);
    const block = await client.getBlockByNumber(2, false, true);
    assert.deepEqual(block.transactions, [TX]);
  });

  it('getBlockByNumber with full transactions: tx objects', async () => {
    const { transactionProof: _p, txProof: _q, ...tx } = fx.transactionWithProof;
    answer({ ...fx.block2Header, transactions: [tx] });
    const block = await client.getBlockByNumber(2, false, false);
    const first = block.transactions![0];
    assert.equal(typeof first, 'object');
    assert.equal((first as typeof tx).hash, tx.hash);
  });

  it('getBlockHashByNumber: a hex string', async () => {
    answer(fx.genesisHash);
    assert.equal(await client.getBlockHashByNumber(0), fx.genesisHash);
  });

  it('getTransactionReceipt with proof: transactionProof [], receiptProof [], txReceiptProof without 0x', async () => {
    answer(fx.deployReceiptWithProof);
    const r = await client.getTransactionReceipt(TX, true);
    assert.deepEqual(r.transactionProof, []);
    assert.deepEqual(r.receiptProof, []);
    assert.deepEqual(r.txReceiptProof, ['f18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14']);
    assert.equal(r.contractAddress, '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3');
    assert.equal(r.checksumContractAddress, '0x82A3c3289a9F234A38AcEED3016D1fF0E0F922B3');
    assert.equal(r.to, '');
    assert.equal(r.gasUsed, '24363');
    assert.equal(r.hash, fx.deployReceiptWithProof.hash);
  });

  it('getTransactionReceipt without proof: transactionProof null, no proof keys, log address without 0x', async () => {
    answer(fx.callReceiptNoProof);
    const r = await client.getTransactionReceipt(TX);
    assert.equal(r.transactionProof, null);
    assert.equal('receiptProof' in r, false);
    assert.equal('txReceiptProof' in r, false);
    assert.equal(r.logEntries[0].address, '6849f21d1e455e9f0712b1e99fa4fcd23758e8f1');
    assert.ok(r.logEntries[0].topics[0].startsWith('0x'));
    assert.ok(r.logEntries[0].data.startsWith('0x'));
    assert.equal(r.contractAddress, '');
  });

  it('sendTransaction: receipt without transactionProof; hash is the receipt hash on success', async () => {
    answer(fx.sendReceiptOk);
    const r = await client.sendTransaction('0x1a');
    assert.equal(r.status, 0);
    assert.equal(r.hash, fx.sendReceiptOk.hash);
    assert.equal('transactionProof' in r, false);
    assert.equal(r.effectiveGasPrice, undefined);
  });

  it('sendTransaction with proof: receiptProof and txReceiptProof carry the same proof', async () => {
    answer(fx.sendReceiptWithProof);
    const r = await client.sendTransaction('0x1a', true);
    assert.deepEqual(r.receiptProof, r.txReceiptProof);
    assert.equal(r.receiptProof!.length, 1);
  });

  it('sendTransaction of a failing transaction: status 16 and hash "0x" (a result, not an error)', async () => {
    answer(fx.sendReceiptReverted);
    const r = await client.sendTransaction('0x1a');
    assert.equal(r.status, 16);
    assert.equal(r.hash, '0x');
    assert.equal(r.transactionHash, fx.sendReceiptReverted.transactionHash);
  });

  it('v1 receipts carry effectiveGasPrice', async () => {
    answer(fx.sendReceiptV1);
    const r = await client.sendTransaction('0x1a');
    assert.equal(r.version, 1);
    assert.equal(r.effectiveGasPrice, '');
  });

  it('call: { blockNumber, output, status } with a revert as status 16', async () => {
    answer(fx.callReverted);
    assert.deepEqual(await client.call('0xc0523dbdd94ba27e14b0336d799489340ca24cdf', '0xaaaa'), {
      blockNumber: 8,
      output: '0x',
      status: 16,
    });
  });

  it('getTransactionByHash: tx object, nonce as hex of its bytes, proofs when asked', async () => {
    answer(fx.transactionWithProof);
    const tx = await client.getTransactionByHash(fx.transactionWithProof.hash, true);
    assert.equal(Buffer.from(tx.nonce, 'hex').toString(), '1420055182625795013612786582903998422427');
    assert.equal(tx.blockLimit, 509);
    assert.deepEqual(tx.transactionProof, []);
    assert.equal(tx.txProof![0].startsWith('0x'), false);
    assert.equal(tx.to, '0x0102e8b6fc8cdf9626fddc1c3ea8c1e79b3fce94');
    answer(null);
    assert.equal(await client.getTransactionByHash(fx.transactionWithProof.hash), null);
  });

  it('getCode: "" (not "0x") for an account without code; getABI: JSON text', async () => {
    answer('');
    assert.equal(await client.getCode('0x0000000000000000000000000000000000000001'), '');
    answer(
      '[{"inputs":[],"name":"get","outputs":[{"internalType":"string","name":"","type":"string"}],"stateMutability":"view","type":"function"}]',
    );
    const abi = await client.getABI('0x0000000000000000000000000000000000000001');
    assert.equal(JSON.parse(abi)[0].name, 'get');
  });

  it('getSyncStatus: parsed from the JSON string (trailing newline), raw kept', async () => {
    answer(fx.syncStatusText);
    const s = await client.getSyncStatus();
    assert.ok(fx.syncStatusText.endsWith('\n'));
    assert.equal(s.raw, fx.syncStatusText);
    assert.equal(s.blockNumber, 7);
    assert.equal(s.isSyncing, false);
    assert.equal(s.knownHighestNumber, 7);
    assert.equal(s.genesisHash, '47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5');
    assert.equal(s.peers.length, 3);
    assert.equal(s.peers[0].nodeID, fx.NODE_IDS[1]);
  });

  it('getConsensusStatus: parsed, connectedNodeList is a count, raw kept', async () => {
    answer(fx.consensusStatusText);
    const s = await client.getConsensusStatus();
    assert.equal(s.raw, fx.consensusStatusText);
    assert.equal(s.connectedNodeList, 4);
    assert.equal(s.consensusNodeList.length, 4);
    assert.deepEqual(s.consensusNodeList[3], { index: 3, nodeID: fx.NODE_IDS[3], weight: 1 });
    assert.equal(s.leaderIndex, 3);
    assert.equal(s.isConsensusNode, true);
    assert.equal(s.view, 3);
  });

  it('getSyncStatus / getConsensusStatus: a non-JSON string is a clear error', async () => {
    answer('not json');
    await assert.rejects(client.getSyncStatus(), /getSyncStatus: not valid JSON text/);
    answer(42);
    await assert.rejects(client.getConsensusStatus(), /getConsensusStatus: expected a JSON string/);
  });

  it('getSystemConfigByKey: value stays a string', async () => {
    answer(fx.systemConfig);
    assert.deepEqual(await client.getSystemConfigByKey('tx_count_limit'), { blockNumber: 0, value: '1000' });
  });

  it('getSealerList with and without termWeight; getObserverList and getGroupPeers as id lists', async () => {
    answer(fx.sealerList);
    const old = await client.getSealerList();
    assert.equal(old[0].termWeight, undefined);
    assert.equal(old[0].nodeID.startsWith('0x'), false);
    answer(fx.sealerListWithTermWeight);
    assert.equal((await client.getSealerList())[2].termWeight, 1);
    answer(fx.observerList);
    assert.deepEqual(await client.getObserverList(), [fx.NODE_IDS[3]]);
    answer(fx.groupPeers);
    assert.deepEqual(await client.getGroupPeers(), fx.NODE_IDS);
  });

  it('getPeers: own p2pNodeID, endPoint, groupNodeIDInfo and peers', async () => {
    answer(fx.peers);
    const p = await client.getPeers();
    assert.equal(p.endPoint, '0.0.0.0:30300');
    assert.equal(p.p2pNodeID.length, 130);
    assert.equal(p.peers.length, 2);
    assert.deepEqual(p.groupNodeIDInfo, [{ group: 'group0', nodeIDList: [fx.NODE_IDS[0]] }]);
  });

  it('getGroupInfo: genesisConfig and node iniConfig parsed, wire object kept', async () => {
    answer(fx.groupInfo);
    const g = await client.getGroupInfo();
    assert.equal(g.chainID, 'chain0');
    assert.equal(g.groupID, 'group0');
    assert.equal(g.iniConfig, null);
    assert.deepEqual(g.genesisConfig!.sealerList.length, 4);
    assert.equal(g.genesisConfig!.consensusType, 'pbft');
    assert.equal(g.genesisConfig!.txGasLimit, 3000000000);
    const node = g.nodeList[0];
    assert.equal(node.iniConfig!.smCryptoType, true);
    assert.equal(node.iniConfig!.binaryInfo.version, '3.3.0');
    assert.equal(node.iniConfig!.isAuthCheck, true);
    assert.equal(node.iniConfigText, fx.nodeInfo.iniConfig);
    assert.equal(node.protocol.compatibilityVersion, 50528256);
    assert.equal(node.type, 1);
    assert.deepEqual(g.raw, fx.groupInfo);
  });

  it('getGroupInfo: an unknown group (null) is a clear error', async () => {
    answer(null);
    await assert.rejects(client.getGroupInfo(), /does not know group "group0"/);
  });

  it('getGroupInfoList, getGroupList, getGroupNodeInfo', async () => {
    answer([fx.groupInfo]);
    const list = await client.getGroupInfoList();
    assert.equal(list.length, 1);
    assert.equal(list[0].nodeList[0].iniConfig!.chainID, 'chain0');
    answer(fx.groupList);
    assert.deepEqual(await client.getGroupList(), { code: 0, groupList: ['group0'], msg: 'success' });
    answer({ code: 0, msg: 'success' });
    assert.equal((await client.getGroupList()).groupList, undefined);
    answer(fx.nodeInfo);
    const n = (await client.getGroupNodeInfo(fx.NODE_IDS[0]))!;
    assert.equal(n.name, fx.NODE_IDS[0]);
    assert.equal(n.iniConfig!.nodeName, fx.NODE_IDS[0]);
    answer(fx.groupNodeInfoUnknown);
    assert.equal(await client.getGroupNodeInfo('node1'), null);
  });
});
