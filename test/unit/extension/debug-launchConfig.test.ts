// The `fisco-bcos` launch configurations VS Code hands the extension: F5 without a launch.json
// asks for a transaction hash (cancel starts nothing), a placeholder or malformed "txHash" is
// refused with a message instead of a failed session, and "sourceRoot" defaults to the folder.

import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { StubUri, useVscodeStub } from './vscodeStub';

const errors: string[] = [];
let answer: string | undefined;
useVscodeStub({
  window: {
    showInputBox: () => Promise.resolve(answer),
    showErrorMessage: (m: string) => {
      errors.push(m);
      return Promise.resolve(undefined);
    },
  },
  workspace: { workspaceFolders: [{ uri: StubUri.file('/ws') }] },
});

type Provider = ReturnType<typeof import('../../../src/extension/debug/register').configurationProvider>;
let provider: Provider;
const folder = { uri: StubUri.file('/proj'), name: 'proj', index: 0 } as never;
const HASH = '0x' + 'ab'.repeat(32);

before(async () => {
  // No "sources" in these configurations: the compiler is never used.
  const { configurationProvider } = await import('../../../src/extension/debug/register');
  provider = configurationProvider({} as never);
});

test('F5 without a launch.json asks for the hash; cancelling starts nothing', async () => {
  answer = ` ${HASH} `;
  const c = await provider.resolveDebugConfiguration!(folder, { type: '', request: '', name: '' });
  assert.deepEqual(c, {
    type: 'fisco-bcos',
    request: 'launch',
    name: `Debug ${HASH.slice(0, 10)}…`,
    txHash: HASH,
    sourceRoot: '/proj',
  });
  answer = undefined;
  assert.equal(
    await provider.resolveDebugConfiguration!(folder, { type: '', request: '', name: '' }),
    undefined,
  );
});

test('a malformed txHash is refused with a message; a good one gets the folder as sourceRoot', async () => {
  const base = { type: 'fisco-bcos', request: 'launch', name: 'x' };
  const placeholder = '0x<transaction hash on the local node>';
  assert.equal(
    await provider.resolveDebugConfiguration!(folder, { ...base, txHash: placeholder }),
    undefined,
  );
  assert.match(
    errors.at(-1)!,
    /"txHash" \(0x<transaction hash on the local node>\) is not a transaction hash/,
  );
  const ok = await provider.resolveDebugConfiguration!(undefined, { ...base, txHash: HASH });
  assert.equal(ok?.sourceRoot, '/ws');
  const kept = await provider.resolveDebugConfiguration!(folder, {
    ...base,
    txHash: HASH,
    sourceRoot: '/src',
  });
  assert.equal(kept?.sourceRoot, '/src');
  const call = await provider.resolveDebugConfiguration!(folder, {
    ...base,
    call: { to: '0x' + '1'.repeat(40), data: '0x' },
  });
  assert.equal(call?.sourceRoot, '/proj');
});
