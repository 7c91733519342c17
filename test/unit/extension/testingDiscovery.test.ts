// Quick parse of .t.sol files for the Test Explorer tree: suites are contracts named …Test, cases
// public/external test… functions without parameters, with the source ranges failures point at.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blankCommentsAndStrings, discoverTests } from '../../../src/extension/testing/discovery';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "./Token.sol";

/* contract CommentedOutTest { function testNo() public {} } */
interface ITest { function testInInterface() external; }
abstract contract BaseTest { function testInAbstract() public {} }
library LibTest { function testInLibrary() public {} }

contract TokenTest is BaseTest {
    string constant FAKE = "function testInString() public {}";
    function setUp() public {}
    function testTransfer() public {
        if (true) { uint256 x = 1; x; }
    }
    function testFuzz(uint256 amount) public {}
    function testPrivate() private {}
    function testInternalOne() internal {}
    function   testSpaced ( )
        external
        view
    {
    }
    // function testInLineComment() public {}
    function helperTest() public {}
    function testDeclared() public virtual;
}

contract Helper {
    function testNotInASuite() public {}
}

contract SecondTest { function testOne() public {} function testTwo() external {} }
`;

describe('test discovery', () => {
  const suites = discoverTests(SOURCE);

  it('finds contracts named …Test, skipping interfaces, abstract contracts, libraries and comments', () => {
    assert.deepEqual(
      suites.map((s) => s.name),
      ['TokenTest', 'SecondTest'],
    );
  });

  it('finds public/external test… functions without parameters, in source order', () => {
    assert.deepEqual(
      suites[0].tests.map((t) => t.name),
      ['testTransfer', 'testSpaced', 'testDeclared'],
    );
    assert.deepEqual(
      suites[1].tests.map((t) => t.name),
      ['testOne', 'testTwo'],
    );
    assert.equal(suites[0].hasSetUp, true);
    assert.equal(suites[1].hasSetUp, false);
  });

  it('gives 0-based ranges of names and bodies', () => {
    const lines = SOURCE.split('\n');
    const suite = suites[0];
    assert.equal(
      lines[suite.nameRange.start.line].slice(suite.nameRange.start.character, suite.nameRange.end.character),
      'TokenTest',
    );
    const transfer = suite.tests[0];
    assert.equal(transfer.nameRange.start.line, 12);
    assert.equal(
      lines[12].slice(transfer.nameRange.start.character, transfer.nameRange.end.character),
      'testTransfer',
    );
    assert.deepEqual(transfer.range.start, { line: 12, character: 4 });
    assert.deepEqual(transfer.range.end, { line: 14, character: 5 });
    const spaced = suite.tests[1];
    assert.equal(
      lines[spaced.nameRange.start.line].slice(
        spaced.nameRange.start.character,
        spaced.nameRange.end.character,
      ),
      'testSpaced',
    );
    assert.equal(spaced.range.end.line, 22);
    const second = suites[1];
    assert.equal(
      second.range.start.line,
      lines.findIndex((l) => l.startsWith('contract SecondTest')),
    );
    assert.equal(
      lines[second.tests[1].nameRange.start.line].slice(
        second.tests[1].nameRange.start.character,
        second.tests[1].nameRange.end.character,
      ),
      'testTwo',
    );
  });

  it('blanks comments and strings without moving offsets', () => {
    const text = 'a // b\n/* c\n d */ "e\\"f" \'g\' h';
    const blanked = blankCommentsAndStrings(text);
    assert.equal(blanked.length, text.length);
    assert.equal(blanked.split('\n').length, text.split('\n').length);
    assert.doesNotMatch(blanked, /[bcdefg]/);
    assert.match(blanked, /^a .*h$/s);
  });

  it('copes with unfinished sources while typing', () => {
    assert.deepEqual(discoverTests('contract HalfTest { function testA() public { '), [
      {
        name: 'HalfTest',
        nameRange: { start: { line: 0, character: 9 }, end: { line: 0, character: 17 } },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 47 } },
        tests: [
          {
            name: 'testA',
            nameRange: { start: { line: 0, character: 29 }, end: { line: 0, character: 34 } },
            range: { start: { line: 0, character: 20 }, end: { line: 0, character: 46 } },
          },
        ],
        hasSetUp: false,
      },
    ]);
    assert.deepEqual(discoverTests(''), []);
    assert.deepEqual(discoverTests('contract NoBodyTest'), []);
  });
});
