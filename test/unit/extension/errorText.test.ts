// Every failure shown to the user says what failed and why: SDK errors keep their method, node
// message, status name or decoded revert reason.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RevertError, TransportError, rpcErrorFrom } from '../../../src/client/errors';
import { describeError } from '../../../src/extension/errorText';

describe('describeError', () => {
  it('names the RPC method and the node message, and tx-pool rejections by status', () => {
    assert.equal(
      describeError(rpcErrorFrom(-32602, 'Invalid params', 'getBlockByNumber')),
      'getBlockByNumber failed: Invalid params (code -32602)',
    );
    assert.match(
      describeError(rpcErrorFrom(10004, 'nonce', 'sendTransaction')),
      /rejected by the transaction pool: \w+ \(code 10004\)/,
    );
  });

  it('adds a hint to transport failures', () => {
    assert.match(
      describeError(new TransportError('connect', 'http://x:20200', 'Cannot reach http://x:20200')),
      /Is the node running/,
    );
  });

  it('gives reverts their reason and status name', () => {
    assert.equal(
      describeError(new RevertError('call reverted', 16, '0x', 'not enough')),
      'Reverted (RevertInstruction): not enough',
    );
    const service = new RevertError(
      'set(string,string) failed with status 15: Open table failed',
      15,
      '0x',
      'Open table failed',
    );
    assert.equal(describeError(service), service.message);
  });

  it('keeps plain messages and non-errors readable', () => {
    assert.equal(
      describeError(new Error('Table "t" does not exist; create it first')),
      'Table "t" does not exist; create it first',
    );
    assert.equal(describeError('boom'), 'boom');
  });
});
