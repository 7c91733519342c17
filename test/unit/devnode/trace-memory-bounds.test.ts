// A traced run (a `step` listener: the debugger's trace) ends as the untraced run does when an
// instruction's memory range is far beyond what the gas limit pays for, and records that
// instruction as the failing step. @ethereumjs's step hook reads REVERT's range before its gas
// charge has been checked; a range past 2^32 bytes threw a RangeError there, which ended the
// traced run as an internal error (status Unknown) without the failing step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TransactionStatus } from '../../../src/protocol/rpc/status';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { newChain, signedTx } from './chain-fixtures';
import { deployRuntime, push } from './raw-code';

const TWO_32 = 1n << 32n;
const TWO_40 = 1n << 40n;
const TWO_255 = 1n << 255n;
// 30 MiB of memory: about 1.9e9 gas, under the default 3e9 transaction gas limit.
const AFFORDABLE = 30n * 1024n * 1024n;

// Each case: runtime code, its last (failing or final) instruction, the status without tracing.
const CASES: Record<string, { code: string; last: string; status: number }> = {
  'REVERT at offset 2^32': { code: push(32n) + push(TWO_32) + 'fd', last: 'REVERT', status: 12 },
  'REVERT of 2^40 bytes': { code: push(TWO_40) + push(0n) + 'fd', last: 'REVERT', status: 12 },
  'REVERT at offset 2^255': { code: push(32n) + push(TWO_255) + 'fd', last: 'REVERT', status: 12 },
  'REVERT of 2^255 bytes at 2^255': {
    code: push(TWO_255) + push(TWO_255) + 'fd',
    last: 'REVERT',
    status: 12,
  },
  'REVERT at an affordable offset': { code: push(32n) + push(AFFORDABLE) + 'fd', last: 'REVERT', status: 16 },
  'MSTORE at offset 2^32': { code: push(1n) + push(TWO_32) + '52' + '00', last: 'MSTORE', status: 12 },
  'MSTORE at an affordable offset': {
    code: push(1n) + push(AFFORDABLE) + '52' + '00',
    last: 'STOP',
    status: 0,
  },
  'CALLDATACOPY of 2^255 bytes': {
    code: push(TWO_255) + push(0n) + push(0n) + '37' + '00',
    last: 'CALLDATACOPY',
    status: 12,
  },
  'KECCAK256 of 2^40 bytes': { code: push(TWO_40) + push(0n) + '20' + '00', last: 'KECCAK256', status: 12 },
};

test('a huge memory range fails a traced transaction as it fails untraced', async () => {
  const chain = await newChain();
  try {
    for (const [name, c] of Object.entries(CASES)) {
      const addr = await deployRuntime(chain, c.code);
      const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, {
        to: addr,
        input: new Uint8Array(0),
      });
      const { receipt } = await chain.submit(raw);
      assert.equal(receipt.data.status, c.status, `${name}: untraced status`);
      const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
      assert.equal(t.status, c.status, `${name}: traced status`);
      assert.equal(t.matchesReceipt, true, `${name}: the trace matches the receipt`);
      assert.equal(t.gasUsed, receipt.data.gasUsed, `${name}: gas used`);
      assert.equal(t.trace.steps.at(-1)!.op, c.last, `${name}: the failing step is recorded`);
      const error = { 0: undefined, 12: 'out of gas', 16: 'revert' }[c.status];
      assert.equal(t.trace.frames[0].error, error, `${name}: the frame's error`);

      // A traced read-only call gives the FISCO call's status and output.
      const call = await chain.call(addr, new Uint8Array(0));
      const traced = await chain.traceCall(addr, new Uint8Array(0), undefined, DEFAULT_TRACE_LIMITS);
      assert.equal(traced.status, call.status, `${name}: traced call status`);
      assert.deepEqual(traced.output, call.output, `${name}: traced call output`);
      assert.equal(traced.trace.steps.at(-1)!.op, c.last, `${name}: traced call's last step`);
      assert.notEqual(call.status, TransactionStatus.Unknown);
    }
  } finally {
    await chain.close();
  }
});
