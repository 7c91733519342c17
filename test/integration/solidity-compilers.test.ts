// The language server's compile pipeline (the one Deploy uses) with the FISCO console's four solc
// versions, installed as npm aliases (solc-0.4.25@npm:solc@0.4.25 …) so the suite runs offline:
// the registry is one that refuses connections (offline), so each is chosen from the pragma as the
// newest installed version that satisfies it (said once per version), compiles with its FISCO BCOS evmVersion, deploys to the devnode
// and answers a call. Then a contract using two external libraries (one linking the other's
// caller) is deployed with its libraries and linked.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../src/devnode';
import { Client, Contract } from '../../src/client';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import { CompileService } from '../../src/langserver/compileService';
import { SolcStore } from '../../src/langserver/solcLoader';
import { projectContext } from '../../src/langserver/importResolver';
import type { ServerSettings } from '../../src/langserver/protocol';
import { libraryDeployOrder, linkBytecode, neededLibraries } from '../../src/extension/compile/linking';

const repo = join(__dirname, '..', '..');
let dir: string;
let node: Devnode;
let client: Client;
let account: Account;
let service: CompileService;
const notices: string[] = [];
const settings: ServerSettings = {
  version: '',
  soljsonPath: '',
  evmVersion: '',
  optimizer: false,
  // Nothing listens on port 9 (discard): the release list cannot be read, as offline.
  registry: 'http://127.0.0.1:9',
};

const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sol-versions-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  const failDownload = () => assert.fail('no download: the console versions are installed as aliases');
  // searchFrom: the repository, whose node_modules hold solc and the solc-X aliases.
  service = new CompileService(
    new SolcStore(undefined, repo),
    () => settings,
    (f) => projectContext(f, [dir]),
    read,
    {
      start: failDownload,
      progress: () => undefined,
      done: () => undefined,
      failed: () => undefined,
      notice: (m) => notices.push(m),
    },
  );
  node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'solidity-compilers' });
  client = new Client({ group: node.groupId, url: node.url });
  account = importPrivateKey(node.accounts[0].privateKey);
});

after(async () => {
  client?.close();
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const STORE = (pragma: string, ctorVisibility: string) => `pragma solidity ${pragma};
contract Store {
    uint256 private value;
    constructor(uint256 v) ${ctorVisibility} { value = v; }
    function get() public view returns (uint256) { return value; }
    function set(uint256 v) public { value = v; }
}
`;

const CASES: [version: string, source: string, evm: string][] = [
  ['0.4.25', STORE('^0.4.24', 'public'), 'byzantium'],
  ['0.5.2', STORE('0.5.2', 'public'), 'byzantium'],
  ['0.6.10', STORE('>=0.6.0 <0.7.0', 'public'), 'istanbul'],
  ['0.8.11', STORE('0.8.11', ''), 'london'],
];

describe('FISCO console solc versions compile and deploy', () => {
  for (const [version, source, evm] of CASES)
    it(`solc ${version}`, async () => {
      const file = join(dir, `Store_${version.replace(/\./g, '_')}.sol`);
      writeFileSync(file, source);
      const run = await service.compile(file, true);
      assert.deepEqual(
        run.problems.filter((p) => p.severity === 'error'),
        [],
      );
      assert.equal(run.version, version);
      assert.equal(run.evmVersion, evm);
      // Said once, and only when the pragma lets a newer release in (not for an exact "0.5.2").
      const exact = source.startsWith(`pragma solidity ${version};`);
      const said = notices.filter((n) => n.includes(`solc ${version},`)).length;
      assert.equal(said, exact ? 0 : 1, notices.join('\n'));
      const store = run.contracts.find((c) => c.name === 'Store')!;
      const { contract, receipt } = await Contract.deploy(
        client,
        account,
        store.abi as never,
        store.bytecode,
        [7],
      );
      assert.equal(receipt.status, 0);
      assert.equal(String((await contract.call('get'))[0]), '7');
      await contract.send('set', [42]);
      assert.equal(String((await contract.call('get'))[0]), '42');
    });
});

describe('a contract using two external libraries', () => {
  it('deploys the libraries in order, links them and deploys the contract', async () => {
    writeFileSync(
      join(dir, 'Libs.sol'),
      `pragma solidity ^0.8.0;
library Adder { function add(uint256 a, uint256 b) external pure returns (uint256) { return a + b; } }
library Doubler { function twice(uint256 a) external pure returns (uint256) { return Adder.add(a, a); } }
`,
    );
    const file = join(dir, 'UsesLibs.sol');
    writeFileSync(
      file,
      `pragma solidity ^0.8.0;
import "./Libs.sol";
contract UsesLibs {
    function compute(uint256 x) external pure returns (uint256) { return Adder.add(Doubler.twice(x), 1); }
}
`,
    );
    const run = await service.compile(file, true);
    assert.deepEqual(
      run.problems.filter((p) => p.severity === 'error'),
      [],
    );
    const target = run.contracts.find((c) => c.name === 'UsesLibs')!;
    assert.deepEqual(neededLibraries(target), ['Libs.sol:Adder', 'Libs.sol:Doubler']);
    assert.match(target.bytecode, /__\$[0-9a-f]{34}\$__/);
    const order = libraryDeployOrder(target, run.contracts);
    // Doubler links Adder, so Adder comes first.
    assert.deepEqual(
      order.map((c) => c.name),
      ['Adder', 'Doubler'],
    );
    const addresses: Record<string, string> = {};
    for (const lib of order) {
      const { contract } = await Contract.deploy(
        client,
        account,
        lib.abi as never,
        linkBytecode(lib, addresses),
      );
      addresses[`${lib.unit}:${lib.name}`] = contract.address;
    }
    assert.throws(() => linkBytecode(target, {}), /needs library Libs\.sol:Adder, which has no address/);
    const { contract } = await Contract.deploy(
      client,
      account,
      target.abi as never,
      linkBytecode(target, addresses),
    );
    assert.equal(String((await contract.call('compute', [5]))[0]), '11');
  });
});
