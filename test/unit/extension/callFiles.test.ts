// Re-runnable call files (*.call.json): the validator's messages, running calls and transactions
// against an in-process devnode (by address or BFS path, ABI from the file, getABI or the
// workspace), decoded outputs, events and reverts, and saving the call form's inputs as a file.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { buildInput, readOutput, type CompiledContract } from '../../../src/extension/compile/solcIO';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import {
  isCallFileName,
  parseCallFile,
  validateCallFile,
  type CallFileSpec,
} from '../../../src/extension/callFiles/callFile';
import { executeCallFile, formatOutcome } from '../../../src/extension/callFiles/callFileRun';
import {
  callFileBaseName,
  callFileFromInputs,
  serializeCallFile,
  writeCallFile,
} from '../../../src/extension/callFiles/callFileWrite';

const workspace = join(__dirname, '..', '..', '..', 'samples', 'workspace');

const GUARDED = `pragma solidity ^0.8.11;
contract Guarded {
    error TooBig(uint256 value, uint256 limit);
    function positive(uint256 v) public pure returns (uint256) { require(v > 0, "v must be positive"); return v; }
    function limited(uint256 v) public pure returns (uint256) { if (v > 10) revert TooBig(v, 10); return v; }
    function f(uint256 v) public pure returns (uint256) { return v; }
    function f(string memory s) public pure returns (string memory) { return s; }
    function pair(uint256 a, bool b) public pure returns (uint256 doubled, bool flipped) { return (a * 2, !b); }
}`;

function compile(): CompiledContract[] {
  const solc = require('solc');
  const sources = {
    'contracts/Counter.sol': readFileSync(join(workspace, 'contracts', 'Counter.sol'), 'utf8'),
    'Guarded.sol': GUARDED,
  };
  const { contracts, problems } = readOutput(
    solc.compile(buildInput(sources, { evmVersion: 'paris', optimizer: false })),
  );
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
  return contracts;
}

let node: Devnode;
let api: SdkChainApi;
let signer: Signer;
let other: Signer;
let counter: string;
let counterAbi: string;
let guarded: string;
let guardedAbi: unknown[];
let noAbiCounter: string;
let tmp: string;

before(async () => {
  node = await startDevnode({ port: 0, accounts: 2, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
  other = { address: node.accounts[1].address, privateKey: node.accounts[1].privateKey, sm: false };
  const contracts = compile();
  const c = contracts.find((x) => x.name === 'Counter')!;
  const g = contracts.find((x) => x.name === 'Guarded')!;
  counterAbi = JSON.stringify(c.abi);
  guardedAbi = g.abi;
  const ctorArgs = new ContractCodec(counterAbi, (t) => api.hashText(t)).encodeDeployArgs(['demo', '5']);
  const r1 = await api.deploy(signer, c.bytecode + ctorArgs, counterAbi);
  assert.equal(r1.status, 0);
  counter = r1.contractAddress;
  const r2 = await api.deploy(signer, g.bytecode, JSON.stringify(g.abi));
  guarded = r2.contractAddress;
  // Deployed without an ABI: getABI has nothing, only the workspace knows it.
  const r3 = await api.deploy(signer, c.bytecode + ctorArgs, '');
  noAbiCounter = r3.contractAddress;
  const link = await api.bfsLink(signer, '/apps/Counter/1.0', counter, counterAbi);
  assert.equal(link.ok, true, link.message);
  tmp = mkdtempSync(join(tmpdir(), 'call-files-'));
});

after(async () => {
  api?.close();
  await node?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const ADDR = '0x' + '1'.repeat(40);

describe('call file validation', () => {
  it('accepts a minimal call and fills in the defaults', () => {
    const r = validateCallFile({ address: ADDR, method: 'count' });
    assert.deepEqual(r, { ok: true, spec: { address: ADDR, method: 'count', args: [], send: false } });
    assert.equal(isCallFileName('/w/.fisco-bcos/calls/Counter.count.call.json'), true);
    assert.equal(isCallFileName('/w/deployments.json'), false);
  });

  it('names every problem with the field it concerns', () => {
    const r = validateCallFile({
      adress: ADDR,
      method: 7,
      args: 'x',
      send: 'yes',
      from: '',
      abi: { nope: 1 },
    });
    assert.equal(r.ok, false);
    assert.deepEqual(!r.ok && r.errors, [
      'Unknown field "adress" (known: description, connection, address, bfsPath, abi, method, args, send, from).',
      '"from" must be a non-empty string.',
      'Give the contract as "address" (0x + 40 hex digits) or "bfsPath" (e.g. /apps/Counter/1.0).',
      '"method" is required: a function name ("increment") or signature ("increment(uint256)").',
      '"args" must be a JSON array of argument values, e.g. ["1", "0xabc…", ["a", "b"]].',
      '"send" must be true (send a transaction) or false (a read-only call).',
      '"abi" must be a JSON ABI array (as solc or getABI give it).',
    ]);
    assert.deepEqual(validateCallFile({ address: '0x12', bfsPath: 'apps/x', method: 'a b' }), {
      ok: false,
      errors: [
        'Give either "address" or "bfsPath", not both.',
        '"address" must be 0x followed by 40 hex digits, got "0x12".',
        '"bfsPath" must be an absolute BFS path such as /apps/Counter/1.0, got "apps/x".',
        '"method" must be a function name or signature, got "a b".',
      ],
    });
    assert.deepEqual(validateCallFile([1]), {
      ok: false,
      errors: [
        'A call file is a JSON object, e.g. { "address": "0x…", "method": "get", "args": [], "send": false }.',
      ],
    });
  });

  it('checks the method and arguments against an ABI in the file', () => {
    const base = { address: ADDR, abi: guardedAbi };
    assert.deepEqual(validateCallFile({ ...base, method: 'nope' }), {
      ok: false,
      errors: ['The ABI has no function "nope" (it has f, f, limited, pair, positive).'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'f', args: [1] }), {
      ok: false,
      errors: ['"f" is overloaded: set "method" to one of f(string), f(uint256).'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'pair', args: [1] }), {
      ok: false,
      errors: ['pair(uint256,bool) takes 2 arguments; "args" has 1.'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'pair', args: ['x', true] }), {
      ok: false,
      errors: ['a: "x" is not an integer.'],
    });
    assert.equal(validateCallFile({ ...base, method: 'f(uint256)', args: ['1'] }).ok, true);
    assert.equal(
      validateCallFile({ ...base, abi: JSON.stringify(guardedAbi), method: 'pair', args: ['1', false] }).ok,
      true,
    );
  });

  it('reports JSON syntax errors with line and column', () => {
    const r = parseCallFile('{\n  "address": "0x1",\n  "method": \n}');
    assert.equal(r.ok, false);
    assert.deepEqual(r, {
      ok: false,
      errors: [
        'Not valid JSON at line 4, column 1: expected a value (string, number, true, false, null, object or array).',
      ],
    });
    assert.deepEqual(parseCallFile('{ "method": "count", }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 22: expected a string in double quotes.'],
    });
    assert.deepEqual(parseCallFile('{ "method": "count" "args": [] }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 21: expected "," or "}".'],
    });
    assert.deepEqual(parseCallFile('{ "method": "count }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 21: expected the closing " of the string.'],
    });
    assert.deepEqual(parseCallFile('{} x'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 4: expected the end of the file.'],
    });
  });
});

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

describe('saving the call form inputs as a call file', () => {
  it('writes a re-runnable file with the function, events and errors of the ABI, never overwriting', async () => {
    const spec = callFileFromInputs({
      connection: 'Local Node',
      address: counter,
      abi: counterAbi,
      signature: 'increment(uint256)',
      args: [2n],
      mode: 'send',
      from: 'dev-0',
    });
    assert.deepEqual(Object.keys(spec), ['connection', 'address', 'method', 'args', 'send', 'from', 'abi']);
    assert.deepEqual(spec.args, ['2']);
    assert.deepEqual(
      (spec.abi as { type: string; name: string }[]).map((i) => `${i.type} ${i.name}`),
      ['function increment', 'event Incremented', 'event LabelChanged'],
    );
    const base = callFileBaseName('Counter', 'increment(uint256)');
    assert.equal(base, 'Counter.increment');
    const first = writeCallFile(tmp, spec, base);
    const second = writeCallFile(tmp, spec, base);
    assert.equal(first, join(tmp, '.fisco-bcos', 'calls', 'Counter.increment.call.json'));
    assert.equal(second, join(tmp, '.fisco-bcos', 'calls', 'Counter.increment-2.call.json'));
    assert.deepEqual(readdirSync(join(tmp, '.fisco-bcos', 'calls')).sort(), [
      'Counter.increment-2.call.json',
      'Counter.increment.call.json',
    ]);
    const text = readFileSync(first, 'utf8');
    assert.equal(text, serializeCallFile(spec));
    assert.match(
      text,
      /^\{\n {2}"connection": "Local Node",\n {2}"address": "0x[0-9a-f]{40}",\n {2}"method": "increment\(uint256\)",\n {2}"args": \[\n {4}"2"\n {2}\],\n {2}"send": true,\n {2}"from": "dev-0",\n {2}"abi": \[/,
    );
    // Re-running the saved file works without getABI.
    const parsed = parseCallFile(text);
    assert.equal(parsed.ok, true);
    const o = await executeCallFile((parsed as { spec: CallFileSpec }).spec, { api, signer });
    assert.equal(o.ok, true, o.message);
    assert.equal(o.events.length, 1);
  });

  it('saves BFS-path calls and refuses inputs that would make an invalid file', () => {
    const spec = callFileFromInputs({
      bfsPath: '/apps/Counter/1.0',
      signature: 'count()',
      args: [],
      mode: 'call',
    });
    assert.deepEqual(spec, { bfsPath: '/apps/Counter/1.0', method: 'count()', args: [], send: false });
    assert.throws(
      () =>
        callFileFromInputs({
          address: counter,
          abi: counterAbi,
          signature: 'increment(uint256)',
          args: [],
          mode: 'send',
        }),
      /These inputs do not make a valid call file: increment\(uint256\) takes 1 argument; "args" has 0\./,
    );
    assert.throws(
      () =>
        callFileFromInputs({
          address: counter,
          abi: counterAbi,
          signature: 'missing()',
          args: [],
          mode: 'call',
        }),
      /The ABI has no function missing\(\)/,
    );
  });
});
