// What the extension says about a failure in a built-in contract: the call panel's suffix and the
// transaction page's "Failed At" name the built-in, its short address and the method, either as
// the point itself (a transaction sent straight to it) or after the contract location that passed
// its failure on. The devnode's answer here is given as is (txDiagnostics.test.ts runs a devnode).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DevnodeDiagnostics, DevnodeFailurePoint } from '../../../src/client/devnode';
import type { ChainApi } from '../../../src/extension/chain/chainApi';
import type { AbiRegistry } from '../../../src/extension/abiRegistry';
import type { TransactionView } from '../../../src/extension/messages/blockMessages';
import { addDiagnostics, diagnosticsSuffix } from '../../../src/extension/webviews/txDiagnostics';

const BFS = '0x' + '100e'.padStart(40, '0');
const CONTRACT = '0x' + 'ab'.repeat(20);
const BUILTIN = { address: BFS, name: 'BFSPrecompiled', method: 'link(string,string,string)' };
const OWN: DevnodeFailurePoint = {
  codeAddress: BFS,
  address: BFS,
  pc: -1,
  create: false,
  depth: 0,
  error: 'PrecompiledError',
  builtin: BUILTIN,
};
const PASSED_ON: DevnodeFailurePoint = {
  codeAddress: CONTRACT,
  address: CONTRACT,
  pc: 50,
  create: false,
  depth: 0,
  error: 'revert',
  builtin: BUILTIN,
};

/** A chain whose contracts this workspace did not compile, and whose devnode answers `d`. */
function chain(d: DevnodeDiagnostics): ChainApi {
  const api = {
    code: () => Promise.resolve('0x6000'),
    devTools: { diagnostics: () => Promise.resolve(d) },
  };
  return api as unknown as ChainApi;
}

const NO_ABIS = { all: () => [] } as unknown as AbiRegistry;

async function page(d: DevnodeDiagnostics): Promise<TransactionView> {
  const view = { hash: '0x' + '11'.repeat(32), rawInput: '0x' } as TransactionView;
  await addDiagnostics(chain(d), NO_ABIS, view, undefined);
  return view;
}

describe('failures in built-in contracts', () => {
  it("a built-in's own failure: the suffix and the page name it, with no address or pc to compile", async () => {
    const d = { consoleLogs: [], failure: OWN };
    assert.equal(
      await diagnosticsSuffix(chain(d), d),
      ' · failed in built-in BFSPrecompiled (0x100e) link(string,string,string)',
    );
    assert.deepEqual((await page(d)).failure, {
      where: 'built-in BFSPrecompiled (0x100e) link(string,string,string)',
      error: 'PrecompiledError',
    });
  });

  it('a contract passing it on: its location first, then the built-in', async () => {
    const d = { consoleLogs: ['a'], failure: PASSED_ON };
    assert.equal(
      await diagnosticsSuffix(chain(d), d),
      ` · failed in ${CONTRACT} at pc 50 · in built-in BFSPrecompiled (0x100e) link(string,string,string)` +
        ' · console.log: a',
    );
    const v = await page(d);
    assert.match(v.failure?.where ?? '', /^0x[0-9a-f]{40} at pc 50 \(compile the contract/);
    assert.equal(v.failure?.builtin, 'BFSPrecompiled (0x100e) link(string,string,string)');
  });

  it('a method the devnode knows only by its selector, and a point without a built-in', async () => {
    const d = { consoleLogs: [], failure: { ...OWN, builtin: { ...BUILTIN, method: '0x12345678' } } };
    assert.equal(
      await diagnosticsSuffix(chain(d), d),
      ' · failed in built-in BFSPrecompiled (0x100e) 0x12345678',
    );
    const plain = { consoleLogs: [], failure: { ...PASSED_ON, builtin: undefined } };
    assert.equal(await diagnosticsSuffix(chain(plain), plain), ` · failed in ${CONTRACT} at pc 50`);
    assert.equal((await page(plain)).failure?.builtin, undefined);
  });
});
