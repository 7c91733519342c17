// Every JSON-RPC method's result shape against reference/rpc-shapes.md, on the real chain.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { toChecksumAddress } from '../../../src/protocol/address';
import { concatBytes, fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { call, deployCode, EMIT_LOG, post, result, RETURN_42, REVERT, signedTx } from './rpc-helpers';

const G = 'group0';
const HEX0X = /^0x[0-9a-f]*$/;
const HASH = /^0x[0-9a-f]{64}$/;
const NODE_ID = /^[0-9a-f]{128}$/;
const sortedKeys = (o: object) => Object.keys(o).sort();

type Obj = Record<string, unknown>;

describe('devnode RPC methods', () => {
  let node: Devnode;
  let deploy: Obj;
  let logTx: Obj;
  let revertTx: Obj;
  const abi =
    '[{"inputs":[],"name":"get","outputs":[{"type":"uint256"}],"stateMutability":"view","type":"function"}]';

  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent' });
    deploy = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { input: deployCode(RETURN_42), abi, extraData: 'hello' }),
      true,
    ]);
    const logger = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { input: deployCode(EMIT_LOG) }),
      false,
    ]);
    logTx = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { to: logger.contractAddress as string, input: '0x' }),
      false,
    ]);
    const reverter = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { input: deployCode(REVERT) }),
      false,
    ]);
    revertTx = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { to: reverter.contractAddress as string, input: '0x01' }),
      false,
    ]);
  });
  after(() => node.stop());

  it('sendTransaction returns the committed receipt; withProof adds both proof keys', () => {
    assert.deepEqual(sortedKeys(deploy), [
      'blockNumber',
      'checksumContractAddress',
      'contractAddress',
      'extraData',
      'from',
      'gasUsed',
      'hash',
      'input',
      'logEntries',
      'message',
      'output',
      'receiptProof',
      'status',
      'to',
      'transactionHash',
      'txReceiptProof',
      'version',
    ]);
    assert.equal(deploy.status, 0);
    assert.match(deploy.contractAddress as string, /^0x[0-9a-f]{40}$/);
    assert.equal(
      deploy.checksumContractAddress,
      toChecksumAddress(deploy.contractAddress as string, node.chain.suite),
    );
    assert.match(deploy.gasUsed as string, /^[0-9]+$/);
    assert.match(deploy.hash as string, HASH);
    assert.equal(deploy.to, '');
    assert.equal(deploy.extraData, 'hello');
    assert.equal(deploy.from, node.accounts[0].address);
    assert.equal(deploy.version, 0);
    // One transaction in the block: the proof is the leaf itself, and both keys carry it.
    assert.deepEqual(deploy.txReceiptProof, [(deploy.hash as string).slice(2)]);
    assert.deepEqual(deploy.receiptProof, deploy.txReceiptProof);
    assert.ok(!('transactionProof' in deploy));
  });

  it('a failed transaction is a success response with status 16 and hash "0x"', async () => {
    assert.equal(revertTx.status, 16);
    assert.equal(revertTx.hash, '0x');
    assert.ok(!('txReceiptProof' in revertTx));
    const r = await result<Obj>(node, 'getTransactionReceipt', [G, '', revertTx.transactionHash, false]);
    assert.match(r.hash as string, HASH);
    assert.equal(r.status, 16);
  });

  it('receipts carry log entries with a bare address and 0x topics/data', () => {
    const logs = logTx.logEntries as { address: string; topics: string[]; data: string }[];
    assert.equal(logs.length, 1);
    assert.match(logs[0].address, /^[0-9a-f]{40}$/);
    assert.deepEqual(logs[0].topics, ['0x' + '11'.repeat(32)]);
    assert.equal(logs[0].data, '0x' + '2a'.padStart(64, '0'));
  });

  it('sendTransaction errors: bad hex is -1, a replayed nonce is a txpool code', async () => {
    const bad = await call(node, 'sendTransaction', [G, '', '0x123', false]);
    assert.equal(bad.error?.code, -1);
    assert.match(bad.error.message, /Unexpect hex string/);
    const raw = signedTx(node, { input: deployCode(RETURN_42) });
    await result(node, 'sendTransaction', [G, '', raw, false]);
    const again = await call(node, 'sendTransaction', [G, '', raw, false]);
    assert.ok(again.error && again.error.code >= 10000, JSON.stringify(again));
  });

  it('call returns {blockNumber, output, status}; reverts are results, bad data is -32600', async () => {
    const r = await result<Obj>(node, 'call', [G, '', deploy.contractAddress, '0x']);
    assert.deepEqual(sortedKeys(r), ['blockNumber', 'output', 'status']);
    assert.equal(r.status, 0);
    assert.equal(r.output, '0x' + '2a'.padStart(64, '0'));
    assert.equal(r.blockNumber, node.chain.blockNumber());
    const rev = await result<Obj>(node, 'call', [G, '', revertTx.to, '0x01']);
    assert.equal(rev.status, 16);
    assert.deepEqual((await call(node, 'call', [G, '', deploy.contractAddress, '0x1'])).error, {
      code: -32600,
      message: 'Unexpect hex string',
    });
    assert.deepEqual((await call(node, 'call', [G, '', deploy.contractAddress, ''])).error, {
      code: -32600,
      message: 'Unexpect hex string',
    });
  });

  it('call with a signature (5th param) runs as the signer; a bad one is 10008', async () => {
    const to = deploy.contractAddress as string;
    const data = '0x';
    const suite = node.chain.suite;
    const hash = suite.hash(concatBytes(utf8Encode(to.slice(2)), fromHex(data)));
    const sig = toHex(suite.sign(hash, node.chain.accounts[1].privateKey));
    const ok = await result<Obj>(node, 'call', [G, '', to, data, sig]);
    assert.equal(ok.status, 0);
    assert.deepEqual((await call(node, 'call', [G, '', to, data, '0x'])).error, {
      code: 10008,
      message: 'Invalid signature',
    });
  });

  it('getCode and getABI: code/ABI of a deployment, "" when none', async () => {
    assert.equal(await result(node, 'getCode', [G, '', deploy.contractAddress]), '0x' + RETURN_42);
    assert.equal(
      await result(node, 'getCode', [
        G,
        '',
        (deploy.contractAddress as string).toUpperCase().replace('0X', '0x'),
      ]),
      '0x' + RETURN_42,
    );
    assert.equal(await result(node, 'getCode', [G, '', '0x' + '12'.repeat(20)]), '');
    assert.equal(await result(node, 'getABI', [G, '', deploy.contractAddress]), abi);
    assert.equal(await result(node, 'getABI', [G, '', '0x' + '12'.repeat(20)]), '');
  });

  it('getTransaction: tx object, proofs on request, 3008 when unknown', async () => {
    const tx = await result<Obj>(node, 'getTransaction', [G, '', deploy.transactionHash, false]);
    assert.deepEqual(sortedKeys(tx), [
      'abi',
      'blockLimit',
      'chainID',
      'extraData',
      'from',
      'groupID',
      'hash',
      'importTime',
      'input',
      'nonce',
      'signature',
      'to',
      'version',
    ]);
    assert.equal(tx.hash, deploy.transactionHash);
    assert.match(tx.nonce as string, /^[0-9a-f]+$/);
    assert.match(tx.signature as string, /^0x[0-9a-f]{130}$/);
    assert.equal(tx.abi, abi);
    assert.equal(typeof tx.importTime, 'number');
    const withProof = await result<Obj>(node, 'getTransaction', [G, '', deploy.transactionHash, true]);
    assert.deepEqual(withProof.transactionProof, []);
    assert.deepEqual(withProof.txProof, [(deploy.transactionHash as string).slice(2)]);
    // A 3.x node has no getTransactionByHash (bcos-rpc JsonRpcInterface.cpp, JsonRpcInterface::initMethod, registers
    // only getTransaction), so it answers -32601 method not found.
    assert.equal(
      (await call(node, 'getTransactionByHash', [G, '', deploy.transactionHash, false])).error?.code,
      -32601,
    );
    assert.deepEqual((await call(node, 'getTransaction', [G, '', '0x' + 'ab'.repeat(32), false])).error, {
      code: 3008,
      message: 'GetBatchTxsByHashList error',
    });
    assert.deepEqual((await call(node, 'getTransaction', [G, '', '0x' + 'ab'.repeat(33), false])).error, {
      code: -32600,
      message: 'Invalid input string!',
    });
  });

  it('getTransactionReceipt: transactionProof null without proof, [] with it', async () => {
    const r = await result<Obj>(node, 'getTransactionReceipt', [G, '', deploy.transactionHash, false]);
    assert.deepEqual(sortedKeys(r), [
      'blockNumber',
      'checksumContractAddress',
      'contractAddress',
      'extraData',
      'from',
      'gasUsed',
      'hash',
      'input',
      'logEntries',
      'message',
      'output',
      'status',
      'to',
      'transactionHash',
      'transactionProof',
      'version',
    ]);
    assert.equal(r.transactionProof, null);
    assert.equal(r.hash, deploy.hash);
    const p = await result<Obj>(node, 'getTransactionReceipt', [G, '', deploy.transactionHash, true]);
    assert.deepEqual(p.receiptProof, []);
    assert.deepEqual(p.transactionProof, []);
    assert.deepEqual(p.txReceiptProof, deploy.txReceiptProof);
    // A hash without 0x is accepted and echoed normalized.
    const bare = await result<Obj>(node, 'getTransactionReceipt', [
      G,
      '',
      (deploy.transactionHash as string).slice(2),
      false,
    ]);
    assert.equal(bare.transactionHash, deploy.transactionHash);
    assert.deepEqual(
      (await call(node, 'getTransactionReceipt', [G, '', '0x' + 'cd'.repeat(32), false])).error,
      {
        code: 3008,
        message: 'GetTransactionReceiptByHash',
      },
    );
  });

  it('blocks: header-only by default, hashes or full transactions on request', async () => {
    const n = deploy.blockNumber as number;
    const header = await result<Obj>(node, 'getBlockByNumber', [G, '', n]);
    assert.deepEqual(sortedKeys(header), [
      'consensusWeights',
      'extraData',
      'gasUsed',
      'hash',
      'number',
      'parentInfo',
      'receiptsRoot',
      'sealer',
      'sealerList',
      'signatureList',
      'stateRoot',
      'timestamp',
      'txsRoot',
      'version',
    ]);
    assert.equal(header.version, 0x03100400);
    assert.ok((header.sealerList as string[]).every((s) => /^0x[0-9a-f]{128}$/.test(s)));
    assert.equal(header.txsRoot, deploy.transactionHash, 'one tx: the root is the leaf');
    assert.equal(header.receiptsRoot, deploy.hash);
    const parent = (header.parentInfo as Obj[])[0];
    assert.deepEqual(sortedKeys(parent), ['blockHash', 'blockNumber']);
    const hashes = await result<Obj>(node, 'getBlockByNumber', [G, '', n, false, true]);
    assert.deepEqual(hashes.transactions, [deploy.transactionHash]);
    const full = await result<Obj>(node, 'getBlockByNumber', [G, '', n, false, false]);
    const tx = (full.transactions as Obj[])[0];
    assert.equal(tx.hash, deploy.transactionHash);
    assert.ok(!('txProof' in tx));
    assert.deepEqual(await result(node, 'getBlockByHash', [G, '', header.hash]), header);
    assert.deepEqual((await result<Obj>(node, 'getBlockByHash', [G, '', header.hash, false])).transactions, [
      deploy.transactionHash,
    ]);
    const genesis = await result<Obj>(node, 'getBlockByNumber', [G, '', 0]);
    assert.equal(genesis.gasUsed, '0');
    assert.equal(genesis.txsRoot, '0x' + '0'.repeat(64));
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', 9999])).error, {
      code: 3006,
      message: 'Get block failed with errors!',
    });
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', -1])).error, {
      code: 3003,
      message: 'Wrong argument',
    });
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', '0x1'])).error, {
      code: -32600,
      message: 'Value is not convertible to Int64.',
    });
    assert.equal((await call(node, 'getBlockByHash', [G, '', '0x' + '0'.repeat(64)])).error?.code, 3008);
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', n]), header.hash);
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', 9999]), '0x' + '0'.repeat(64));
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', -5]), '0x' + '0'.repeat(64));
  });

  it('scalar and count methods', async () => {
    assert.equal(await result(node, 'getBlockNumber', [G, '']), node.chain.blockNumber());
    const count = await result<Obj>(node, 'getTotalTransactionCount', [G, '']);
    assert.deepEqual(sortedKeys(count), ['blockNumber', 'failedTransactionCount', 'transactionCount']);
    assert.ok((count.transactionCount as number) >= 5);
    assert.ok((count.failedTransactionCount as number) >= 1);
    assert.equal(await result(node, 'getPendingTxSize', [G, '']), 0);
    assert.equal(typeof (await result(node, 'getPbftView', [G, ''])), 'number');
    assert.deepEqual(await result(node, 'getSystemConfigByKey', [G, '', 'tx_count_limit']), {
      blockNumber: 0,
      value: '1000',
    });
    assert.deepEqual((await call(node, 'getSystemConfigByKey', [G, '', 'no_such_key'])).error, {
      code: 3008,
      message: 'Entry: no_such_key does not exists!',
    });
  });

  it('consensus lists: sealers with termWeight, observers as plain IDs', async () => {
    const sealers = await result<Obj[]>(node, 'getSealerList', [G, '']);
    assert.equal(sealers.length, 4);
    for (const s of sealers) {
      assert.deepEqual(sortedKeys(s), ['nodeID', 'termWeight', 'weight']);
      assert.match(s.nodeID as string, NODE_ID);
    }
    assert.deepEqual(await result(node, 'getObserverList', [G, '']), []);
    assert.deepEqual(await result(node, 'getNodeListByType', [G, '', 'consensus_sealer']), sealers);
    assert.deepEqual(await result(node, 'getNodeListByType', [G, '', 'no_such_type']), []);
  });

  it('sync and consensus status are JSON strings ending in a newline', async () => {
    const sync = await result<string>(node, 'getSyncStatus', [G, '']);
    assert.ok(sync.endsWith('\n'));
    const s = JSON.parse(sync) as Obj;
    assert.deepEqual(sortedKeys(s), [
      'archivedBlockNumber',
      'blockNumber',
      'genesisHash',
      'isSyncing',
      'knownHighestNumber',
      'knownLatestHash',
      'latestHash',
      'nodeID',
      'peers',
    ]);
    assert.match(s.genesisHash as string, /^[0-9a-f]{64}$/);
    assert.equal((s.peers as Obj[]).length, 3);
    const cons = await result<string>(node, 'getConsensusStatus', [G, '']);
    assert.ok(cons.endsWith('\n'));
    const c = JSON.parse(cons) as Obj;
    assert.deepEqual(sortedKeys(c), [
      'blockNumber',
      'changeCycle',
      'connectedNodeList',
      'consensusNodeList',
      'consensusNodesNum',
      'hash',
      'index',
      'isConsensusNode',
      'leaderIndex',
      'maxFaultyQuorum',
      'minRequiredQuorum',
      'nodeID',
      'timeout',
      'view',
    ]);
    assert.equal(c.consensusNodesNum, 4);
    assert.equal(c.maxFaultyQuorum, 1);
    assert.equal(c.minRequiredQuorum, 3);
    assert.equal(c.connectedNodeList, 4);
    const list = c.consensusNodeList as { nodeID: string }[];
    assert.deepEqual(
      list.map((e) => e.nodeID),
      list.map((e) => e.nodeID).sort(),
      'PBFT sorts by node ID',
    );
  });

  it('peers and group info', async () => {
    const peers = await result<Obj>(node, 'getPeers', [G]);
    assert.deepEqual(sortedKeys(peers), ['endPoint', 'groupNodeIDInfo', 'p2pNodeID', 'peers']);
    assert.match(peers.p2pNodeID as string, /^04[0-9a-f]{128}$/);
    assert.equal((peers.peers as Obj[]).length, 3);
    const groupPeers = await result<string[]>(node, 'getGroupPeers', [G]);
    assert.deepEqual(groupPeers, node.nodes.map((n) => n.nodeId).sort());
    assert.deepEqual(await result(node, 'getGroupPeers', ['nope']), []);
    assert.deepEqual(await result(node, 'getGroupList', []), { code: 0, groupList: [G], msg: 'success' });
    const info = await result<Obj>(node, 'getGroupInfo', [G]);
    assert.deepEqual(sortedKeys(info), ['chainID', 'genesisConfig', 'groupID', 'iniConfig', 'nodeList']);
    assert.equal(info.iniConfig, '');
    const genesis = JSON.parse(info.genesisConfig as string) as Obj;
    assert.deepEqual(genesis, {
      blockTxCountLimit: 1000,
      consensusLeaderPeriod: 1,
      consensusType: 'pbft',
      sealerList: node.nodes.map((n) => ({ nodeID: n.nodeId, weight: 1 })),
      txGasLimit: 3000000000,
    });
    const n0 = (info.nodeList as Obj[])[0];
    assert.deepEqual(sortedKeys(n0), [
      'featureKeys',
      'iniConfig',
      'microService',
      'name',
      'nodeID',
      'protocol',
      'serviceInfo',
      'supportConfigs',
      'type',
    ]);
    assert.equal(n0.type, 0);
    assert.deepEqual(n0.protocol, {
      compatibilityVersion: 0x03100400,
      maxSupportedVersion: 2,
      minSupportedVersion: 0,
    });
    assert.ok((n0.iniConfig as string).endsWith('\n'));
    const ini = JSON.parse(n0.iniConfig as string) as Obj;
    assert.equal(ini.smCryptoType, false);
    assert.equal(ini.isWasm, false);
    assert.equal(ini.isAuthCheck, true);
    assert.equal(ini.isSerialExecute, true);
    assert.equal(ini.chainID, 'chain0');
    assert.equal((ini.binaryInfo as Obj).version, '3.16.4');
    assert.equal(await result(node, 'getGroupInfo', ['nope']), null);
    assert.deepEqual(await result(node, 'getGroupInfoList', []), [info]);
    assert.deepEqual(await result(node, 'getGroupNodeInfo', [G, 'node1']), (info.nodeList as Obj[])[1]);
    assert.equal(await result(node, 'getGroupNodeInfo', [G, 'node9']), null);
  });

  it('group and node rules: "" group works except where the exact group is needed', async () => {
    assert.equal(typeof (await result(node, 'getBlockNumber', ['', ''])), 'number');
    assert.deepEqual((await call(node, 'getBlockNumber', ['group9', ''])).error, {
      code: -32000,
      message:
        "Invalid request for the specified node of doesn't exist or doesn't started!,request=getBlockNumber,chain=chain0,group=group9,node=",
    });
    assert.equal((await call(node, 'getBlockNumber', [G, 'node7'])).error?.code, -32000);
    for (const [m, extra] of [
      ['getCode', [deploy.contractAddress]],
      ['getABI', [deploy.contractAddress]],
      ['getTransactionReceipt', [deploy.transactionHash, false]],
      ['sendTransaction', ['0x00', false]],
    ] as const) {
      assert.deepEqual(
        (await call(node, m, ['', '', ...extra])).error,
        { code: -32005, message: 'The group  does not exist!' },
        m,
      );
    }
  });

  it('wire text: compact, keys sorted, HTTP 200 + application/json', async () => {
    const r = await post(node.url, { method: 'getGroupList', id: 7, params: [], jsonrpc: '2.0' });
    assert.equal(r.status, 200);
    assert.equal(r.contentType, 'application/json');
    assert.equal(
      r.text,
      '{"id":7,"jsonrpc":"2.0","result":{"code":0,"groupList":["group0"],"msg":"success"}}',
    );
    const e = await post(node.url, { method: 'nope', id: 8, params: [], jsonrpc: '2.0' });
    assert.equal(
      e.text,
      '{"error":{"code":-32601,"message":"The method does not exist/is not available."},"id":8,"jsonrpc":"2.0"}',
    );
  });
});

describe('devnode RPC methods on an SM chain', () => {
  it('reports SM in group info and uses SM3 for checksum addresses', async () => {
    const node = await startDevnode({ port: 0, sm: true, nodes: 1, accounts: 1, logLevel: 'silent' });
    try {
      const info = await result<{ nodeList: Obj[] }>(node, 'getGroupInfo', ['group0']);
      assert.equal(info.nodeList[0].type, 1);
      assert.equal((JSON.parse(info.nodeList[0].iniConfig as string) as Obj).smCryptoType, true);
      const r = await result<Obj>(node, 'sendTransaction', [
        'group0',
        '',
        signedTx(node, { input: deployCode(RETURN_42) }),
        false,
      ]);
      assert.equal(r.status, 0);
      assert.equal(
        r.checksumContractAddress,
        toChecksumAddress(r.contractAddress as string, node.chain.suite),
      );
      const tx = await result<Obj>(node, 'getTransaction', ['group0', '', r.transactionHash, false]);
      assert.match(tx.signature as string, /^0x[0-9a-f]{256}$/);
      assert.match(r.input as string, HEX0X);
      // call-with-sign uses SM3 and a 128-byte SM2 signature (r‖s‖public key).
      const to = r.contractAddress as string;
      const suite = node.chain.suite;
      const sig = toHex(suite.sign(suite.hash(utf8Encode(to.slice(2))), node.chain.accounts[0].privateKey));
      assert.equal(sig.length, 2 + 256);
      assert.equal((await result<Obj>(node, 'call', ['group0', '', to, '0x', sig])).status, 0);
      assert.equal(
        (await call(node, 'call', ['group0', '', to, '0x', sig.slice(0, 130)])).error?.code,
        10008,
      );
    } finally {
      await node.stop();
    }
  });
});
