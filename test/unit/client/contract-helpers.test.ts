// The send / deploy / call helpers against a local node stand-in: chain facts from getGroupInfo
// (cached), blockLimit from getBlockNumber + 500, chain-hash selectors, decoded revert reasons.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importPrivateKey } from '../../../src/protocol/account';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { decodeTransaction } from '../../../src/protocol/transaction';
import { Client } from '../../../src/client/client';
import { RevertError, TxPoolError } from '../../../src/client/errors';
import { selector } from '../../../src/client/abi';
import {
  callContract,
  deployContract,
  getChainInfo,
  sendContractTransaction,
  signCall,
} from '../../../src/client/transactions';
import { Contract } from '../../../src/client/contract';
import * as fx from './fixtures';
import { startRpcServer, type Reply, type RpcRequestBody, type RpcServer } from './rpcServer';
import { ABI, coder, GO_KEY } from './txVectors';

const ecdsaNode = {
  ...fx.nodeInfo,
  type: 0,
  iniConfig: fx.nodeInfo.iniConfig.replace('"smCryptoType":true', '"smCryptoType":false'),
};
const ecdsaGroup = { ...fx.groupInfo, nodeList: [ecdsaNode] };

describe('send / deploy / call helpers', () => {
  let server: RpcServer;
  let group: unknown = ecdsaGroup;
  let onSend: (tx: ReturnType<typeof decodeTransaction>, req: RpcRequestBody) => Reply = () => ({
    result: fx.sendReceiptOk,
  });
  let onCall: (req: RpcRequestBody) => Reply = () => ({
    result: { blockNumber: 8, output: '0x', status: 0 },
  });
  before(async () => {
    server = await startRpcServer((req) => {
      if (req.method === 'getGroupInfo') return { result: group };
      if (req.method === 'getBlockNumber') return { result: 41 };
      if (req.method === 'sendTransaction')
        return onSend(decodeTransaction(fromHex(req.params[2] as string)), req);
      if (req.method === 'call') return onCall(req);
      return { error: { code: -32601, message: 'The method does not exist/is not available.' } };
    });
  });
  after(() => server.close());
  const account = importPrivateKey(GO_KEY);

  it('deployContract: discovers chain facts, signs, and returns the new address', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    server.requests.length = 0;
    let seen: ReturnType<typeof decodeTransaction> | undefined;
    onSend = (tx) => {
      seen = tx;
      return { result: fx.sendReceiptOk };
    };
    const { address, receipt } = await deployContract(client, account, {
      abi: ABI,
      bytecode: '0x6080604052',
      args: ['hi'],
    });
    assert.equal(address, fx.sendReceiptOk.contractAddress);
    assert.equal(receipt.status, 0);
    assert.equal(seen!.data.chainID, 'chain0');
    assert.equal(seen!.data.groupID, 'group0');
    assert.equal(seen!.data.blockLimit, 541n);
    assert.equal(seen!.data.to, '');
    assert.equal(toHex(seen!.data.input), '0x6080604052' + coder.encode(['string'], ['hi']).slice(2));
    assert.deepEqual(JSON.parse(seen!.data.abi)[0].type, 'constructor');
    assert.equal(ecdsaSuite.address(ecdsaSuite.recover(seen!.dataHash, seen!.signature)), account.address);
    assert.deepEqual(
      server.requests.map((r) => r.method),
      ['getGroupInfo', 'getBlockNumber', 'sendTransaction'],
    );
    assert.deepEqual(server.requests[2].params.slice(0, 2), ['group0', '']);
    assert.equal(server.requests[2].params[3], false);
    client.close();
  });

  it('caches chain facts per endpoint and group; refresh asks again', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    server.requests.length = 0;
    onSend = () => ({ result: fx.sendReceiptOk });
    const c1 = await getChainInfo(client);
    const c2 = await getChainInfo(client.node('node1'));
    assert.equal(c1, c2);
    assert.equal(c1.sm, false);
    assert.equal(c1.compatibilityVersion, 50528256);
    assert.equal(c1.nodeVersion, '3.3.0');
    await sendContractTransaction(client, account, {
      to: '0x' + '22'.repeat(20),
      abi: ABI,
      method: 'set',
      args: ['x'],
    });
    assert.equal(server.requests.filter((r) => r.method === 'getGroupInfo').length, 1);
    await getChainInfo(client, { refresh: true });
    assert.equal(server.requests.filter((r) => r.method === 'getGroupInfo').length, 2);
    client.close();
  });

  it('sendContractTransaction: a reverted receipt rejects with the decoded reason and the receipt', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    onSend = () => ({ result: fx.sendReceiptReverted });
    await assert.rejects(
      sendContractTransaction(
        client,
        account,
        { to: '0x' + '22'.repeat(20), abi: ABI, method: 'set', args: ['x'] },
        { node: 'node1', withProof: true },
      ),
      (err: unknown) => {
        assert.ok(err instanceof RevertError);
        assert.equal(err.reason, 'not owner');
        assert.equal(err.status, 16);
        assert.equal(err.transactionHash, fx.sendReceiptReverted.transactionHash);
        assert.equal(err.receipt!.hash, '0x');
        assert.match(err.message, /set failed with RevertInstruction \(16\): reverted: not owner/);
        return true;
      },
    );
    const last = server.requests.at(-1)!;
    assert.deepEqual([last.params[0], last.params[1], last.params[3]], ['group0', 'node1', true]);
    client.close();
  });

  it('a tx-pool rejection passes through as TxPoolError', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    onSend = () => ({ error: { code: 10000, message: 'NonceCheckFail' } });
    await assert.rejects(
      sendContractTransaction(client, account, {
        to: '0x' + '22'.repeat(20),
        abi: ABI,
        method: 'set',
        args: ['x'],
      }),
      (err: unknown) => err instanceof TxPoolError && err.name === 'NonceCheckFail',
    );
    client.close();
  });

  it('callContract decodes outputs, and reverts into RevertError', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    onCall = (req) => {
      const data = req.params[3] as string;
      assert.equal(data.slice(0, 10), selector('add(uint256,uint256)', ecdsaSuite));
      return { result: { blockNumber: 8, output: coder.encode(['uint256'], [5]), status: 0 } };
    };
    const [sum] = await callContract(client, {
      to: '0x' + '33'.repeat(20),
      abi: ABI,
      method: 'add',
      args: [2, 3],
    });
    assert.equal(sum, 5n);
    onCall = () => ({
      result: {
        blockNumber: 8,
        output: '0x4e487b71' + coder.encode(['uint256'], [0x12]).slice(2),
        status: 16,
      },
    });
    await assert.rejects(
      callContract(client, { to: '0x' + '33'.repeat(20), abi: ABI, method: 'add', args: [1, 0] }),
      (err: unknown) => {
        assert.ok(err instanceof RevertError);
        assert.equal(err.panicCode, 0x12n);
        assert.match(err.message, /division or modulo by zero/);
        return true;
      },
    );
    client.close();
  });

  it('callContract with a signer sends call-with-sign (5th param) over H(to ‖ data)', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    let params: unknown[] = [];
    onCall = (req) => {
      params = req.params;
      return { result: { blockNumber: 8, output: coder.encode(['string'], ['hi']), status: 0 } };
    };
    const to = '0x' + '44'.repeat(20);
    const [text] = await callContract(client, { to, abi: ABI, method: 'get' }, { signer: account });
    assert.equal(text, 'hi');
    assert.equal(params.length, 5);
    const data = fromHex(params[3] as string);
    assert.equal(params[4], signCall(to, data, account));
    const message = new Uint8Array([...Buffer.from('44'.repeat(20)), ...data]);
    const recovered = ecdsaSuite.recover(ecdsaSuite.hash(message), fromHex(params[4]));
    assert.equal(ecdsaSuite.address(recovered), account.address);
    client.close();
  });

  it('Contract: deploy, call, send', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    onSend = (tx) => ({
      result: tx.data.to ? { ...fx.sendReceiptOk, contractAddress: '', output: '0x' } : fx.sendReceiptOk,
    });
    onCall = () => ({ result: { blockNumber: 9, output: coder.encode(['string'], ['Hello']), status: 0 } });
    const { contract } = await Contract.deploy(client, account, ABI, '0x6080', ['Hello']);
    assert.equal(contract.address, fx.sendReceiptOk.contractAddress);
    assert.deepEqual([...(await contract.call('get'))], ['Hello']);
    const { receipt } = await contract.send('set', ['World']);
    assert.equal(receipt.status, 0);
    assert.throws(
      () => new Contract(client, ABI, contract.address).send('set', ['x']),
      /no account to sign with/,
    );
    client.close();
  });

  it('an account of the wrong crypto type is refused before signing', async () => {
    group = fx.groupInfo; // SM chain
    const client = new Client({ group: 'group0', url: server.url });
    await assert.rejects(
      deployContract(client, account, { abi: ABI, bytecode: '0x6080', args: ['x'] }),
      /is a secp256k1 key but group group0 is an SM \(SM2\/SM3\) chain/,
    );
    const info = await getChainInfo(client);
    assert.equal(info.sm, true);
    assert.equal(info.suite, smSuite);
    group = ecdsaGroup;
    client.close();
  });
});
