// The native-solc path (fiscoBcos.solc.binaryPath): a stand-in executable that speaks solc's CLI
// (--version, --standard-json on stdin) over the npm solc, and the errors for unusable settings.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileWithBinary, solcBinaryVersion } from '../../../src/extension/compile/solcBinary';
import { buildInput, readOutput } from '../../../src/extension/compile/solcIO';

let dir: string;
let solc: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'solc-bin-'));
  solc = join(dir, 'solc');
  const solcModule = JSON.stringify(require.resolve('solc'));
  writeFileSync(
    solc,
    `#!${process.execPath}
const args = process.argv.slice(2);
const solc = require(${solcModule});
if (args[0] === '--version') { console.log('solc, the solidity compiler commandline interface\\nVersion: ' + solc.version()); process.exit(0); }
if (args[0] !== '--standard-json' || args[1] !== '--base-path') { console.error('unexpected arguments ' + args.join(' ')); process.exit(2); }
let input = '';
process.stdin.on('data', (d) => (input += d)).on('end', () => process.stdout.write(solc.compile(input)));
`,
  );
  chmodSync(solc, 0o755);
});

after(() => rmSync(dir, { recursive: true, force: true }));

describe('native solc executable', () => {
  it('reports its version', async () => {
    assert.match(await solcBinaryVersion(solc), /^0\.\d+\.\d+\+commit/);
  });

  it('compiles through --standard-json, errors included in the output', async () => {
    const ok = readOutput(
      await compileWithBinary(
        solc,
        buildInput(
          {
            'C.sol':
              'pragma solidity >=0.6.0; contract C { function f() public pure returns (uint) { return 1; } }',
          },
          { evmVersion: 'paris', optimizer: false },
        ),
        dir,
      ),
    );
    assert.deepEqual(
      ok.contracts.map((c) => c.name),
      ['C'],
    );
    assert.match(ok.contracts[0].bytecode, /^0x[0-9a-f]+$/);
    const bad = readOutput(
      await compileWithBinary(
        solc,
        buildInput(
          { 'D.sol': 'contract D { function f() public { x = 1; } }' },
          { evmVersion: 'paris', optimizer: false },
        ),
        dir,
      ),
    );
    assert.ok(bad.problems.some((p) => p.severity === 'error' && /Undeclared identifier/.test(p.message)));
  });

  it('says when the setting does not point at a usable solc', async () => {
    await assert.rejects(
      solcBinaryVersion(join(dir, 'missing')),
      /binaryPath .* cannot be run: no such file/,
    );
    await assert.rejects(solcBinaryVersion(process.execPath), /is not a solc executable/);
  });
});
