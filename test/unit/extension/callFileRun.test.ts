// Running call files against an in-process devnode: by address or BFS path, ABI from getABI or the workspace,
// decoded outputs, events and reverts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { validateCallFile, type CallFileSpec } from '../../../src/extension/callFiles/callFile';
import { executeCallFile, formatOutcome } from '../../../src/extension/callFiles/callFileRun';
import { startCallFileChain, type CallFileChain } from './callFiles-fixture';

let chain: CallFileChain;
let api: SdkChainApi;
let signer: Signer;
let other: Signer;
let counter: string;
let counterAbi: string;
let guarded: string;
let noAbiCounter: string;

before(async () => {
  chain = await startCallFileChain();
  ({ api, signer, other, counter, counterAbi, guarded, noAbiCounter } = chain);
});

after(() => chain?.stop());

describe('running call files against a devnode', () => {
  const run = (
    spec: unknown,
    s: Signer | undefined = signer,
    workspaceAbi?: (a: string) => string | undefined,
  ) => {
    const v = validateCallFile(spec);
    assert.equal(v.ok, true, !v.ok ? v.errors.join(' ') : '');
    return executeCallFile((v as { spec: CallFileSpec }).spec, { api, signer: s, workspaceAbi });
  };

  it('calls by address with the ABI from getABI and decodes the outputs', async () => {
    const o = await run({ address: counter, method: 'count' });
    assert.equal(o.ok, true);
    assert.equal(o.mode, 'call');
    assert.equal(o.signature, 'count()');
    assert.deepEqual(
      o.outputs.map((v) => [v.type, v.value]),
      [['uint256', '5']],
    );
    assert.match(
      formatOutcome(o),
      new RegExp(
        `^called count\\(\\) on ${counter}\\n  ✓ Success · block \\d+\\n  output0 \\(uint256\\) = 5$`,
      ),
    );
  });

  it('sends by BFS path: events, gas, return value, sender', async () => {
    const o = await run({ bfsPath: '/apps/Counter/1.0', method: 'increment', args: ['3'], send: true });
    assert.equal(o.ok, true, o.message);
    assert.equal(o.address, counter.toLowerCase());
    assert.deepEqual(
      o.outputs.map((v) => v.value),
      ['8'],
    );
    assert.equal(o.events.length, 1);
    const e = o.events[0];
    assert.ok('args' in e);
    assert.equal(e.signature, 'Incremented(address,uint256,uint256)');
    assert.deepEqual(
      e.args.map((a) => a.value),
      [signer.address.toLowerCase(), '3', '8'].map((v, i) => (i === 0 ? (e.args[0].value as string) : v)),
    );
    assert.equal((e.args[0].value as string).toLowerCase(), signer.address.toLowerCase());
    assert.ok(Number(o.gasUsed) > 0);
    assert.match(o.transactionHash ?? '', /^0x[0-9a-f]{64}$/);
    const text = formatOutcome(o, 'Counter.increment.call.json');
    assert.match(
      text,
      /^Counter\.increment\.call\.json: sent increment\(uint256\) on \/apps\/Counter\/1\.0 \(0x[0-9a-f]{40}\) with \["3"\]\n {2}✓ Success · block \d+ · gas \d+\n {2}transaction 0x[0-9a-f]{64} from 0x[0-9a-f]{40}\n {2}output0 \(uint256\) = 8\n {2}event Incremented\(address,uint256,uint256\): by=0x[0-9a-fA-F]{40}, amount=3, newCount=8$/,
    );
    const after = await run({ address: counter, method: 'count' });
    assert.deepEqual(
      after.outputs.map((v) => v.value),
      ['8'],
    );
  });

  it('uses the sender given for the transaction', async () => {
    const o = await run({ address: counter, method: 'setLabel', args: ['renamed'], send: true }, other);
    assert.equal(o.ok, true, o.message);
    assert.equal(o.from, other.address);
    const label = await run({ address: counter, method: 'label' });
    assert.deepEqual(
      label.outputs.map((v) => v.value),
      ['renamed'],
    );
  });

  it('decodes reverts of calls and transactions: Error(string), custom errors, Panic', async () => {
    const call = await run({ address: guarded, method: 'positive', args: ['0'] });
    assert.equal(call.ok, false);
    assert.equal(call.message, 'reverted: v must be positive');
    const custom = await run({ address: guarded, method: 'limited', args: ['11'] });
    assert.equal(custom.message, 'reverted with TooBig(value=11, limit=10)');
    const sent = await run({ address: guarded, method: 'limited', args: ['12'], send: true });
    assert.equal(sent.ok, false);
    assert.equal(sent.status, 16);
    assert.equal(sent.message, 'reverted with TooBig(value=12, limit=10)');
    assert.match(
      formatOutcome(sent),
      /\n {2}✗ reverted with TooBig\(value=12, limit=10\) · block \d+ · gas \d+\n {2}transaction 0x/,
    );
    const overflow = await run({
      address: counter,
      method: 'increment',
      args: [(2n ** 256n - 1n).toString()],
      send: true,
    });
    assert.equal(overflow.message, 'panic 0x11: arithmetic overflow or underflow');
  });

  it('takes overloads by signature, tuples of outputs by name', async () => {
    const s = await run({ address: guarded, method: 'f(string)', args: ['hi'] });
    assert.deepEqual(
      s.outputs.map((v) => v.value),
      ['hi'],
    );
    const p = await run({ address: guarded, method: 'pair', args: ['21', false] });
    assert.deepEqual(
      p.outputs.map((v) => [v.name, v.value]),
      [
        ['doubled', '42'],
        ['flipped', true],
      ],
    );
    await assert.rejects(
      run({ address: guarded, method: 'f', args: ['1'] }),
      /"f" is overloaded: set "method" to one of f\(string\), f\(uint256\)\./,
    );
    await assert.rejects(
      run({ address: guarded, method: 'pair', args: ['1'] }),
      /pair\(uint256,bool\) takes 2 arguments; "args" has 1\./,
    );
  });

  it('falls back to the workspace ABI, and says what to do when there is none', async () => {
    await assert.rejects(
      run({ address: noAbiCounter, method: 'count' }),
      /No ABI for 0x[0-9a-f]{40}: .*Add "abi" to the call file\./,
    );
    const o = await run({ address: noAbiCounter, method: 'count' }, signer, (a) =>
      a.toLowerCase() === noAbiCounter.toLowerCase() ? counterAbi : undefined,
    );
    assert.deepEqual(
      o.outputs.map((v) => v.value),
      ['5'],
    );
  });

  it('needs an account to send, and a linked BFS path', async () => {
    await assert.rejects(
      executeCallFile({ address: counter, method: 'increment', args: ['1'], send: true }, { api }),
      /^Error: Sending a transaction needs an account: set "from" or select an active account\.$/,
    );
    await assert.rejects(
      run({ bfsPath: '/apps/Nothing/here', method: 'count' }),
      /^Error: \/apps\/Nothing\/here is not a contract link in BFS\.$/,
    );
  });
});
