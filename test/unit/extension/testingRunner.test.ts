// The Solidity test runner against an in-process devnode: the sample workspace's
// test/Counter.t.sol passes, and a fixture suite shows every failure kind with its decoded reason
// (Error(string), Panic, custom errors, setUp failures), gas used, and per-test fresh state.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { buildInput, readOutput, type CompiledContract } from '../../../src/extension/compile/solcIO';
import { discoverTests } from '../../../src/extension/testing/discovery';
import {
  formatResultLine,
  isLoopbackUrl,
  runTestSuite,
  summarise,
  testCasesOf,
  testSuitesOf,
  type TestRunEvent,
} from '../../../src/extension/testing/testRunner';

const workspace = join(__dirname, '..', '..', '..', 'samples', 'workspace');

/** Compiles like the extension's compiler (solcIO input, imports from the workspace root). */
function compile(unit: string, content: string, root: string): CompiledContract[] {
  const solc = require('solc');
  const output = solc.compile(buildInput({ [unit]: content }, { evmVersion: 'paris', optimizer: false }), {
    import: (p: string) => {
      try {
        return { contents: readFileSync(join(root, p), 'utf8') };
      } catch {
        return { error: `File not found: ${p}` };
      }
    },
  });
  const { contracts, problems } = readOutput(output);
  const errors = problems.filter((p) => p.severity === 'error');
  assert.deepEqual(errors, [], 'the fixture compiles');
  return contracts.filter((c) => c.source === unit);
}

const FIXTURE = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

error NotEnough(uint256 have, uint256 want);

contract Box {
    uint256 public value;
    error Locked(address by);
    function put(uint256 v) public { if (v == 13) revert Locked(msg.sender); value = v; }
}

contract FixtureTest {
    Box box;
    uint256 counter;

    function setUp() public {
        box = new Box();
        box.put(7);
    }

    function testPasses() public {
        require(box.value() == 7, "setUp should have stored 7");
        box.put(8);
        counter += 1;
    }

    function testFreshState() public view {
        // testPasses runs first (the order the runner is given) and bumps the counter on its own deployment.
        require(counter == 0, "state leaked between tests");
    }

    function testFailsWithReason() public pure {
        require(1 + 1 == 3, "math is broken");
    }

    function testPanics() public pure {
        assert(false);
    }

    function testDividesByZero() public view {
        uint256 z = box.value() - 7;
        uint256 r = 1 / z;
        r;
    }

    function testCustomError() public view {
        revert NotEnough(box.value(), 100);
    }

    function testBubbledCustomError() public {
        box.put(13);
    }

    function testRevertsWithoutReason() public pure {
        revert();
    }

    function testWithParam(uint256 x) public pure { x; }
    function helper() public pure returns (uint256) { return 1; }
    function testInternal() internal pure {}
}

contract BrokenSetUpTest {
    function setUp() public { revert("setUp is broken"); }
    function testNeverRuns() public pure {}
}

contract NotASuite {
    function testIgnored() public pure {}
}
`;

let node: Devnode;
let api: SdkChainApi;
let signer: Signer;

before(async () => {
  node = await startDevnode({ port: 0, accounts: 2, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
});

after(async () => {
  api?.close();
  await node?.stop();
});

describe('Solidity test runner', () => {
  it('runs the sample workspace test/Counter.t.sol: every test passes, with gas used', async () => {
    const text = readFileSync(join(workspace, 'test', 'Counter.t.sol'), 'utf8');
    const contracts = compile('test/Counter.t.sol', text, workspace);
    const suites = testSuitesOf(contracts);
    assert.deepEqual(
      suites.map((s) => s.name),
      ['CounterTest'],
    );
    // The quick parse (tree) and the compiled ABI (run) agree on the cases.
    const discovered = discoverTests(text);
    // (solc lists ABI functions by name; discovery keeps source order.)
    assert.deepEqual(
      discovered.map((s) => s.tests.map((t) => t.name).sort()),
      [testCasesOf(suites[0]).sort()],
    );
    const events: TestRunEvent[] = [];
    const results = await runTestSuite({ api, signer, contract: suites[0], onEvent: (e) => events.push(e) });
    assert.deepEqual(
      results.map((r) => [r.test, r.passed, r.message]),
      testCasesOf(suites[0]).map((t) => [t, true, undefined]),
    );
    for (const r of results) {
      assert.ok(Number(r.gasUsed) > 0, `gas reported for ${r.test}`);
      assert.match(r.transactionHash ?? '', /^0x[0-9a-f]{64}$/);
    }
    assert.equal(events.filter((e) => e.type === 'started').length, 4);
    assert.equal(events.filter((e) => e.type === 'finished').length, 4);
    assert.ok(
      events.some((e) => e.type === 'output' && /Deployed CounterTest at 0x[0-9a-f]{40}/.test(e.text)),
    );
    assert.ok(events.some((e) => e.type === 'output' && /setUp\(\) · gas \d+/.test(e.text)));
    assert.match(summarise(results), /^4 passed, 0 failed · total gas \d+$/);
  });

  it('fails tests with the decoded reason: Error(string), Panic, custom errors, bare revert', async () => {
    const contracts = compile('test/Fixture.t.sol', FIXTURE, workspace);
    const suites = testSuitesOf(contracts);
    assert.deepEqual(suites.map((s) => s.name).sort(), ['BrokenSetUpTest', 'FixtureTest']);
    const fixture = suites.find((s) => s.name === 'FixtureTest')!;
    // testWithParam (a parameter) and testInternal (not callable) are not test cases.
    assert.deepEqual(testCasesOf(fixture).sort(), [
      'testBubbledCustomError',
      'testCustomError',
      'testDividesByZero',
      'testFailsWithReason',
      'testFreshState',
      'testPanics',
      'testPasses',
      'testRevertsWithoutReason',
    ]);
    const others = contracts.filter((c) => c !== fixture).map((c) => c.abi);
    const results = await runTestSuite({
      api,
      signer,
      contract: fixture,
      errorAbis: others,
      tests: [
        'testPasses',
        'testFreshState',
        'testFailsWithReason',
        'testPanics',
        'testDividesByZero',
        'testCustomError',
        'testBubbledCustomError',
        'testRevertsWithoutReason',
      ],
    });
    const by = Object.fromEntries(results.map((r) => [r.test, r]));
    assert.equal(by.testPasses.passed, true);
    assert.equal(by.testFreshState.passed, true, by.testFreshState.message);
    assert.equal(by.testFailsWithReason.passed, false);
    assert.equal(by.testFailsWithReason.message, 'reverted: math is broken');
    assert.equal(by.testFailsWithReason.status, 16);
    assert.equal(by.testPanics.message, 'panic 0x1: assertion failed');
    assert.equal(by.testDividesByZero.message, 'panic 0x12: division or modulo by zero');
    assert.equal(by.testCustomError.message, 'reverted with NotEnough(have=7, want=100)');
    assert.match(by.testBubbledCustomError.message ?? '', /^reverted with Locked\(by=0x[0-9a-fA-F]{40}\)$/);
    assert.equal(by.testRevertsWithoutReason.message, 'reverted without a reason');
    for (const r of results) assert.ok(Number(r.gasUsed) > 0, `gas reported for ${r.test}`);
    assert.match(
      formatResultLine(by.testFailsWithReason),
      /^✗ FixtureTest\.testFailsWithReason · gas \d+ · tx 0x[0-9a-f]{64} — reverted: math is broken$/,
    );
    assert.match(
      formatResultLine(by.testPasses),
      /^✓ FixtureTest\.testPasses · gas \d+ · tx 0x[0-9a-f]{64}$/,
    );
    assert.match(summarise(results), /^2 passed, 6 failed/);
  });

  it('shares one deployment when asked, so state carries over between tests', async () => {
    const fixture = testSuitesOf(compile('test/Fixture.t.sol', FIXTURE, workspace)).find(
      (s) => s.name === 'FixtureTest',
    )!;
    const results = await runTestSuite({
      api,
      signer,
      contract: fixture,
      tests: ['testPasses', 'testFreshState'],
      freshStatePerTest: false,
    });
    assert.equal(results[0].passed, true);
    assert.equal(results[1].passed, false);
    assert.equal(results[1].message, 'reverted: state leaked between tests');
  });

  it('fails every test of a suite whose setUp() reverts, naming setUp', async () => {
    const broken = testSuitesOf(compile('test/Fixture.t.sol', FIXTURE, workspace)).find(
      (s) => s.name === 'BrokenSetUpTest',
    )!;
    const results = await runTestSuite({ api, signer, contract: broken });
    assert.deepEqual(
      results.map((r) => [r.test, r.passed, r.message]),
      [['testNeverRuns', false, 'setUp() failed: reverted: setUp is broken']],
    );
  });

  it('stops between tests when cancelled', async () => {
    const fixture = testSuitesOf(compile('test/Fixture.t.sol', FIXTURE, workspace)).find(
      (s) => s.name === 'FixtureTest',
    )!;
    let finished = 0;
    const results = await runTestSuite({
      api,
      signer,
      contract: fixture,
      onEvent: (e) => e.type === 'finished' && finished++,
      isCancelled: () => finished >= 1,
    });
    assert.equal(results.length, 1);
  });

  it('treats only loopback URLs as local', () => {
    for (const url of [
      'http://127.0.0.1:20200',
      'http://localhost:8545',
      'https://[::1]:20200',
      '127.0.0.2:20200',
    ])
      assert.equal(isLoopbackUrl(url), true, url);
    for (const url of [
      'http://10.0.0.5:20200',
      'https://node.example.com',
      'http://127.example.com',
      'not a url at all ::',
    ])
      assert.equal(isLoopbackUrl(url), false, url);
  });
});
