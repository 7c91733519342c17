// Matching a deploying transaction's input to the creation bytecode of a compilation (real solc
// output): constructor arguments after it, another metadata hash, linked libraries.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import {
  findCreationCode,
  locateInCreationCode,
  matchesCreationCode,
  metadataLength,
} from '../../../src/client/creationCode';
import type { SourceList } from '../../../src/client/sourceMap';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
library L { function twice(uint256 x) external pure returns (uint256) { return 2 * x; } }
contract A {
    uint256 public v;
    constructor(uint256 x) {
        v = x;
    }
}
contract B {
    uint256 public v;
    constructor(uint256 x) {
        v = L.twice(x);
    }
}`;

interface Out {
  evm: { bytecode: { object: string; sourceMap: string } };
}

function compile(file = 'C.sol'): { contracts: Record<string, Out>; sources: SourceList } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { [file]: { content: SOURCE } },
        settings: {
          evmVersion: 'paris',
          outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.bytecode.sourceMap'] } },
        },
      }),
    ),
  ) as { contracts: Record<string, Record<string, Out>>; sources: Record<string, { id: number }> };
  const sources: SourceList = new Map([[out.sources[file].id, { name: file, content: SOURCE }]]);
  return { contracts: out.contracts[file], sources };
}

const arg = (n: number) => n.toString(16).padStart(64, '0');

describe('creation code matching', () => {
  const { contracts, sources } = compile();
  const a = {
    name: 'A',
    bytecode: '0x' + contracts.A.evm.bytecode.object,
    sourceMap: contracts.A.evm.bytecode.sourceMap,
  };
  const b = {
    name: 'B',
    bytecode: '0x' + contracts.B.evm.bytecode.object,
    sourceMap: contracts.B.evm.bytecode.sourceMap,
  };

  it('matches the input of a deployment: bytecode followed by constructor arguments', () => {
    assert.ok(metadataLength(a.bytecode) > 0, 'solc appends CBOR metadata');
    const input = a.bytecode + arg(5);
    assert.equal(matchesCreationCode(input, a.bytecode), true);
    assert.equal(matchesCreationCode(input.toUpperCase().replace('0X', '0x'), a.bytecode), true);
    assert.equal(findCreationCode(input, [b, a])?.name, 'A');
    assert.equal(matchesCreationCode(input, b.bytecode), false);
  });

  it('ignores the metadata hash (same code compiled under another path) but not the code', () => {
    const other = compile('other/Path.sol').contracts.A.evm.bytecode.object;
    assert.notEqual(other, contracts.A.evm.bytecode.object, 'the metadata differs');
    assert.equal(matchesCreationCode('0x' + other + arg(1), a.bytecode), true);
    // One changed byte in the code itself is another program.
    const body = a.bytecode.slice(2);
    const changed = body.slice(0, 20) + (body[20] === '0' ? '1' : '0') + body.slice(21);
    assert.equal(matchesCreationCode('0x' + changed, a.bytecode), false);
    // A shorter input (truncated) never matches.
    assert.equal(matchesCreationCode(a.bytecode.slice(0, -10), a.bytecode), false);
    assert.equal(matchesCreationCode('0x', a.bytecode), false);
  });

  it('matches unlinked bytecode against a linked deployment', () => {
    assert.match(b.bytecode, /__\$[0-9a-f]{34}\$__/, 'B needs L linked');
    const linked = b.bytecode.replace(/__\$[0-9a-f]{34}\$__/g, '11'.repeat(20));
    assert.equal(matchesCreationCode(linked + arg(2), b.bytecode), true);
    assert.equal(findCreationCode(linked, [a, b])?.name, 'B');
  });

  it('maps a pc of the constructor through the creation source map', () => {
    // The SSTORE of `v = x` is inside the constructor's body: find its pc by walking the code.
    const code = Buffer.from(a.bytecode.slice(2), 'hex');
    let pc = 0;
    while (code[pc] !== 0x55) pc += code[pc] >= 0x60 && code[pc] <= 0x7f ? code[pc] - 0x5e : 1;
    const loc = locateInCreationCode(pc, a.bytecode + arg(5), a, sources);
    assert.ok(loc, 'located');
    assert.equal(loc.file, 'C.sol');
    assert.equal(loc.line, SOURCE.split('\n').findIndex((l) => l.includes('v = x')) + 1);
    assert.equal(loc.functionName, 'constructor');
  });
});
