// The Solidity language server over LSP (a test client speaking JSON-RPC over stdio to the bundled
// server): diagnostics on unsaved buffers for the file and its importers, cleared when fixed;
// definition, references, hover, symbols, completion and rename across imports; the compile
// request Deploy uses.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CompletionItem,
  DocumentSymbol,
  Hover,
  Location,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { LspClient, positionOf, uri } from './lspClient';
import type { CompileResponse, StatsResponse } from '../../../src/langserver/protocol';

const LIB = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// @title Arithmetic helpers
library MathLib {
    /// @notice Adds two numbers.
    /// @param a the first
    /// @param b the second
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}
`;

const COUNTER = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./lib/MathLib.sol";

contract Counter {
    uint256 public count;
    event Incremented(uint256 by);

    function increment(uint256 by) public {
        count = MathLib.add(count, by);
        emit Incremented(by);
    }
}
`;

const USER = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./Counter.sol";

contract User {
    Counter counter;

    function bump() public {
        counter.increment(1);
    }
}
`;

let dir: string;
let client: LspClient;
const file = (name: string) => join(dir, name);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sol-ls-'));
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'package.json'), '{"name":"ws"}');
  writeFileSync(file('lib/MathLib.sol'), LIB);
  writeFileSync(file('Counter.sol'), COUNTER);
  writeFileSync(file('User.sol'), USER);
  client = await LspClient.start(dir, { cacheDir: join(dir, '.solc-cache') });
});

after(async () => {
  await client?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('diagnostics', () => {
  it('reports an error in the unsaved buffer and clears it once fixed', async () => {
    client.open(file('Counter.sol'), COUNTER);
    await client.until(() => client.diagnosticsOf(file('Counter.sol'))?.length === 0, 'clean Counter.sol');
    const broken = COUNTER.replace('count = MathLib.add(count, by);', 'count = MathLib.add(count, by)\n');
    client.change(file('Counter.sol'), broken);
    const diags = await client.until(() => {
      const d = client.diagnosticsOf(file('Counter.sol'));
      return d?.some((x) => x.severity === 1) ? d : undefined;
    }, 'a syntax error');
    assert.match(diags[0].message as string, /Expected ';'/);
    assert.equal(diags[0].source, 'solc 0.8.37');
    client.change(file('Counter.sol'), COUNTER);
    await client.until(() => client.diagnosticsOf(file('Counter.sol'))?.length === 0, 'cleared diagnostics');
  });

  it('re-checks open files that import the edited file', async () => {
    client.open(file('User.sol'), USER);
    await client.until(() => client.diagnosticsOf(file('User.sol'))?.length === 0, 'clean User.sol');
    // Renaming increment in Counter breaks User's call, without saving either file.
    client.change(file('Counter.sol'), COUNTER.replace('function increment', 'function incrementBy'));
    const diags = await client.until(() => {
      const d = client.diagnosticsOf(file('User.sol'));
      return d?.length ? d : undefined;
    }, 'an error in the importer');
    assert.match(diags[0].message as string, /Member "increment" not found/);
    client.change(file('Counter.sol'), COUNTER);
    await client.until(() => client.diagnosticsOf(file('User.sol'))?.length === 0, 'importer cleared');
  });
});

describe('navigation', () => {
  it('goes to a definition in an imported file', async () => {
    const loc = await client.request<Location>('textDocument/definition', {
      textDocument: { uri: uri(file('Counter.sol')) },
      position: positionOf(COUNTER, 'MathLib.add', 9),
    });
    assert.equal(loc.uri, uri(file('lib/MathLib.sol')));
    assert.deepEqual(loc.range.start, positionOf(LIB, 'add(uint256'));
  });

  it('resolves a member through a variable of a contract type', async () => {
    const loc = await client.request<Location>('textDocument/definition', {
      textDocument: { uri: uri(file('User.sol')) },
      position: positionOf(USER, 'increment(1)', 2),
    });
    assert.equal(loc.uri, uri(file('Counter.sol')));
    assert.deepEqual(loc.range.start, positionOf(COUNTER, 'increment(uint256'));
  });

  it('hovers with the signature and the NatSpec', async () => {
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: uri(file('Counter.sol')) },
      position: positionOf(COUNTER, 'MathLib.add', 9),
    });
    const value = (hover.contents as { value: string }).value;
    assert.match(value, /function add\(uint256 a, uint256 b\) internal pure returns \(uint256\)/);
    assert.match(value, /Adds two numbers\./);
    assert.match(value, /`a` — the first/);
  });

  it('lists document symbols as an outline', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', {
      textDocument: { uri: uri(file('Counter.sol')) },
    });
    assert.deepEqual(
      symbols.map((s) => [s.name, s.children?.map((c) => c.name)]),
      [['Counter', ['count', 'Incremented', 'increment']]],
    );
  });

  it('finds references across files', async () => {
    const refs = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: uri(file('Counter.sol')) },
      position: positionOf(COUNTER, 'increment(uint256', 1),
      context: { includeDeclaration: true },
    });
    assert.deepEqual(refs.map((r) => r.uri).sort(), [uri(file('Counter.sol')), uri(file('User.sol'))].sort());
  });

  it('renames a symbol in every file that uses it', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: uri(file('lib/MathLib.sol')) },
      position: positionOf(LIB, 'add(uint256', 1),
      newName: 'plus',
    });
    const changes = edit.changes!;
    assert.deepEqual(
      Object.keys(changes).sort(),
      [uri(file('Counter.sol')), uri(file('lib/MathLib.sol'))].sort(),
    );
    assert.deepEqual(changes[uri(file('Counter.sol'))][0].range.start, positionOf(COUNTER, 'add(count'));
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri: uri(file('lib/MathLib.sol')) },
        position: positionOf(LIB, 'add(uint256', 1),
        newName: 'not valid',
      }),
      /not a valid Solidity identifier/,
    );
  });

  it('completes members, keywords and names in scope', async () => {
    const withDot = USER.replace('counter.increment(1);', 'counter.');
    client.change(file('User.sol'), withDot);
    const members = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: uri(file('User.sol')) },
      position: positionOf(withDot, 'counter.', 8),
    });
    assert.deepEqual(members.map((m) => m.label).sort(), ['Incremented', 'count', 'increment']);
    const general = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: uri(file('Counter.sol')) },
      position: positionOf(COUNTER, 'emit', 0),
    });
    const labels = general.map((c) => c.label);
    for (const l of ['by', 'count', 'increment', 'MathLib', 'require', 'uint256', 'mapping'])
      assert.ok(labels.includes(l), l);
    client.change(file('User.sol'), USER);
  });

  it('completes import paths', async () => {
    const text = 'pragma solidity ^0.8.0;\nimport "./lib/';
    client.open(file('New.sol'), text);
    const items = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: uri(file('New.sol')) },
      position: positionOf(text, './lib/', 6),
    });
    assert.deepEqual(
      items.map((i) => i.label),
      ['MathLib.sol'],
    );
  });
});

describe('compiler versions', () => {
  it('compiles with the version the pragma asks for (an installed alias)', async () => {
    const text =
      'pragma solidity 0.6.10;\ncontract Old { function f() public pure returns (uint) { return 1; } }\n';
    writeFileSync(file('Old.sol'), text);
    client.open(file('Old.sol'), text);
    const res = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(file('Old.sol')) });
    assert.equal(res.version, '0.6.10');
    assert.equal(res.evmVersion, 'istanbul');
    assert.deepEqual(res.errors, []);
  });

  it('reports a failed download on the pragma, naming the settings that pin a local compiler', async () => {
    // The test registry (127.0.0.1:9) refuses connections; 0.7.x is neither bundled nor installed.
    const text = 'pragma solidity ^0.7.0;\ncontract Seven {}\n';
    client.open(file('Seven.sol'), text);
    const diags = await client.until(() => {
      const d = client.diagnosticsOf(file('Seven.sol'));
      return d?.length ? d : undefined;
    }, 'the download failure');
    assert.equal(diags[0].range.start.line, 0);
    assert.match(
      diags[0].message as string,
      /solc 0\.7\.6 could not be downloaded: the solc release list could not be read from http:\/\/127\.0\.0\.1:9\/solc: /,
    );
    assert.match(diags[0].message as string, /fiscoBcos\.solc\.soljsonPath/);
    const events = client.notifications
      .filter((n) => n.method === 'fiscoBcos/compilerDownload')
      .map((n) => n.params);
    assert.deepEqual(
      events.map((e) => (e as { state: string }).state),
      ['start', 'failed'],
    );
  });
});

describe('compile request (Deploy)', () => {
  it('returns ABI and bytecode from the same pipeline', async () => {
    const res = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(file('User.sol')) });
    assert.equal(res.version, '0.8.37');
    assert.equal(res.evmVersion, 'paris');
    assert.deepEqual(res.errors, []);
    const user = res.contracts.find((c) => c.name === 'User')!;
    assert.match(user.bytecode, /^[0-9a-f]+$/);
    // The debugger's variables: every unit's AST and each contract's storage layout.
    assert.equal(res.asts?.length, Object.keys(res.sourceIds).length);
    assert.ok(res.asts.every((a) => (a as { nodeType?: string }).nodeType === 'SourceUnit'));
    assert.ok(Array.isArray((user.storageLayout as { storage?: unknown }).storage));
  });
});

describe("Deploy reuses the server's compilation", () => {
  const stats = () => client.request<StatsResponse>('fiscoBcos/stats', {});
  /** Waits (bounded) until the server has made `n` solc runs. */
  async function untilCompiles(n: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while ((await stats()).compiles < n)
      if (Date.now() > deadline) throw new Error(`timed out waiting for solc run ${n}`);
      else await new Promise((r) => setTimeout(r, 50));
  }

  it('answers from the run of a just opened or saved file, and compiles when it has none', async () => {
    const name = file('Reuse.sol');
    const text = COUNTER.replace('contract Counter', 'contract Reuse');
    writeFileSync(name, text);
    const before = (await stats()).compiles;
    client.open(name, text);
    // Opened: one run, with bytecode, whose diagnostics are published.
    await untilCompiles(before + 1);
    await client.until(() => client.diagnosticsOf(name)?.length === 0, 'clean Reuse.sol');
    const reused = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(name) });
    assert.equal(reused.reused, true);
    assert.match(reused.contracts.find((c) => c.name === 'Reuse')!.bytecode, /^[0-9a-f]+$/);
    assert.equal((await stats()).compiles, before + 1, 'Deploy ran no solc');

    // Typing runs analysis only, so Deploy on the unsaved buffer compiles (once) ...
    const edited = `${text}// edited\n`;
    client.change(name, edited);
    await untilCompiles(before + 2);
    const fresh = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(name) });
    assert.equal(fresh.reused, false);
    assert.equal((await stats()).compiles, before + 3);
    assert.equal(fresh.sources['Reuse.sol'], edited);
    // ... and a second Deploy of the same buffer takes that run.
    const again = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(name) });
    assert.equal(again.reused, true);
    assert.equal((await stats()).compiles, before + 3);

    // Saving (as Deploy does) compiles with bytecode; Deploy right after, even before the
    // debounce ran out, is answered by that run.
    const saved = `${edited}// saved\n`;
    writeFileSync(name, saved);
    client.change(name, saved);
    client.save(name);
    const afterSave = await client.request<CompileResponse>('fiscoBcos/compile', { uri: uri(name) });
    assert.equal(afterSave.reused, true);
    assert.equal(afterSave.sources['Reuse.sol'], saved);
    assert.equal((await stats()).compiles, before + 4);
  });

  it('said once that it compiles offline with the newest installed solc', () => {
    // The test registry refuses connections: the release list is unknown, ^0.8.0 takes the bundled 0.8.37.
    const notices = client.notifications
      .filter((n) => n.method === 'fiscoBcos/compilerNotice')
      .map((n) => (n.params as { message: string }).message);
    assert.equal(notices.filter((m) => m.includes('solc 0.8.37,')).length, 1, notices.join('\n'));
    assert.match(
      notices.find((m) => m.includes('solc 0.8.37,'))!,
      /newest installed version that satisfies the pragma/,
    );
  });
});
