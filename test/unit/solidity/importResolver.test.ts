// Import resolution as solc, Hardhat and Foundry do it: relative imports joined to the importing
// unit's name, packages from node_modules up the tree, remappings.txt / foundry.toml / lib/ auto
// remappings, project roots from marker files; unsaved buffers win over disk.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  collectSources,
  findProjectRoot,
  importStatements,
  importUnitName,
  loadRemappings,
  parseRemapping,
  projectContext,
} from '../../../src/langserver/importResolver';

let ws: string;
const put = (rel: string, text: string) => {
  mkdirSync(dirname(join(ws, rel)), { recursive: true });
  writeFileSync(join(ws, rel), text);
};
const disk = (f: string) => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return undefined;
  }
};

before(() => {
  ws = mkdtempSync(join(tmpdir(), 'sol-imports-'));
  // A Hardhat project using an npm package, nested in the workspace.
  put('hh/hardhat.config.ts', 'export default {};');
  put(
    'hh/contracts/Token.sol',
    'import "@openzeppelin/contracts/token/ERC20.sol";\nimport {A} from "./sub/A.sol";',
  );
  put('hh/contracts/sub/A.sol', 'import "../B.sol"; contract A {}');
  put('hh/contracts/B.sol', 'contract B {}');
  put(
    'node_modules/@openzeppelin/contracts/token/ERC20.sol',
    'import "../utils/Context.sol"; contract ERC20 {}',
  );
  put('node_modules/@openzeppelin/contracts/utils/Context.sol', 'contract Context {}');
  // A Foundry project: remappings.txt, foundry.toml and lib/ auto-remapping.
  put('forge/foundry.toml', '[profile.default]\nremappings = ["solmate/=lib/solmate/src/"]\n');
  put('forge/remappings.txt', '# comment\n@oz/=lib/openzeppelin-contracts/contracts/\n');
  put(
    'forge/src/Vault.sol',
    'import "forge-std/Test.sol";\nimport "@oz/Ownable.sol";\nimport "solmate/Auth.sol";\nimport "./Missing.sol";',
  );
  put('forge/lib/forge-std/src/Test.sol', 'contract Test {}');
  put('forge/lib/openzeppelin-contracts/contracts/Ownable.sol', 'contract Ownable {}');
  put('forge/lib/solmate/src/Auth.sol', 'contract Auth {}');
});

after(() => rmSync(ws, { recursive: true, force: true }));

describe('import resolution', () => {
  it('finds the project root from marker files, not above the workspace folder', () => {
    assert.equal(findProjectRoot(join(ws, 'hh/contracts/sub/A.sol'), [ws]), join(ws, 'hh'));
    assert.equal(findProjectRoot(join(ws, 'forge/src/Vault.sol'), [ws]), join(ws, 'forge'));
  });

  it('names relative imports as solc does', () => {
    assert.equal(importUnitName('contracts/sub/A.sol', '../B.sol', []), 'contracts/B.sol');
    assert.equal(importUnitName('contracts/Token.sol', './sub/A.sol', []), 'contracts/sub/A.sol');
    assert.equal(
      importUnitName('@openzeppelin/contracts/token/ERC20.sol', '../utils/Context.sol', []),
      '@openzeppelin/contracts/utils/Context.sol',
    );
  });

  it('reads remappings with contexts, the longest prefix winning', () => {
    assert.deepEqual(parseRemapping('ctx:a/=b/'), { context: 'ctx', prefix: 'a/', target: 'b/' });
    const r = [parseRemapping('a/=x/')!, parseRemapping('a/b/=y/')!, parseRemapping('src/:c/=z/')!];
    assert.equal(importUnitName('src/F.sol', 'a/b/F.sol', r), 'y/F.sol');
    assert.equal(importUnitName('src/F.sol', 'c/F.sol', r), 'z/F.sol');
    assert.equal(importUnitName('test/F.sol', 'c/F.sol', r), 'c/F.sol');
  });

  it('loads Foundry remappings: remappings.txt, foundry.toml, then lib/ auto-detection', () => {
    const r = loadRemappings(join(ws, 'forge')).map((m) => `${m.prefix}=${m.target}`);
    assert.deepEqual(r.sort(), [
      '@oz/=lib/openzeppelin-contracts/contracts/',
      'forge-std/=lib/forge-std/src/',
      'openzeppelin-contracts/=lib/openzeppelin-contracts/',
      'solmate/=lib/solmate/src/',
    ]);
  });

  it('collects a Hardhat closure with node_modules packages', () => {
    const file = join(ws, 'hh/contracts/Token.sol');
    const c = collectSources(file, projectContext(file, [ws]), disk);
    assert.deepEqual(Object.keys(c.sources).sort(), [
      '@openzeppelin/contracts/token/ERC20.sol',
      '@openzeppelin/contracts/utils/Context.sol',
      'contracts/B.sol',
      'contracts/Token.sol',
      'contracts/sub/A.sol',
    ]);
    assert.equal(
      c.files.get('@openzeppelin/contracts/utils/Context.sol'),
      join(ws, 'node_modules/@openzeppelin/contracts/utils/Context.sol'),
    );
    assert.equal(c.missing.size, 0);
  });

  it('collects a Foundry closure through remappings and reports what is missing', () => {
    const file = join(ws, 'forge/src/Vault.sol');
    const c = collectSources(file, projectContext(file, [ws]), disk);
    assert.deepEqual(Object.keys(c.sources).sort(), [
      'lib/forge-std/src/Test.sol',
      'lib/openzeppelin-contracts/contracts/Ownable.sol',
      'lib/solmate/src/Auth.sol',
      'src/Vault.sol',
    ]);
    assert.match(c.missing.get('src/Missing.sol')!, /"\.\/Missing\.sol" was not found/);
  });

  it('prefers the unsaved buffer over the file on disk', () => {
    const file = join(ws, 'hh/contracts/B.sol');
    const c = collectSources(file, projectContext(file, [ws]), (f) =>
      f === file ? 'contract Edited {}' : disk(f),
    );
    assert.equal(c.sources['contracts/B.sol'], 'contract Edited {}');
  });

  it('finds import statements of every form, not those in comments', () => {
    const src =
      'import "a.sol";\nimport * as X from "b.sol";\nimport {C, D as E} from \'c.sol\';\n// import "d.sol";\n/* import "e.sol"; */';
    assert.deepEqual(
      importStatements(src).map((i) => [i.path, src.slice(i.start, i.end)]),
      [
        ['a.sol', 'a.sol'],
        ['b.sol', 'b.sol'],
        ['c.sol', 'c.sol'],
      ],
    );
  });
});
