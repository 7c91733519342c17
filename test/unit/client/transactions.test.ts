// Transaction building against the Go SDK vector (protocol.md §10.1), and the send / deploy /
// call helpers against a local node stand-in: chain facts from getGroupInfo (cached), blockLimit
// from getBlockNumber + 500, chain-hash selectors, decoded revert reasons.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AbiCoder } from 'ethers';
import { importPrivateKey } from '../../../src/protocol/account';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { decodeTransaction, hashTransactionData } from '../../../src/protocol/transaction';
import { Client } from '../../../src/client/client';
import { RevertError, TxPoolError } from '../../../src/client/errors';
import { decodeLogs, decodeRevert, encodeFunctionCall, eventTopic, selector } from '../../../src/client/abi';
import {
  buildSignedTransaction,
  callContract,
  deployContract,
  getChainInfo,
  sendContractTransaction,
  signCall,
} from '../../../src/client/transactions';
import { Contract } from '../../../src/client/contract';
import * as fx from './fixtures';
import { startRpcServer, type Reply, type RpcRequestBody, type RpcServer } from './rpcServer';

const GO_KEY = '145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58';
const SET_INPUT =
  '4ed3885e0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000c68656c6c6f2c20776f726c640000000000000000000000000000000000000000';
const GO_SIGNED_TX =
  '1a1c2606636861696e30360667726f75703041020a56273136313235353631323839383636383633323732353836393034303732333238373635373533336628613663646334666564393662626638633963303133636331393230306233633862613935633933657d0000644ed3885e0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000c68656c6c6f2c20776f726c6400000000000000000000000000000000000000000b2d000020b1e82e9052f066250532968bf9ad3a05f19dba10291089a27cea931ddfc8e9b53d000041aa923c250f2e8b64f401766b9348b27234858ee7cceefedda8c72cefc94d4142723d0b2584e753629a69404b8bfb33748747ec6b5a286488f9bebce79b2ef27101';

const ABI = [
  'constructor(string greeting)',
  'function set(string n)',
  'function get() view returns (string)',
  'function add(uint256 a, uint256 b) view returns (uint256)',
  'error NotOwner(address who)',
  'event Set(address indexed who, string value)',
];
const coder = AbiCoder.defaultAbiCoder();
const errorString = (selectorHex: string, text: string) =>
  selectorHex + coder.encode(['string'], [text]).slice(2);

describe('buildSignedTransaction', () => {
  it('reproduces the Go SDK set("hello, world") transaction byte for byte', () => {
    const account = importPrivateKey(GO_KEY);
    assert.equal(account.address, '0xfbb18d54e9ee57529cda8c7c52242efe879f064f');
    const signed = buildSignedTransaction(
      {
        chainId: 'chain0',
        groupId: 'group0',
        blockLimit: 522,
        nonce: '161255612898668632725869040723287657533',
        to: 'a6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e',
        input: SET_INPUT,
        attribute: 0,
      },
      account,
    );
    assert.equal(signed.hash, '0xb1e82e9052f066250532968bf9ad3a05f19dba10291089a27cea931ddfc8e9b5');
    assert.equal(signed.hex, '0x' + GO_SIGNED_TX);
  });

  it('value, gasPrice or gasLimit make a version-1 transaction with hex amounts', () => {
    const account = importPrivateKey(GO_KEY);
    const base = {
      chainId: 'chain0',
      groupId: 'group0',
      blockLimit: 600n,
      to: '0x' + '11'.repeat(20),
      input: '0x',
    };
    const v0 = decodeTransaction(buildSignedTransaction(base, account).bytes);
    assert.equal(v0.data.version, 0);
    // java-sdk DefaultTransactionManager: TransactionDataV1 with Numeric.toHexString(value) and
    // gasPrice, empty EIP-1559 fields.
    const signed = buildSignedTransaction({ ...base, value: 300n, gasLimit: 100000 }, account);
    const v1 = decodeTransaction(signed.bytes);
    assert.deepEqual(
      [v1.data.version, v1.data.value, v1.data.gasPrice, v1.data.gasLimit, v1.data.maxFeePerGas],
      [1, '0x12c', '0x0', 100000n, ''],
    );
    assert.equal(signed.hash, toHex(hashTransactionData(v1.data, ecdsaSuite)));
    assert.throws(
      () => buildSignedTransaction({ ...base, value: -1n }, account),
      /value must not be negative/,
    );
    assert.throws(
      () => buildSignedTransaction({ ...base, gasPrice: 1.5 }, account),
      /gasPrice must be a whole number/,
    );
  });

  it('defaults: fresh decimal nonce, EVM attribute, 0x-prefixed lowercase to', () => {
    const account = importPrivateKey(GO_KEY);
    const a = buildSignedTransaction(
      {
        chainId: 'chain0',
        groupId: 'group0',
        blockLimit: 600n,
        to: '0xA6CDC4FED96BBF8C9C013CC19200B3C8BA95C93E',
        input: '0x' + SET_INPUT,
      },
      account,
    );
    const b = buildSignedTransaction(
      {
        chainId: 'chain0',
        groupId: 'group0',
        blockLimit: 600n,
        to: '0xa6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e',
        input: '0x' + SET_INPUT,
      },
      account,
    );
    const decoded = decodeTransaction(a.bytes);
    assert.match(decoded.data.nonce, /^\d{1,40}$/);
    assert.notEqual(decoded.data.nonce, decodeTransaction(b.bytes).data.nonce);
    assert.equal(decoded.data.to, '0xa6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e');
    assert.equal(decoded.attribute, 1);
    assert.equal(decoded.data.blockLimit, 600n);
    assert.equal(toHex(ecdsaSuite.recover(decoded.dataHash, decoded.signature)), toHex(account.publicKey));
  });

  it('signs with SM2/SM3 for an SM account (128-byte signature, SM3 hash)', () => {
    const account = importPrivateKey(
      '389bb3e29db735b5dc4f114923f1ac5136891efda282a18dc0768e34305c861b',
      true,
    );
    assert.equal(account.address, '0x791a0073e6dfd9dc5e5061aebc43ab4f7aa4ae8b');
    const signed = buildSignedTransaction(
      { chainId: 'chain0', groupId: 'group0', blockLimit: 500, input: '0x6080', abi: '[]' },
      account,
    );
    const decoded = decodeTransaction(signed.bytes);
    assert.equal(decoded.signature.length, 128);
    assert.equal(toHex(decoded.dataHash), toHex(hashTransactionData(decoded.data, smSuite)));
    assert.equal(decoded.data.to, '');
    assert.equal(decoded.data.abi, '[]');
    assert.equal(toHex(smSuite.recover(decoded.dataHash, decoded.signature)), toHex(account.publicKey));
  });

  it('rejects incomplete fields', () => {
    const account = importPrivateKey(GO_KEY);
    assert.throws(
      () => buildSignedTransaction({ chainId: '', groupId: 'group0', blockLimit: 1, input: '0x00' }, account),
      /chainId is required/,
    );
    assert.throws(
      () => buildSignedTransaction({ chainId: 'c', groupId: 'g', blockLimit: 0, input: '0x00' }, account),
      /blockLimit must be positive/,
    );
    assert.throws(
      () =>
        buildSignedTransaction(
          { chainId: 'c', groupId: 'g', blockLimit: 1, to: '0x12', input: '0x00' },
          account,
        ),
      /"to" must be a 20-byte address/,
    );
    assert.throws(
      () => buildSignedTransaction({ chainId: 'c', groupId: 'g', blockLimit: 1, input: '0x' }, account),
      /deployment needs bytecode/,
    );
  });
});

describe('chain-hash ABI helpers', () => {
  it('selectors use keccak256 on normal chains and SM3 on SM chains', () => {
    assert.equal(selector('set(string)', ecdsaSuite), '0x4ed3885e');
    assert.equal(selector('Error(string)', ecdsaSuite), '0x08c379a0');
    assert.equal(selector('Error(string)', smSuite), '0xc703cb12');
    const onSm = encodeFunctionCall(ABI, 'set', ['hello, world'], smSuite);
    const onEcdsa = encodeFunctionCall(ABI, 'set', ['hello, world'], ecdsaSuite);
    assert.equal(toHex(onEcdsa), '0x' + SET_INPUT);
    assert.equal(toHex(onSm.subarray(0, 4)), selector('set(string)', smSuite));
    assert.deepEqual(onSm.subarray(4), onEcdsa.subarray(4));
  });

  it('decodes Error(string) (both selectors), Panic(uint256) and custom errors', () => {
    assert.equal(decodeRevert(errorString('0x08c379a0', 'not owner'), ecdsaSuite).reason, 'not owner');
    assert.equal(
      decodeRevert(errorString('0xc703cb12', 'Invalid value'), smSuite).message,
      'reverted: Invalid value',
    );
    const panic = decodeRevert('0x4e487b71' + coder.encode(['uint256'], [0x11]).slice(2), ecdsaSuite);
    assert.equal(panic.panicCode, 0x11n);
    assert.match(panic.message, /panic 0x11: arithmetic overflow or underflow/);
    const custom = decodeRevert(
      selector('NotOwner(address)', ecdsaSuite) +
        coder.encode(['address'], ['0x' + '11'.repeat(20)]).slice(2),
      ecdsaSuite,
      ABI,
    );
    assert.equal(custom.errorName, 'NotOwner');
    assert.match(custom.message, /NotOwner\(who=0x1111/);
    assert.equal(decodeRevert('0x', ecdsaSuite).message, 'reverted without a reason');
    assert.match(decodeRevert('0xdeadbeef00', ecdsaSuite).message, /reverted with data 0xdeadbeef00/);
  });

  it('decodes receipt logs (address without 0x) with the chain hash for topic 0', () => {
    const who = '0x' + '55'.repeat(20);
    const data = coder.encode(['string'], ['hi']);
    for (const suite of [ecdsaSuite, smSuite]) {
      const topic0 = eventTopic('Set(address,string)', suite);
      const logs = [
        {
          address: '6849f21d1e455e9f0712b1e99fa4fcd23758e8f1',
          topics: [topic0, coder.encode(['address'], [who])],
          data,
        },
        { address: '6849f21d1e455e9f0712b1e99fa4fcd23758e8f1', topics: ['0x' + '99'.repeat(32)], data: '0x' },
      ];
      const [set, unknown] = decodeLogs(logs, ABI, suite);
      assert.equal(set.address, '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1');
      assert.equal(set.name, 'Set');
      assert.equal(set.args!.who.toLowerCase(), who);
      assert.equal(set.args!.value, 'hi');
      assert.equal(unknown.name, undefined);
      assert.equal(unknown.address, '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1');
    }
    assert.notEqual(
      eventTopic('Set(address,string)', smSuite),
      eventTopic('Set(address,string)', ecdsaSuite),
    );
  });

  it('argument errors name the function', () => {
    assert.throws(
      () => encodeFunctionCall(ABI, 'add', [1], ecdsaSuite),
      /add\(uint256,uint256\): expected 2 argument\(s\), got 1/,
    );
    assert.throws(() => encodeFunctionCall(ABI, 'nope', [], ecdsaSuite), /function "nope"/);
    assert.throws(
      () => encodeFunctionCall(ABI, 'add', ['x', 2], ecdsaSuite),
      /add\(uint256,uint256\): bad arguments/,
    );
  });
});

// A secp256k1 variant of the documented group info (the doc example is an SM chain).
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
