// Devnode diagnostics (console.log lines, failure point) are kept in the chain store with the
// block: a failed transaction's diagnostics are answered after the memory cache has moved past it
// and after a restart with a data directory (RocksDB), and still map to the failing Solidity line.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonFragment } from 'ethers';
import { after, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../src/devnode';
import {
  Client,
  Contract,
  RevertError,
  getDevnodeDiagnostics,
  locate,
  type DevnodeDiagnostics,
  type SourceList,
} from '../../src/client';
import { fromHex } from '../../src/protocol/hex';
import { importPrivateKey } from '../../src/protocol/account';

const CONSOLE_SOL = readFileSync(join(__dirname, '../../media/solidity/console.sol'), 'utf8');
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "./console.sol";
contract Keeper {
    uint256 public n;
    function note(uint256 x) public {
        console.log("note", x);
        n = x;
    }
    function fail(uint256 x) public {
        console.log("failing with", x);
        require(x > 1000, "x too small");
        n = x;
    }
}`;

function compile(): { abi: JsonFragment[]; bytecode: string; sourceMap: string; sources: SourceList } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const texts: Record<string, string> = { 'Keeper.sol': SOURCE, 'console.sol': CONSOLE_SOL };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: Object.fromEntries(Object.entries(texts).map(([k, content]) => [k, { content }])),
        settings: {
          evmVersion: 'paris',
          outputSelection: {
            '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.sourceMap'] },
          },
        },
      }),
    ),
  ) as {
    contracts: Record<
      string,
      Record<
        string,
        {
          abi: JsonFragment[];
          evm: { bytecode: { object: string }; deployedBytecode: { sourceMap: string } };
        }
      >
    >;
    sources: Record<string, { id: number }>;
  };
  const c = out.contracts['Keeper.sol'].Keeper;
  const sources: SourceList = new Map();
  for (const [name, { id }] of Object.entries(out.sources)) sources.set(id, { name, content: texts[name] });
  return {
    abi: c.abi,
    bytecode: c.evm.bytecode.object,
    sourceMap: c.evm.deployedBytecode.sourceMap,
    sources,
  };
}

describe('devnode diagnostics survive the memory cache and a restart (--data)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-diag-'));
  const nodes: Devnode[] = [];
  const clients: Client[] = [];
  after(async () => {
    for (const c of clients) c.close();
    for (const n of nodes) await n.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ node: Devnode; client: Client }> {
    // A memory cache of two transactions: older ones must come from the store.
    const node = await startDevnode({
      port: 0,
      dataDir: join(dir, 'chain'),
      logLevel: 'silent',
      seed: 'diag-restart',
      diagnosticsCache: 2,
    });
    const client = new Client({ group: node.groupId, url: node.url });
    nodes.push(node);
    clients.push(client);
    return { node, client };
  }

  it('a failed transaction: failure point and console.log lines, after 3 newer ones and after a restart', async () => {
    const compiled = compile();
    const first = await start();
    const account = importPrivateKey(first.node.accounts[0].privateKey);
    const { contract, receipt: deployed } = await Contract.deploy(
      first.client,
      account,
      compiled.abi,
      compiled.bytecode,
    );
    let failedHash = '';
    await assert.rejects(contract.send('fail', [7]), (e: unknown) => {
      assert.ok(e instanceof RevertError);
      failedHash = e.transactionHash!;
      return true;
    });
    const original = await getDevnodeDiagnostics(first.client, failedHash);
    assert.deepEqual(original?.consoleLogs, ['failing with 7']);
    assert.equal(original?.failure?.error, 'revert');
    const okHash = (await contract.send('note', [1])).receipt.transactionHash;
    await contract.send('note', [2]);
    await contract.send('note', [3]);
    // Three newer transactions with diagnostics have pushed the failed one out of the memory cache.
    assert.deepEqual(await getDevnodeDiagnostics(first.client, failedHash), original);
    assert.deepEqual(await getDevnodeDiagnostics(first.client, okHash), {
      consoleLogs: ['note 1'],
      failure: null,
    });

    first.client.close();
    await first.node.stop();
    const second = await start();
    const after: DevnodeDiagnostics | null = await getDevnodeDiagnostics(second.client, failedHash);
    assert.deepEqual(after, original, 'the same diagnostics after a restart');
    assert.deepEqual((await getDevnodeDiagnostics(second.client, okHash))?.consoleLogs, ['note 1']);
    // And they still locate the failing line.
    const code = fromHex(await second.client.getCode(contract.address));
    const loc = locate(after.failure!.pc, code, compiled.sourceMap, compiled.sources);
    assert.equal(loc?.line, SOURCE.split('\n').findIndex((l) => l.includes('require(x > 1000')) + 1);
    assert.equal(loc?.functionName, 'fail');
    // A transaction without console output or failure has empty diagnostics (nothing stored).
    const d = await getDevnodeDiagnostics(second.client, deployed.transactionHash);
    assert.deepEqual(d, { consoleLogs: [], failure: null });
  });
});
