// Solidity language server: time from the last keystroke to diagnostics for a 1,000-line contract
// (the server's debounce included, as a user waits it), against the same solc analysis run
// directly in this process (the floor the server cannot beat); and the CPU the server uses while
// idle afterwards (read from /proc/<pid>/stat over a few seconds).
//
// `node --import tsx bench/solidity.bench.ts` (or `npm run bench solidity`).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspClient } from '../test/unit/solidity/lspClient';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/solidity.bench.ts   (or: npm run bench -- solidity)
  --help, -h            print this and exit
Environment:
  BENCH_RUNS            timed edits of each kind (error shown, error cleared; default 7)
  BENCH_IDLE_MS         milliseconds of idle CPU measured afterwards (default 5000)`,
);

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const DEBOUNCE_MS = 300;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A contract of exactly `lines` lines: state, events, structs and many small functions. */
function bigContract(lines: number): string {
  const head = [
    '// SPDX-License-Identifier: MIT',
    'pragma solidity ^0.8.0;',
    '',
    'contract Big {',
    '    struct Item { uint256 id; address owner; uint256 value; }',
    '    mapping(uint256 => Item) public items;',
    '    uint256 public total;',
    '    event Stored(uint256 indexed id, address owner, uint256 value);',
  ];
  const body: string[] = [];
  for (let i = 0; body.length + head.length + 1 < lines; i++) {
    const fn = [
      `    /// @notice Stores item ${i}.`,
      `    function store${i}(uint256 value) public returns (uint256) {`,
      `        Item storage it = items[${i}];`,
      '        it.id = ' + i + ';',
      '        it.owner = msg.sender;',
      '        it.value = value + total;',
      '        total += value;',
      `        emit Stored(${i}, msg.sender, value);`,
      '        return it.value;',
      '    }',
    ];
    body.push(...fn.slice(0, Math.max(0, lines - head.length - 1 - body.length)));
  }
  while (head.length + body.length + 1 < lines) body.push('');
  // close any function cut short, then the contract
  const text = [...head, ...body].join('\n');
  const open = (text.match(/{/g) ?? []).length - (text.match(/}/g) ?? []).length;
  return `${text}\n${'}'.repeat(open)}\n`;
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sol-bench-'));
  const file = join(dir, 'Big.sol');
  const source = bigContract(1000);
  writeFileSync(join(dir, 'package.json'), '{}');
  writeFileSync(file, source);
  console.log(`contract: ${source.split('\n').length - 1} lines, ${(source.length / 1024).toFixed(1)} KiB`);

  const client = await LspClient.start(dir, { debounceMs: DEBOUNCE_MS });
  try {
    const errors = () => (client.diagnosticsOf(file) ?? []).filter((d) => d.severity === 1).length;
    client.open(file, source);
    await client.until(
      () => client.diagnosticsOf(file) !== undefined && errors() === 0,
      'first diagnostics',
      120_000,
    );

    const broken = source.replace('total += value;', 'total += valu;');
    const toError: number[] = [];
    const toClear: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      client.change(file, broken);
      await client.until(() => errors() > 0, 'the error', 60_000);
      toError.push(performance.now() - t);
      t = performance.now();
      client.change(file, source);
      await client.until(() => errors() === 0, 'the error to clear', 60_000);
      toClear.push(performance.now() - t);
    }
    const stats = await client.request<{ lastCompileMs: number }>('fiscoBcos/stats', {});

    // Peer: the same solc analysis in this process, no LSP, no debounce.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- solc is untyped CommonJS
    const solc = require('solc') as { compile(i: string): string };
    const input = JSON.stringify({
      language: 'Solidity',
      sources: { 'Big.sol': { content: broken } },
      settings: { outputSelection: {} },
    });
    solc.compile(input);
    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      solc.compile(input);
      direct.push(performance.now() - t);
    }

    const pid = client.child.pid!;
    const before = cpuTicks(pid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idleCpuMs = (cpuTicks(pid) - before) * 10;
    const idleWall = performance.now() - t0;

    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `keystroke → error shown (median of ${RUNS}, ${DEBOUNCE_MS} ms debounce included): ${ms(median(toError))}`,
    );
    console.log(
      `keystroke → error cleared (median of ${RUNS}):                               ${ms(median(toClear))}`,
    );
    console.log(
      `  server's solc run (last):                                          ${ms(stats.lastCompileMs)}`,
    );
    console.log(
      `  peer: solc analysis called directly in-process (median):            ${ms(median(direct))}`,
    );
    console.log(
      `  ratio (keystroke → error − debounce) / direct solc: ${((median(toError) - DEBOUNCE_MS) / median(direct)).toFixed(2)}x`,
    );
    console.log(
      `server idle CPU: ${idleCpuMs} ms over ${(idleWall / 1000).toFixed(1)} s (${((idleCpuMs / idleWall) * 100).toFixed(2)} %)`,
    );
    console.log(
      `goal: keystroke → diagnostics < 1000 ms: ${median(toError) < 1000 ? 'met' : 'NOT met'}; idle CPU ≈ 0: ${idleCpuMs <= 20 ? 'met' : 'NOT met'}`,
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
