// Solidity language server navigation: time of type-aware references, definition and member
// completion over LSP on a workspace of several contracts sharing member names, once the symbol
// indexes are built, against the peer cost the server avoids: parsing the workspace's files
// again with @solidity-parser/parser (what a request would cost if it re-parsed).
//
// `node --import tsx bench/navigation.bench.ts` (or `npm run bench navigation`).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '@solidity-parser/parser';
import type { CompletionItem, Location } from 'vscode-languageserver-protocol';
import { LspClient, positionOf, uri } from '../test/unit/solidity/lspClient';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/navigation.bench.ts   (or: npm run bench -- navigation)
  --help, -h            print this and exit
Environment:
  BENCH_RUNS            timed runs of each request (default 7)
  BENCH_FILES           contracts in the workspace (default 4)
  BENCH_FUNCTIONS       functions per contract (default 30)`,
);

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FILES = Number(process.env.BENCH_FILES ?? 4);
const FUNCTIONS = Number(process.env.BENCH_FUNCTIONS ?? 30);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Contract `C<k>` with a struct, a mapping of it and functions all named alike across files. */
function contract(k: number): string {
  const fns: string[] = [];
  for (let i = 0; i < FUNCTIONS; i++)
    fns.push(
      `    function store${i}(uint256 value) public returns (uint256) {`,
      `        Item storage it = items[${i}];`,
      '        it.value = value + total;',
      '        total += value;',
      '        return it.value;',
      '    }',
    );
  const imports = k ? `import "./C${k - 1}.sol";\n` : '';
  return `pragma solidity ^0.8.0;\n${imports}\ncontract C${k} {\n    struct Item { uint256 id; uint256 value; }\n    mapping(uint256 => Item) public items;\n    uint256 public total;\n${fns.join('\n')}\n}\n`;
}

/** The last file uses every other contract: `c<k>.store0(1)` calls, all named alike. */
function user(): string {
  const vars = Array.from({ length: FILES }, (_, k) => `    C${k} c${k};`).join('\n');
  const calls = Array.from({ length: FILES }, (_, k) => `        c${k}.store0(1);`).join('\n');
  return `pragma solidity ^0.8.0;\nimport "./C${FILES - 1}.sol";\n\ncontract User {\n${vars}\n    function run() public {\n${calls}\n        c0.items(0);\n    }\n}\n`;
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await f();
  return [performance.now() - t, v];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sol-nav-bench-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  const sources: string[] = [];
  for (let k = 0; k < FILES; k++) {
    sources.push(contract(k));
    writeFileSync(join(dir, `C${k}.sol`), sources[k]);
  }
  const text = user();
  sources.push(text);
  writeFileSync(join(dir, 'User.sol'), text);
  const lines = sources.reduce((n, s) => n + s.split('\n').length, 0);
  console.log(`workspace: ${FILES + 1} files, ${lines} lines`);

  const client = await LspClient.start(dir);
  try {
    const at = (needle: string, delta: number) => ({
      textDocument: { uri: uri(join(dir, 'User.sol')) },
      position: positionOf(text, needle, delta),
    });
    const last = `c${FILES - 1}.store0`;
    const refs = () =>
      client.request<Location[]>('textDocument/references', {
        ...at(last, last.length - 6),
        context: { includeDeclaration: true },
      });
    const [firstMs, first] = await timed(refs); // builds every file's index
    if (first.length !== 2)
      throw new Error(`expected 2 references (declaration and call), got ${first.length}`);
    const times = { references: [] as number[], definition: [] as number[], completion: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      times.references.push((await timed(refs))[0]);
      times.definition.push(
        (
          await timed(() => client.request<Location>('textDocument/definition', at(last, last.length - 6)))
        )[0],
      );
      times.completion.push(
        (
          await timed(() => client.request<CompletionItem[]>('textDocument/completion', at('c0.items', 3)))
        )[0],
      );
    }

    // Peer: parsing the workspace once more, as a request that re-parsed would.
    const reparse: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) {
      const t = performance.now();
      for (const s of sources) parse(s, { range: true, tolerant: true });
      reparse.push(performance.now() - t);
    }

    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`first references request (indexes every file):      ${ms(firstMs)}`);
    console.log(`references, workspace-wide (median of ${RUNS}):          ${ms(median(times.references))}`);
    console.log(`definition (median of ${RUNS}):                          ${ms(median(times.definition))}`);
    console.log(`member completion after '.' (median of ${RUNS}):         ${ms(median(times.completion))}`);
    console.log(`  peer: re-parsing the workspace in-process (median):  ${ms(median(reparse))}`);
    console.log(
      `  ratio references / re-parse: ${(median(times.references) / median(reparse)).toFixed(3)}x (the index is reused)`,
    );
  } finally {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
