// Failure reasons, failure locations and console.log against the devnode: contracts importing
// the extension's media/solidity/console.sol print through the devnode (its log and
// devnode_getTransactionDiagnostics); a failed transaction or call names its status, decoded
// reason or custom error (looked up in several ABIs), and the failing Solidity line from the
// compiler's source map, also when the revert comes from a contract called by another.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JsonFragment } from 'ethers';
import { after, before, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../src/devnode';
import {
  Client,
  Contract,
  RevertError,
  decodeRevertWithAbis,
  devnodeTraceCall,
  encodeFunctionCall,
  findCreationCode,
  formatLocation,
  locateInCreationCode,
  matchesCreationCode,
  getDevnodeDiagnostics,
  locate,
  type SourceList,
} from '../../src/client';
import { fromHex } from '../../src/protocol/hex';
import { toChecksumAddress } from '../../src/protocol/address';
import { importPrivateKey, type Account } from '../../src/protocol/account';

const CONSOLE_SOL = readFileSync(join(__dirname, '../../media/solidity/console.sol'), 'utf8');
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "./console.sol";

contract Inner {
    error TooBig(uint256 value, uint256 limit);
    function boom(uint256 x) public pure returns (uint256) {
        if (x > 10) revert TooBig(x, 10);
        return x;
    }
}

contract Debug {
    Inner inner;
    uint256 public stored;
    constructor() { inner = new Inner(); }
    function hello(uint256 n) public {
        console.log("value is %d", n);
        console.log("sender", msg.sender, true);
        stored = n;
    }
    function fail(uint256 n) public {
        console.log("about to check", n);
        require(n > 100, "too small");
        stored = n;
    }
    function nested(uint256 n) public returns (uint256) {
        uint256 r = inner.boom(n);
        stored = r;
        return r;
    }
    function look(uint256 n) public view returns (uint256) {
        console.log("look", n);
        require(n != 7, "seven");
        return n;
    }
}

contract Picky {
    uint256 public limit;
    constructor(uint256 n) {
        console.log("constructing with", n);
        require(n < 10, "constructor says no");
        limit = n;
    }
}

contract Maker {
    Picky public made;
    constructor(uint256 n) { made = new Picky(n); }
}`;

interface Out {
  abi: JsonFragment[];
  evm: {
    bytecode: { object: string; sourceMap: string };
    deployedBytecode: { object: string; sourceMap: string };
  };
}

function compile(): { contracts: Record<string, Out>; sources: SourceList } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const texts: Record<string, string> = { 'Debug.sol': SOURCE, 'console.sol': CONSOLE_SOL };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: Object.fromEntries(Object.entries(texts).map(([k, content]) => [k, { content }])),
        settings: {
          evmVersion: 'paris',
          outputSelection: {
            '*': {
              '*': [
                'abi',
                'evm.bytecode.object',
                'evm.bytecode.sourceMap',
                'evm.deployedBytecode.object',
                'evm.deployedBytecode.sourceMap',
              ],
            },
          },
        },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, Out>>;
    sources: Record<string, { id: number }>;
    errors?: { severity: string; message: string }[];
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  assert.deepEqual(errors, [], 'compiles with console.sol');
  const sources: SourceList = new Map();
  for (const [name, { id }] of Object.entries(out.sources)) sources.set(id, { name, content: texts[name] });
  return { contracts: out.contracts['Debug.sol'], sources };
}

function lineOf(text: string): number {
  return SOURCE.split('\n').findIndex((l) => l.includes(text)) + 1;
}

describe('failure reasons, locations and console.log (client ↔ devnode)', () => {
  let node: Devnode;
  let client: Client;
  let account: Account;
  let debug: Contract;
  let compiled: ReturnType<typeof compile>;
  const logLines: string[] = [];

  before(async () => {
    compiled = compile();
    node = await startDevnode({
      port: 0,
      logLevel: 'info',
      log: (_level, message) => logLines.push(message),
      seed: 'diagnostics-integration',
    });
    client = new Client({ group: node.groupId, url: node.url });
    account = importPrivateKey(node.accounts[0].privateKey);
    const d = compiled.contracts.Debug;
    debug = (await Contract.deploy(client, account, d.abi, d.evm.bytecode.object)).contract;
  });
  after(async () => {
    client.close();
    await node.stop();
  });

  it('console.log prints to the node log and is kept with the transaction', async () => {
    const { receipt } = await debug.send('hello', [42]);
    const d = await getDevnodeDiagnostics(client, receipt.transactionHash);
    assert.deepEqual(d?.consoleLogs, [
      'value is 42',
      `sender ${toChecksumAddress(account.address, account.suite)} true`,
    ]);
    assert.equal(d?.failure, null);
    assert.ok(logLines.some((l) => l.includes('console.log') && l.includes('value is 42')));
    assert.deepEqual([...(await debug.call('stored'))], [42n]);
  });

  it('a failed transaction: status name, reason, console output and the failing line', async () => {
    let hash = '';
    await assert.rejects(debug.send('fail', [3]), (e: unknown) => {
      assert.ok(e instanceof RevertError);
      assert.match(e.message, /RevertInstruction \(16\)/);
      assert.equal(e.reason, 'too small');
      hash = e.transactionHash!;
      return true;
    });
    const d = await getDevnodeDiagnostics(client, hash);
    assert.deepEqual(d?.consoleLogs, ['about to check 3'], 'logs before the revert are kept');
    assert.equal(d?.failure?.error, 'revert');
    assert.equal(d?.failure?.codeAddress, debug.address);
    const code = fromHex(await client.getCode(debug.address));
    const loc = locate(
      d.failure.pc,
      code,
      compiled.contracts.Debug.evm.deployedBytecode.sourceMap,
      compiled.sources,
    );
    assert.equal(loc?.file, 'Debug.sol');
    assert.equal(loc?.line, lineOf('require(n > 100'));
    assert.equal(loc?.functionName, 'fail');
    assert.equal(formatLocation('Debug', loc), `Debug.fail (Debug.sol:${lineOf('require(n > 100')})`);
  });

  it('a revert in a called contract is located there; its custom error is found among several ABIs', async () => {
    let hash = '';
    let output = '';
    await assert.rejects(debug.send('nested', [50]), (e: unknown) => {
      assert.ok(e instanceof RevertError);
      hash = e.transactionHash!;
      output = e.output;
      return true;
    });
    const decoded = decodeRevertWithAbis(output, account.suite, [
      compiled.contracts.Debug.abi,
      compiled.contracts.Inner.abi,
    ]);
    assert.equal(decoded.errorName, 'TooBig');
    assert.deepEqual([...decoded.errorArgs!], [50n, 10n]);
    const d = await getDevnodeDiagnostics(client, hash);
    const innerAddress = d!.failure!.codeAddress;
    assert.notEqual(innerAddress, debug.address, 'the callee failed, not the caller');
    assert.equal(d!.failure!.depth, 1);
    const code = fromHex(await client.getCode(innerAddress));
    const loc = locate(
      d!.failure!.pc,
      code,
      compiled.contracts.Inner.evm.deployedBytecode.sourceMap,
      compiled.sources,
    );
    assert.equal(loc?.line, lineOf('revert TooBig'));
    assert.equal(loc?.functionName, 'boom');
  });

  it('devnode_traceCall: a failing read-only call with its console output and location', async () => {
    const input = encodeFunctionCall(compiled.contracts.Debug.abi, 'look', [7], account.suite);
    const trace = await devnodeTraceCall(client, debug.address, input);
    assert.equal(trace?.status, 16);
    assert.deepEqual(trace?.consoleLogs, ['look 7']);
    const code = fromHex(await client.getCode(debug.address));
    const loc = locate(
      trace.failure!.pc,
      code,
      compiled.contracts.Debug.evm.deployedBytecode.sourceMap,
      compiled.sources,
    );
    assert.equal(loc?.line, lineOf('require(n != 7'));
    assert.equal(loc?.functionName, 'look');
    // An ordinary call is unaffected by the console calls (they are no-ops).
    assert.deepEqual([...(await debug.call('look', [8]))], [8n]);
  });

  it('a failing constructor: the SDK error names its Solidity line from the creation source map', async () => {
    const p = compiled.contracts.Picky;
    const source = { name: 'Picky', sourceMap: p.evm.bytecode.sourceMap, sources: compiled.sources };
    const line = lineOf('require(n < 10');
    let hash = '';
    await assert.rejects(
      Contract.deploy(client, account, p.abi, p.evm.bytecode.object, [50], { source }),
      (e: unknown) => {
        assert.ok(e instanceof RevertError);
        assert.equal(e.reason, 'constructor says no');
        assert.equal(e.location, `Picky.constructor (Debug.sol:${line})`);
        assert.match(
          e.message,
          new RegExp(
            `RevertInstruction \\(16\\).*constructor says no.* at Picky\\.constructor \\(Debug\\.sol:${line}\\)$`,
          ),
        );
        hash = e.transactionHash!;
        return true;
      },
    );
    const d = await getDevnodeDiagnostics(client, hash);
    assert.deepEqual(d?.consoleLogs, ['constructing with 50']);
    assert.equal(d?.failure?.create, true);
    assert.equal(d?.failure?.depth, 0);
    // The init code that ran is the transaction's input: bytecode then the constructor argument.
    assert.equal(d?.failure?.initCode, '0x' + p.evm.bytecode.object + (50).toString(16).padStart(64, '0'));

    // Without the source map the error is the same minus the location (and on a real node, which
    // has no diagnostics, nothing else changes either).
    await assert.rejects(
      Contract.deploy(client, account, p.abi, p.evm.bytecode.object, [50]),
      (e: unknown) => {
        assert.ok(e instanceof RevertError);
        assert.equal(e.location, undefined);
        assert.doesNotMatch(e.message, / at Picky/);
        return true;
      },
    );
    // A constructor that succeeds deploys as before with the source given.
    const ok = await Contract.deploy(client, account, p.abi, p.evm.bytecode.object, [5], { source });
    assert.deepEqual([...(await ok.contract.call('limit'))], [5n]);
  });

  it('a constructor failing inside another constructor (new): the CREATE data locates it', async () => {
    const m = compiled.contracts.Maker;
    const p = compiled.contracts.Picky;
    let hash = '';
    const source = { name: 'Maker', sourceMap: m.evm.bytecode.sourceMap, sources: compiled.sources };
    await assert.rejects(
      Contract.deploy(client, account, m.abi, m.evm.bytecode.object, [77], { source }),
      (e: unknown) => {
        assert.ok(e instanceof RevertError);
        assert.equal(e.reason, 'constructor says no', 'the revert bubbles through new');
        // The failing code is Picky's, not the Maker creation code this source map describes.
        assert.equal(e.location, undefined);
        hash = e.transactionHash!;
        return true;
      },
    );
    const d = await getDevnodeDiagnostics(client, hash);
    assert.equal(d?.failure?.create, true);
    assert.equal(d?.failure?.depth, 1);
    const initCode = d.failure.initCode!;
    assert.equal(matchesCreationCode(initCode, p.evm.bytecode.object), true);
    assert.equal(
      findCreationCode(initCode, [{ bytecode: m.evm.bytecode.object }, { bytecode: p.evm.bytecode.object }])
        ?.bytecode,
      p.evm.bytecode.object,
    );
    const loc = locateInCreationCode(
      d.failure.pc,
      initCode,
      { bytecode: p.evm.bytecode.object, sourceMap: p.evm.bytecode.sourceMap },
      compiled.sources,
    );
    assert.equal(
      loc && formatLocation('Picky', loc),
      `Picky.constructor (Debug.sol:${lineOf('require(n < 10')})`,
    );
  });

  it('an unknown transaction hash has no diagnostics', async () => {
    assert.equal(await getDevnodeDiagnostics(client, '0x' + '00'.repeat(32)), null);
  });
});
