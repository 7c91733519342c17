// JSON-RPC transaction, call and code methods: result shapes against reference/rpc-shapes.md, on the real chain.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { toChecksumAddress } from '../../../src/protocol/address';
import { concatBytes, fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { call, deployCode, result, RETURN_42, signedTx } from './rpc-helpers';
import { G, GET_ABI, HASH, HEX0X, sortedKeys, startMethodsChain, type Obj } from './rpc-methods-fixture';

describe('devnode RPC transaction methods', () => {
  let node: Devnode;
  let deploy: Obj;
  let logTx: Obj;
  let revertTx: Obj;

  before(async () => {
    ({ node, deploy, logTx, revertTx } = await startMethodsChain());
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
    assert.equal(await result(node, 'getABI', [G, '', deploy.contractAddress]), GET_ABI);
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
    assert.equal(tx.abi, GET_ABI);
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
