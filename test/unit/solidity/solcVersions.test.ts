// Choosing solc from `pragma solidity` (newest available that satisfies every file of the
// closure, else the newest release to download), pins, and FISCO BCOS evmVersion defaults.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chooseVersion,
  evmVersionFor,
  KNOWN_RELEASES,
  pragmaRanges,
} from '../../../src/langserver/solcVersions';

const LOCAL = ['0.8.37', '0.8.11', '0.6.10', '0.5.2', '0.4.25'];

describe('pragma ranges', () => {
  it('reads every pragma solidity, ignoring comments', () => {
    const src =
      '// pragma solidity 0.1.0;\n/* pragma solidity 0.2.0; */\npragma solidity >=0.4.22 <0.9.0;\npragma solidity ^0.6.0;';
    assert.deepEqual(pragmaRanges(src), ['>=0.4.22 <0.9.0', '^0.6.0']);
  });
});

describe('chooseVersion', () => {
  it('picks the newest available version satisfying all ranges', () => {
    assert.equal(chooseVersion(['^0.8.0'], LOCAL).version, '0.8.37');
    assert.equal(chooseVersion(['>=0.4.22 <0.9.0', '^0.6.0'], LOCAL).version, '0.6.10');
    assert.equal(chooseVersion(['0.5.2'], LOCAL).version, '0.5.2');
    assert.equal(chooseVersion(['>= 0.4.24 < 0.5.0'], LOCAL).version, '0.4.25');
    assert.equal(chooseVersion([], LOCAL).version, '0.8.37');
    assert.equal(chooseVersion(['^0.6.10'], LOCAL).download, false);
  });

  it('falls back to the newest release, to download, when nothing local fits', () => {
    assert.deepEqual(
      { ...chooseVersion(['^0.7.0'], LOCAL), reason: '' },
      { version: '0.7.6', download: true, reason: '' },
    );
    assert.equal(chooseVersion(['0.8.20'], LOCAL).version, '0.8.20');
    assert.ok(!KNOWN_RELEASES.includes('0.4.12'));
  });

  it('honours a pin, downloading it when needed, and says when it contradicts the pragma', () => {
    assert.deepEqual(chooseVersion(['^0.8.0'], LOCAL, '0.8.11').download, false);
    const pinned = chooseVersion(['^0.6.0'], LOCAL, '0.6.12');
    assert.equal(pinned.download, true);
    assert.match(chooseVersion(['^0.6.0'], LOCAL, '0.8.11').reason, /pragma asks for \^0\.6\.0/);
  });

  it('refuses impossible or invalid input with a clear error', () => {
    assert.throws(
      () => chooseVersion(['^0.9.0'], LOCAL),
      /No solc release satisfies pragma solidity \^0\.9\.0/,
    );
    assert.throws(() => chooseVersion(['^0.8.0', '^0.6.0'], LOCAL), /No solc release/);
    assert.throws(() => chooseVersion(['banana'], LOCAL), /not a valid version range/);
    assert.throws(() => chooseVersion([], LOCAL, 'latest'), /fiscoBcos\.solc\.version is "latest"/);
  });
});

describe('evmVersionFor (FISCO BCOS defaults)', () => {
  it('uses what the console versions default to and never Shanghai or later by default', () => {
    assert.equal(evmVersionFor('0.4.25'), 'byzantium');
    assert.equal(evmVersionFor('0.5.2'), 'byzantium');
    assert.equal(evmVersionFor('0.6.10'), 'istanbul');
    assert.equal(evmVersionFor('0.8.11'), 'london');
    assert.equal(evmVersionFor('0.8.37'), 'paris');
  });

  it('keeps a configured evmVersion the compiler knows, else the default', () => {
    assert.equal(evmVersionFor('0.8.37', 'cancun'), 'cancun');
    assert.equal(evmVersionFor('0.6.10', 'paris'), 'istanbul');
  });
});
