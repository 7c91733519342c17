// Filling library link references (solc's linkReferences byte offsets) and the deploy order of
// libraries that link each other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  abiProvidesLibrary,
  functionSignatures,
  type LinkableContract,
  libraryDeployOrder,
  linkBytecode,
  neededLibraries,
} from '../../../src/extension/compile/linking';

const PH = '__$0123456789abcdef0123456789abcdef01$__';
const A = '0x' + 'aa'.repeat(20);
const B = '0x' + 'BB'.repeat(20);
// 2 bytes, placeholder for L1 at byte 2, 1 byte, L2 at byte 23, L1 again at byte 43, 1 byte.
const code = `6080${PH}60${PH}${PH}00`;
const target = {
  unit: 'C.sol',
  name: 'C',
  bytecode: code,
  linkReferences: {
    'L.sol': {
      L1: [
        { start: 2, length: 20 },
        { start: 43, length: 20 },
      ],
      L2: [{ start: 23, length: 20 }],
    },
  },
};

describe('linkBytecode', () => {
  it('writes each address at every listed offset', () => {
    const linked = linkBytecode(target, { 'L.sol:L1': A, 'L.sol:L2': B });
    assert.equal(linked, `6080${'aa'.repeat(20)}60${'bb'.repeat(20)}${'aa'.repeat(20)}00`);
  });

  it('refuses a missing or malformed address', () => {
    assert.throws(
      () => linkBytecode(target, { 'L.sol:L1': A }),
      /needs library L\.sol:L2, which has no address/,
    );
    assert.throws(
      () => linkBytecode(target, { 'L.sol:L1': A, 'L.sol:L2': '0x1234' }),
      /not a 20-byte hex address/,
    );
  });

  it('refuses to hand out bytecode with a placeholder solc did not list', () => {
    assert.throws(
      () =>
        linkBytecode(
          { ...target, linkReferences: { 'L.sol': { L1: target.linkReferences['L.sol'].L1 } } },
          { 'L.sol:L1': A },
        ),
      /unlinked library placeholders/,
    );
  });

  it('links the pre-0.5 placeholder form as well', () => {
    const old = `60${'__L.sol:Old'.padEnd(40, '_')}00`;
    assert.equal(old.length, 2 + 40 + 2);
    const linked = linkBytecode(
      {
        unit: 'C.sol',
        name: 'C',
        bytecode: old,
        linkReferences: { 'L.sol': { Old: [{ start: 1, length: 20 }] } },
      },
      { 'L.sol:Old': A },
    );
    assert.equal(linked, `60${'aa'.repeat(20)}00`);
  });
});

describe('libraryDeployOrder', () => {
  it('puts libraries before what links them and each once', () => {
    const lib = (
      name: string,
      refs: Record<string, { start: number; length: number }[]> = {},
    ): LinkableContract => ({
      unit: 'L.sol',
      name,
      bytecode: '',
      linkReferences: Object.keys(refs).length ? { 'L.sol': refs } : {},
    });
    const L2 = lib('L2', { L1: [{ start: 0, length: 20 }] });
    const L1 = lib('L1');
    assert.deepEqual(neededLibraries(target), ['L.sol:L1', 'L.sol:L2']);
    assert.deepEqual(
      libraryDeployOrder(target, [target, L2, L1]).map((c) => c.name),
      ['L1', 'L2'],
    );
    assert.throws(
      () => libraryDeployOrder(target, [target, L1]),
      /links library L\.sol:L2, which is not in the compilation output/,
    );
  });
});

describe('a deployed contract offered for a library (BFS links)', () => {
  const lib = [
    { type: 'function', name: 'by', inputs: [{ type: 'uint256' }, { type: 'uint8' }], outputs: [] },
    { type: 'event', name: 'E', inputs: [] },
  ];
  it('matches when the deployed ABI has every function of the library', () => {
    assert.deepEqual(functionSignatures(JSON.stringify(lib)), ['by(uint256,uint8)']);
    const more = JSON.stringify([...lib, { type: 'function', name: 'other', inputs: [] }]);
    assert.equal(abiProvidesLibrary(more, lib), true);
  });
  it('does not match another signature, an unknown ABI, or a library without functions', () => {
    const other = [{ type: 'function', name: 'by', inputs: [{ type: 'uint256' }], outputs: [] }];
    assert.equal(abiProvidesLibrary(JSON.stringify(other), lib), false);
    assert.equal(abiProvidesLibrary('not json', lib), false);
    assert.equal(abiProvidesLibrary('[]', lib), false);
    assert.equal(abiProvidesLibrary(JSON.stringify(lib), []), false);
  });
});
