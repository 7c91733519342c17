// Type-aware navigation over LSP (a test client speaking JSON-RPC over stdio to the bundled
// server). Token.sol and Vault.sol both declare a `transfer` function and a `balance` member, and
// their structs Account and Slot both have a `balance` field; Bank.sol uses both through typed
// variables, struct arrays, mappings, call results, `this`, `super` (C3 order) and `using for`.
// Definition, references, rename, hover and completion must each pick the declaration the type
// says, never "the first symbol of that name".

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompletionItem, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient, positionOf, uri } from './lspClient';

let dir: string;
let client: LspClient;
const src: Record<string, string> = {};
const file = (name: string) => join(dir, name);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sol-typed-'));
  cpSync(join(__dirname, 'fixtures', 'typed'), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"ws"}');
  for (const name of ['Token.sol', 'Vault.sol', 'Libs.sol', 'Bank.sol', 'Aliases.sol', 'Old.sol'])
    src[name] = readFileSync(file(name), 'utf8');
  client = await LspClient.start(dir, { cacheDir: join(dir, '.solc-cache') });
});

after(async () => {
  await client?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Position in `name` of the n-th `needle`, `delta` characters in. */
const at = (name: string, needle: string, delta = 0, nth = 0) => ({
  textDocument: { uri: uri(file(name)) },
  position: positionOf(src[name], needle, delta, nth),
});

/** Where a declaration's name is: [file, position] for comparing with Locations. */
const decl = (name: string, needle: string, delta = 0, nth = 0) => ({
  uri: uri(file(name)),
  start: positionOf(src[name], needle, delta, nth),
});

async function definition(name: string, needle: string, delta: number, nth = 0, text = src[name]) {
  const loc = await client.request<Location | null>('textDocument/definition', {
    textDocument: { uri: uri(file(name)) },
    position: positionOf(text, needle, delta, nth),
  });
  assert.ok(loc, `a definition for ${needle}`);
  return { uri: loc.uri, start: loc.range.start };
}

async function references(name: string, needle: string, delta: number) {
  const refs = await client.request<Location[]>('textDocument/references', {
    ...at(name, needle, delta),
    context: { includeDeclaration: true },
  });
  return refs.map((r) => ({ uri: r.uri, start: r.range.start }));
}

async function completion(text: string, needle: string, delta: number, name = 'Bank.sol') {
  client.change(file(name), text);
  const items = await client.request<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: uri(file(name)) },
    position: positionOf(text, needle, delta),
  });
  return items.map((i) => i.label).sort();
}

const sortLocs = <T extends { uri: string; start: { line: number; character: number } }>(l: T[]) =>
  [...l].sort((a, b) => a.uri.localeCompare(b.uri) || a.start.line - b.start.line);

describe('type-aware definition', () => {
  it('picks the member of the variable’s contract type when two contracts share a name', async () => {
    assert.deepEqual(
      await definition('Bank.sol', 'token.transfer(to, 1)', 6),
      decl('Token.sol', 'transfer(address to, uint256'),
    );
    assert.deepEqual(
      await definition('Bank.sol', 'vault.transfer(to, 2)', 6),
      decl('Vault.sol', 'transfer(address to'),
    );
  });

  it('picks the overload by argument count', async () => {
    assert.deepEqual(
      await definition('Bank.sol', 'token.transfer(to);', 6),
      decl('Token.sol', 'transfer(address to)'),
    );
    // Same count, told apart by the argument's type (an address parameter, a number literal).
    assert.deepEqual(await definition('Bank.sol', 'mint(to)', 0), decl('Token.sol', 'mint(address'));
    assert.deepEqual(await definition('Bank.sol', 'mint(5)', 0), decl('Token.sol', 'mint(uint256'));
    // A plain call inside Token: the two-argument overload.
    assert.deepEqual(
      await definition('Token.sol', 'return transfer(to, 1)', 7),
      decl('Token.sol', 'transfer(address to, uint256'),
    );
  });

  it('types struct array elements, mapping values and call results', async () => {
    assert.deepEqual(
      await definition('Bank.sol', 'accounts[0].balance', 12),
      decl('Token.sol', 'balance;', 0, 0),
    );
    assert.deepEqual(
      await definition('Bank.sol', 'slots[to].balance', 10),
      decl('Vault.sol', 'balance;', 0, 0),
    );
    assert.deepEqual(
      await definition('Bank.sol', 'token.self().balance', 13),
      decl('Token.sol', 'balance;', 0, 1),
    );
  });

  it('resolves this, super in C3 order (Bank, Right, Left, Base) and inherited state', async () => {
    // Order as solc 0.8.37 reports it in linearizedBaseContracts for `contract Bank is Left, Right`.
    assert.deepEqual(
      await definition('Bank.sol', 'super.hook()', 6),
      decl('Bank.sol', 'hook() public virtual override', 0, 1),
    );
    assert.deepEqual(
      await definition('Bank.sol', 'this.hook()', 5),
      decl('Bank.sol', 'hook() public override(Left'),
    );
    assert.deepEqual(await definition('Bank.sol', '+ level', 2), decl('Bank.sol', 'level;'));
    // An explicit base call: that base's implementation.
    assert.deepEqual(
      await definition('Bank.sol', 'Left.hook()', 5),
      decl('Bank.sol', 'hook() public virtual override', 0, 0),
    );
  });

  it('lets a local shadow a state variable, only inside its block', async () => {
    assert.deepEqual(await definition('Bank.sol', 'return total;', 7), decl('Bank.sol', 'total = 5'));
    assert.deepEqual(await definition('Bank.sol', 'return total +', 7), decl('Bank.sol', 'total;'));
  });

  it('resolves named arguments to the parameter or struct field, and try-returns variables', async () => {
    assert.deepEqual(await definition('Bank.sol', 'amount: 1', 0), decl('Token.sol', 'amount) public'));
    assert.deepEqual(await definition('Bank.sol', 'balance: 1', 0), decl('Token.sol', 'balance;'));
    assert.deepEqual(await definition('Bank.sol', 'return ok', 7), decl('Bank.sol', 'ok)'));
  });

  it('finds `using for` functions by the receiver’s type', async () => {
    assert.deepEqual(
      await definition('Bank.sol', 'accounts[0].plus(1)', 12),
      decl('Libs.sol', 'plus(Account'),
    );
    assert.deepEqual(await definition('Bank.sol', 'x.plus(1)', 2), decl('Libs.sol', 'plus(uint256'));
    // `using {f} for T` with a free function: the call and the name in the directive.
    assert.deepEqual(await definition('Bank.sol', 'x.twice()', 2), decl('Libs.sol', 'twice('));
    assert.deepEqual(
      sortLocs(await references('Libs.sol', 'twice(', 0)),
      sortLocs([decl('Libs.sol', 'twice('), decl('Bank.sol', 'twice}'), decl('Bank.sol', 'twice()')]),
    );
  });
});

describe('imports and older compilers', () => {
  it('follows `import {A as B}` and `import "…" as U`', async () => {
    assert.deepEqual(
      await definition('Aliases.sol', 'safe.transfer', 5),
      decl('Vault.sol', 'transfer(address'),
    );
    assert.deepEqual(
      await definition('Aliases.sol', 'tok.transfer', 4),
      decl('Token.sol', 'transfer(address to, uint256'),
    );
    assert.deepEqual(await definition('Aliases.sol', 'Tok.Token tok', 4), decl('Token.sol', 'Token {'));
  });

  it('types conversions and `push()` results', async () => {
    assert.deepEqual(await definition('Aliases.sol', '.balance()', 1), decl('Vault.sol', 'balance;', 0, 1));
    assert.deepEqual(await definition('Aliases.sol', 'push().balance', 7), decl('Token.sol', 'balance;'));
  });

  it('applies a base contract’s `using for` in 0.6 code (solc inherited it before 0.7)', async () => {
    // solc-0.6.10 compiles Old.sol; solc 0.8 rejects the same code ("Member "bump" not found").
    assert.deepEqual(await definition('Old.sol', 'x.bump()', 2), decl('Old.sol', 'bump(uint256'));
  });
});

describe('type-aware references, rename and hover', () => {
  it('finds only the references of the member meant', async () => {
    assert.deepEqual(
      sortLocs(await references('Vault.sol', 'transfer(address', 1)),
      sortLocs([
        decl('Vault.sol', 'transfer(address'),
        decl('Bank.sol', 'transfer(to, 2)'),
        decl('Aliases.sol', 'transfer(to, 1)'),
      ]),
    );
    assert.deepEqual(
      sortLocs(await references('Token.sol', 'balance;', 1)),
      // Through a struct array element in Bank and a storage parameter in AccountLib.
      sortLocs([
        decl('Token.sol', 'balance;'),
        decl('Bank.sol', 'balance += 1', 0, 0),
        decl('Libs.sol', 'balance += b'),
        decl('Aliases.sol', 'balance = 1'),
        decl('Bank.sol', 'balance: 1'),
      ]),
    );
    // The state variable `total`: not the shadowing local's uses.
    assert.deepEqual(
      sortLocs(await references('Bank.sol', 'total;', 1)),
      sortLocs([decl('Bank.sol', 'total;'), decl('Bank.sol', 'total + x')]),
    );
  });

  it('renames one overload of one contract across files, leaving the namesakes alone', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      ...at('Token.sol', 'transfer(address to, uint256', 1),
      newName: 'move',
    });
    const edits = Object.entries(edit.changes!).flatMap(([u, list]) =>
      list.map((e) => ({ uri: u, start: e.range.start, newText: e.newText })),
    );
    assert.ok(edits.every((e) => e.newText === 'move'));
    assert.deepEqual(
      sortLocs(edits.map(({ uri: u, start }) => ({ uri: u, start }))),
      sortLocs([
        decl('Token.sol', 'transfer(address to, uint256'),
        decl('Token.sol', 'transfer(to, 1)'),
        decl('Bank.sol', 'transfer(to, 1)'),
        decl('Aliases.sol', 'transfer(to, 1)', 0, 1),
        decl('Bank.sol', 'transfer({to'),
      ]),
    );
  });

  it('renames a function together with its overrides and their calls', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      ...at('Bank.sol', 'hook() public virtual returns', 1),
      newName: 'onHook',
    });
    assert.deepEqual(Object.keys(edit.changes!), [uri(file('Bank.sol'))]);
    assert.deepEqual(
      sortLocs(
        edit.changes![uri(file('Bank.sol'))].map((e) => ({
          uri: uri(file('Bank.sol')),
          start: e.range.start,
        })),
      ),
      sortLocs([
        decl('Bank.sol', 'hook() public virtual returns'), // Base
        decl('Bank.sol', 'hook() public virtual override', 0, 0), // Left
        decl('Bank.sol', 'hook() public virtual override', 0, 1), // Right
        decl('Bank.sol', 'hook() public override(Left'), // Bank
        decl('Bank.sol', 'hook() + level'), // super.hook()
        decl('Bank.sol', 'this.hook()', 5),
        decl('Bank.sol', 'Left.hook()', 5),
      ]),
    );
  });

  it('renames a contract in the import lists that name it, not through an alias', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      ...at('Vault.sol', 'contract Vault', 10),
      newName: 'Strongbox',
    });
    const where = Object.entries(edit.changes!).flatMap(([u, list]) =>
      list.map((e) => ({ uri: u, start: e.range.start })),
    );
    assert.deepEqual(
      sortLocs(where),
      sortLocs([
        decl('Vault.sol', 'Vault {'),
        decl('Bank.sol', 'Vault vault'),
        decl('Aliases.sol', 'Vault as Safe'),
      ]),
    );
  });

  it('refuses to rename a declaration that lives in node_modules', async () => {
    const pkg = join(dir, 'node_modules', 'pkg');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, 'Ext.sol'),
      'pragma solidity ^0.8.0;\nlibrary Ext { function one() internal pure returns (uint256) { return 1; } }\n',
    );
    const user =
      'pragma solidity ^0.8.0;\nimport "pkg/Ext.sol";\ncontract UsesExt { function f() public pure returns (uint256) { return Ext.one(); } }\n';
    writeFileSync(file('UsesExt.sol'), user);
    const params = {
      textDocument: { uri: uri(file('UsesExt.sol')) },
      position: positionOf(user, 'Ext.one', 4),
    };
    assert.deepEqual((await definition('UsesExt.sol', 'Ext.one', 4, 0, user)).uri, uri(join(pkg, 'Ext.sol')));
    await assert.rejects(
      client.request('textDocument/rename', { ...params, newName: 'two' }),
      /declared in a package/,
    );
    await assert.rejects(client.request('textDocument/prepareRename', params), /declared in a package/);
  });

  it('hovers members the language defines', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at('Token.sol', 'msg.sender', 5));
    assert.match((hover.contents as { value: string }).value, /address msg\.sender/);
  });

  it('hovers the member of the right contract', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at('Bank.sol', 'vault.transfer', 7));
    const value = (hover.contents as { value: string }).value;
    assert.match(value, /Sends ether out of the vault/);
    assert.match(value, /`Vault\.transfer`/);
  });
});

describe('member completion after a dot', () => {
  const bank = () => src['Bank.sol'];
  const typing = (expr: string) => bank().replace('this.hook();', `${expr}.`);

  it('lists the public members of the variable’s contract (and its overloads)', async () => {
    client.open(file('Bank.sol'), bank());
    assert.deepEqual(await completion(typing('vault'), 'vault.', 6), ['balance', 'transfer']);
    assert.deepEqual(await completion(typing('token'), 'token.', 6), [
      'balance',
      'mint',
      'mint',
      'self',
      'transfer',
      'transfer',
    ]);
  });

  it('lists struct fields plus `using for` functions, and array members', async () => {
    assert.deepEqual(await completion(typing('accounts[0]'), 'accounts[0].', 12), [
      'balance',
      'owner',
      'plus',
    ]);
    assert.deepEqual(await completion(typing('slots[to]'), 'slots[to].', 10), ['balance', 'since']);
    assert.deepEqual(await completion(typing('accounts'), 'accounts.', 9), ['length', 'pop', 'push']);
  });

  it('lists address members and the globals', async () => {
    const address = await completion(typing('msg.sender'), 'msg.sender.', 11);
    for (const m of ['balance', 'call', 'code', 'transfer']) assert.ok(address.includes(m), m);
    assert.ok((await completion(typing('abi'), 'abi.', 4)).includes('encodeCall'));
    assert.ok((await completion(typing('block'), 'block.', 6)).includes('timestamp'));
  });

  it('lists a unit alias’s declarations and type(C) members', async () => {
    client.open(file('Aliases.sol'), src['Aliases.sol']);
    const aliases = src['Aliases.sol'].replace('safe.transfer(to, 1);', 'Tok.');
    const tok = await completion(aliases, 'Tok.', 4, 'Aliases.sol');
    assert.ok(tok.includes('Token') && tok.includes('Account'), tok.join());
    client.change(file('Aliases.sol'), src['Aliases.sol']);
    assert.ok((await completion(typing('type(Token)'), 'type(Token).', 12)).includes('creationCode'));
  });

  it('lists the inherited members through super and this', async () => {
    assert.deepEqual(await completion(typing('super'), 'super.', 6), ['hook', 'level']);
    assert.ok((await completion(typing('this'), 'this.', 5)).includes('run'));
    client.change(file('Bank.sol'), bank());
  });
});
