import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress } from 'ethers';
import * as protocol from '../../../src/protocol/index';

test('index re-exports the public surface of the module map', () => {
  for (const name of [
    'toHex',
    'fromHex',
    'strip0x',
    'concatBytes',
    'utf8Encode',
    'utf8Decode',
    'int32BE',
    'int64BE',
    'equalBytes',
    'TarsWriter',
    'TarsReader',
    'TarsDecodeError',
    'encodeTransactionData',
    'decodeTransactionData',
    'encodeTransaction',
    'decodeTransaction',
    'hashTransactionData',
    'signTransaction',
    'encodeReceipt',
    'decodeReceipt',
    'hashReceipt',
    'encodeBlockHeader',
    'decodeBlockHeader',
    'hashBlockHeader',
    'merkleRoot',
    'merkleProof',
    'verifyMerkleProof',
    'ecdsaSuite',
    'smSuite',
    'cryptoSuite',
    'keccak256',
    'sm3',
    'addressFromPublicKey',
    'contractAddress',
    'toChecksumAddress',
    'isAddress',
    'normalizeAddress',
    'generateNonce',
    'Account',
    'generateAccount',
    'importPrivateKey',
    'importPem',
    'exportPem',
    'RpcErrorCode',
    'TransactionStatus',
    'statusName',
    'PrecompiledRetCode',
  ]) {
    assert.ok(name in protocol, name);
  }
  const account = protocol.importPrivateKey(
    '145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58',
  );
  assert.equal(account.address, '0xfbb18d54e9ee57529cda8c7c52242efe879f064f');
  assert.equal(protocol.toChecksumAddress(account.address, protocol.ecdsaSuite), getAddress(account.address));
});
