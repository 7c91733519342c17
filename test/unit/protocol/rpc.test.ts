import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  groupNotExistMessage,
  isJsonRpcFailure,
  makeFailure,
  makeRequest,
  makeSuccess,
  RpcErrorCode,
} from '../../../src/protocol/rpc/envelope';
import { PrecompiledRetCode, statusName, TransactionStatus } from '../../../src/protocol/rpc/status';

test('TransactionStatus names as the node prints them', () => {
  assert.equal(statusName(0), 'None');
  assert.equal(statusName(16), 'RevertInstruction');
  assert.equal(statusName(10000), 'NonceCheckFail');
  assert.equal(statusName(10003), 'MalformTx');
  assert.equal(statusName(10010), 'TransactionPoolTimeout');
  assert.equal(statusName(99), 'Unknown');
  assert.equal(TransactionStatus.InvalidSignature, 10008);
  assert.equal(TransactionStatus.PermissionDenied, 18);
});

test('JSON-RPC codes and envelopes', () => {
  assert.equal(RpcErrorCode.ParseError, -32700);
  assert.equal(RpcErrorCode.GroupNotExist, -32005);
  assert.equal(groupNotExistMessage('g1'), 'The group g1 does not exist!');
  const ok = makeSuccess(1, 5);
  assert.equal(JSON.stringify(ok), '{"id":1,"jsonrpc":"2.0","result":5}');
  const fail = makeFailure(2, 10000, 'NonceCheckFail');
  assert.equal(
    JSON.stringify(fail),
    '{"error":{"code":10000,"message":"NonceCheckFail"},"id":2,"jsonrpc":"2.0"}',
  );
  assert.equal(isJsonRpcFailure(fail), true);
  assert.equal(isJsonRpcFailure(ok), false);
  assert.deepEqual(makeRequest('getBlockNumber', ['group0', ''], 3), {
    jsonrpc: '2.0',
    method: 'getBlockNumber',
    params: ['group0', ''],
    id: 3,
  });
});

test('precompiled return codes are re-exported', () => {
  assert.equal(PrecompiledRetCode.CODE_NO_AUTHORIZED, -50000);
  assert.equal(PrecompiledRetCode.RET_CODE_MESSAGES.get(-53001), 'Path of file not exist');
});
