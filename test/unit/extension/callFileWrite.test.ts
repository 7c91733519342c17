// Saving the call form's inputs as a call file, and re-running the saved file on an in-process devnode.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCallFile, type CallFileSpec } from '../../../src/extension/callFiles/callFile';
import { executeCallFile } from '../../../src/extension/callFiles/callFileRun';
import {
  callFileBaseName,
  callFileFromInputs,
  serializeCallFile,
  writeCallFile,
} from '../../../src/extension/callFiles/callFileWrite';
import type { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { startCallFileChain, type CallFileChain } from './callFiles-fixture';

let chain: CallFileChain;
let api: SdkChainApi;
let signer: Signer;
let counter: string;
let counterAbi: string;
let tmp: string;

before(async () => {
  chain = await startCallFileChain();
  ({ api, signer, counter, counterAbi } = chain);
  tmp = mkdtempSync(join(tmpdir(), 'call-files-'));
});

after(async () => {
  await chain?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
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
