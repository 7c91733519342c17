// Issue 13: launch.json's "sources" lets the debugger open a transaction whose contract was
// compiled elsewhere (here: by the solc npm module in the test, never through the extension). The
// extension compiles the listed files before the session starts and matches them by bytecode; a
// missing path is refused with a message naming it and the attribute, and no session starts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Interface } from 'ethers';
import { Worker } from 'node:worker_threads';
import { connectTestChain, waitFor } from './helpers';

// Pinned to the bundled solc so the extension's compile picks the same compiler as the test.
const TALLY = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

contract Tally {
    uint256 public count;
    function add(uint256 n) public {
        count += n;
    }
}
`;

interface SolcOut {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

/**
 * Compiled "elsewhere": the same settings as the extension's defaults (paris, no optimizer). solc
 * runs in a worker thread: the extension host's own thread must never load it (the activation and
 * chain suites check that).
 */
async function compileElsewhere(source: string): Promise<{ abi: unknown[]; bytecode: string }> {
  const input = {
    language: 'Solidity',
    sources: { 'contracts/Tally.sol': { content: source } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.postMessage(require(workerData.solc).compile(workerData.input));`,
    { eval: true, workerData: { solc: require.resolve('solc'), input: JSON.stringify(input) } },
  );
  const text = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
  const out = JSON.parse(text) as SolcOut;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  assert.deepEqual(errors, [], 'the test contract compiles');
  const c = out.contracts['contracts/Tally.sol'].Tally;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

suite('Debug launch sources', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-dbg-sources-')));
  const file = path.join(dir, 'contracts', 'Tally.sol');

  suiteTeardown(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a transaction of a contract compiled elsewhere stops on its Solidity source', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, TALLY);
    const { abi, bytecode } = await compileElsewhere(TALLY);
    const { api: a } = await connectTestChain();
    const chain = a.session.requireChain();
    const signer = await a.session.requireSigner();
    const deployed = await chain.deploy(signer, bytecode, JSON.stringify(abi));
    const data = new Interface(JSON.stringify(abi)).encodeFunctionData('add', [3]);
    const sent = await chain.send(signer, deployed.contractAddress, data, JSON.stringify(abi));
    assert.equal(sent.status, 0, 'the transaction succeeded');

    let stopped: vscode.DebugSession | undefined;
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('fisco-bcos', {
      createDebugAdapterTracker: (s) => ({
        onDidSendMessage: (m: { type?: string; event?: string }) => {
          if (m.type === 'event' && m.event === 'stopped') stopped = s;
        },
      }),
    });
    try {
      const started = await vscode.debug.startDebugging(undefined, {
        type: 'fisco-bcos',
        request: 'launch',
        name: 'x',
        txHash: sent.transactionHash,
        sources: ['contracts'],
        sourceRoot: dir,
      });
      assert.equal(started, true, 'the session starts');
      const session = await waitFor(async () => stopped, 'the debugger stops at entry', 30_000);
      const st = (await session.customRequest('stackTrace', { threadId: 1 })) as {
        stackFrames: { source?: { path?: string }; line: number }[];
      };
      const top = st.stackFrames[0];
      // In code-server the workbench hands the path back as a vscode-remote: URI.
      const shown = top?.source?.path ?? '';
      const at = shown.includes('://') ? vscode.Uri.parse(shown).fsPath : shown;
      assert.equal(at, file, 'the top frame is in the listed source, not instruction-only');
      assert.ok(top.line >= 1, 'a source line');
      await vscode.debug.stopDebugging(session);
    } finally {
      tracker.dispose();
      await vscode.debug.stopDebugging();
    }
  });

  test('a missing path in "sources" is refused with a message and starts nothing', async () => {
    const { api: a } = await connectTestChain();
    a.testHooks.clear();
    let began = false;
    const listener = vscode.debug.onDidStartDebugSession((s) => (began ||= s.type === 'fisco-bcos'));
    try {
      const started = await vscode.debug.startDebugging(undefined, {
        type: 'fisco-bcos',
        request: 'launch',
        name: 'x',
        txHash: '0x' + 'ab'.repeat(32),
        sources: ['contracts/Missing.sol'],
        sourceRoot: dir,
      });
      assert.equal(started, false);
      assert.equal(began, false, 'no debug session');
      const errors = a.testHooks.shown('error');
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0], /"sources": contracts\/Missing\.sol does not exist/);
    } finally {
      listener.dispose();
    }
  });
});
