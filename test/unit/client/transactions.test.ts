// Transaction building against the Go SDK vector (protocol.md §10.1), and the chain-hash ABI
// helpers: selectors, decoded revert reasons and logs.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importPrivateKey } from '../../../src/protocol/account';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { toHex } from '../../../src/protocol/hex';
import { decodeTransaction, hashTransactionData } from '../../../src/protocol/transaction';
import { decodeLogs, decodeRevert, encodeFunctionCall, eventTopic, selector } from '../../../src/client/abi';
import { buildSignedTransaction } from '../../../src/client/transactions';
import { ABI, coder, errorString, GO_KEY, GO_SIGNED_TX, SET_INPUT } from './txVectors';

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
