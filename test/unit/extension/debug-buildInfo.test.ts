// Contracts compiled elsewhere, through the debug adapter over DAP: with "buildInfo" pointing at a
// Hardhat-style build-info (sources inside) or a Foundry-style one (ids in source_id_to_path, the
// texts on disk), the adapter matches the traced code by bytecode and stops at a Solidity
// breakpoint, also in a constructor (creation source map). Without them it steps by instruction
// and says why, in the output and in the stop reason. A missing path is a clear launch error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { FiscoDebugSession } from '../../../src/extension/debug/session';
import type { Trace } from '../../../src/extension/debug/traceModel';
import { fromHex } from '../../../src/protocol/hex';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { signedTx } from '../devnode/chain-fixtures';
import { LINE, SOURCE, compileWith, deployCounter, type Deployed } from './debug-fixture';

const dir = mkdtempSync(join(tmpdir(), 'dbg-buildinfo-'));
let d: Deployed;
let server: Server;
let dc: DebugClient;
const traces = new Map<string, { trace: Trace; status: number }>();

/** A real solc standard-JSON input and output for SOURCE under the unit name contracts/Counter.sol. */
function standardJson(): { input: unknown; output: Record<string, unknown> } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'contracts/Counter.sol': { content: SOURCE } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: false, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode'] } },
    },
  };
  return { input, output: JSON.parse(solc.compile(JSON.stringify(input))) as Record<string, unknown> };
}

before(async () => {
  d = await deployCounter(compileWith('solc'));
  traces.set('0xincrement', await d.traceTx(d.iface.encodeFunctionData('increment', [5])));
  const { input, output } = standardJson();
  // The deployment debugged is the build's own bytecode (a constructor's creation code embeds the
  // runtime code with its metadata hash, which changes with the source's path).
  const contracts = output.contracts as Record<
    string,
    Record<string, { evm: { bytecode: { object: string } } }>
  >;
  const deploy = signedTx(d.chain, d.chain.accounts[0].privateKey, {
    input: fromHex(contracts['contracts/Counter.sol'].Counter.evm.bytecode.object),
  });
  assert.equal((await d.chain.submit(deploy.raw)).receipt.data.status, 0);
  const t = (await d.chain.traceTransaction(deploy.hash, DEFAULT_TRACE_LIMITS))!;
  traces.set('0xdeploy', { trace: t.trace, status: t.status });
  // Hardhat: artifacts/build-info/<id>.json holds {input, output}.
  mkdirSync(join(dir, 'hh', 'artifacts', 'build-info'), { recursive: true });
  writeFileSync(join(dir, 'hh', 'artifacts', 'build-info', 'abc.json'), JSON.stringify({ input, output }));
  // Foundry-like: ids in source_id_to_path, no input; the texts are read from the source root.
  const sources = output.sources as Record<string, { id: number }>;
  const foundry = {
    id: 'f1',
    source_id_to_path: { [sources['contracts/Counter.sol'].id]: 'contracts/Counter.sol' },
    output: { contracts: output.contracts },
  };
  mkdirSync(join(dir, 'forge', 'out', 'build-info'), { recursive: true });
  mkdirSync(join(dir, 'forge', 'contracts'), { recursive: true });
  writeFileSync(join(dir, 'forge', 'contracts', 'Counter.sol'), SOURCE);
  writeFileSync(join(dir, 'forge', 'out', 'build-info', 'f1.json'), JSON.stringify(foundry));

  server = createServer((socket) => {
    const session = new FiscoDebugSession({
      fetchTrace: (args) => {
        const t = traces.get(args.txHash ?? '');
        return t ? Promise.resolve(t) : Promise.reject(new Error('unknown transaction'));
      },
      // Nothing compiled in this session: only the build outputs can give sources.
      lookup: () => undefined,
      creationLookup: () => undefined,
    });
    session.setRunAsServer(true);
    session.start(socket, socket);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
});

after(async () => {
  server.close();
  await d.chain.close();
  rmSync(dir, { recursive: true, force: true });
});

async function client(): Promise<DebugClient> {
  dc = new DebugClient('node', 'unused', 'fisco-bcos');
  await dc.start((server.address() as AddressInfo).port);
  return dc;
}

/** Launches, runs to the breakpoint and returns the stop event and the top frame. */
async function runTo(
  c: DebugClient,
  launch: Record<string, unknown>,
  line: number,
): Promise<{ ev: DebugProtocol.StoppedEvent; top: DebugProtocol.StackFrame; output: string }> {
  let output = '';
  c.on('output', (e: DebugProtocol.OutputEvent) => (output += e.body.output));
  await c.initializeRequest();
  await c.setBreakpointsRequest({ source: { path: '/x/contracts/Counter.sol' }, breakpoints: [{ line }] });
  await c.configurationDoneRequest();
  const stopped = c.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  await c.launch({ stopOnEntry: false, ...launch });
  const ev = await stopped;
  const top = (await c.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
  return { ev, top, output };
}

test('a Hardhat build-info folder gives the sources: breakpoint hit in the runtime code', async () => {
  const c = await client();
  try {
    const r = await runTo(
      c,
      { txHash: '0xincrement', sourceRoot: join(dir, 'hh'), buildInfo: 'artifacts' },
      LINE.ping,
    );
    assert.equal(r.ev.body.reason, 'breakpoint');
    assert.equal(r.top.line, LINE.ping);
    assert.equal(r.top.source?.path, join(dir, 'hh', 'contracts', 'Counter.sol'));
    assert.match(r.output, /Build outputs: \d+ contracts from 1 file/);
  } finally {
    await c.stop();
  }
});

test('a Foundry build-info without inputs reads the texts from the source root; constructors too', async () => {
  const c = await client();
  try {
    const root = join(dir, 'forge');
    const r = await runTo(
      c,
      { txHash: '0xdeploy', sourceRoot: root, buildInfo: ['out/build-info'] },
      LINE.newOther,
    );
    assert.equal(r.ev.body.reason, 'breakpoint');
    assert.equal(r.top.line, LINE.newOther);
    // These build outputs carry no AST, so the frame keeps the instruction name.
    assert.match(r.top.name, /^Counter \(constructor\)/);
  } finally {
    await c.stop();
  }
});

test('without build outputs the adapter steps by instruction and says why', async () => {
  const c = await client();
  try {
    let output = '';
    c.on('output', (e: DebugProtocol.OutputEvent) => (output += e.body.output));
    await c.initializeRequest();
    await c.configurationDoneRequest();
    const stopped = c.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await c.launch({ txHash: '0xincrement', sourceRoot: dir });
    const ev = await stopped;
    assert.equal(ev.body.reason, 'entry');
    assert.match(ev.body.description ?? '', /^Stepping by instruction: no compilation known to the debugger/);
    // The adapter sends its output before the launch response, so it is here by the stop.
    assert.match(
      output,
      /No Solidity source for 0x[0-9a-f]{40}: .*"buildInfo".*Stepping by instruction there/,
    );
    const top = (await c.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
    assert.equal(top.source, undefined);
    await assert.rejects(
      c.launch({ txHash: '0xincrement', sourceRoot: dir, buildInfo: 'nowhere' }),
      /"buildInfo": .*nowhere does not exist/,
    );
  } finally {
    await c.stop();
  }
});
