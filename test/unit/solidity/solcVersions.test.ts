// Choosing solc from `pragma solidity`: the newest release (from a recorded copy of the npm
// registry's `solc` metadata, fixtures/solc-registry-metadata.json) that satisfies every file of
// the closure; offline, the newest installed one; pins; and FISCO BCOS evmVersion defaults.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chooseVersion,
  evmVersionFor,
  KNOWN_RELEASES,
  pragmaRanges,
} from '../../../src/langserver/solcVersions';
import { releasesFromMetadata } from '../../../src/langserver/solcReleases';

const RELEASES = releasesFromMetadata(
  readFileSync(join(__dirname, 'fixtures', 'solc-registry-metadata.json'), 'utf8'),
);

const LOCAL = ['0.8.37', '0.8.11', '0.6.10', '0.5.2', '0.4.25'];

describe('pragma ranges', () => {
  it('reads every pragma solidity, ignoring comments', () => {
    const src =
      '// pragma solidity 0.1.0;\n/* pragma solidity 0.2.0; */\npragma solidity >=0.4.22 <0.9.0;\npragma solidity ^0.6.0;';
    assert.deepEqual(pragmaRanges(src), ['>=0.4.22 <0.9.0', '^0.6.0']);
  });
});

describe('chooseVersion', () => {
  it('picks the newest release satisfying all ranges, downloading it when not installed', () => {
    const pick = (ranges: string[]) => chooseVersion(ranges, { available: LOCAL, releases: RELEASES });
    // Installed versions do not win over a newer release: ^0.6.0 is 0.6.12, not the installed 0.6.10.
    assert.deepEqual(
      { ...pick(['>=0.4.22 <0.9.0', '^0.6.0']), reason: '' },
      { version: '0.6.12', download: true, reason: '' },
    );
    assert.equal(pick(['>= 0.4.24 < 0.5.0']).version, '0.4.26');
    assert.equal(pick(['^0.7.0']).version, '0.7.6');
    // The newest release that is installed needs no download.
    assert.deepEqual({ ...pick(['^0.8.0']), reason: '' }, { version: '0.8.37', download: false, reason: '' });
    assert.equal(pick([]).version, '0.8.37');
    assert.deepEqual({ ...pick(['0.5.2']), reason: '' }, { version: '0.5.2', download: false, reason: '' });
    assert.match(pick(['^0.6.0']).reason, /newest release for pragma solidity \^0\.6\.0/);
    // The registry's "0.8.7-fixed" rebuild is not a release the range picks.
    assert.equal(pick(['<=0.8.7 >0.8.6']).version, '0.8.7');
  });

  it('takes a newer release the registry lists than this build knows of', () => {
    const releases = ['0.8.38', ...RELEASES];
    assert.deepEqual(
      { ...chooseVersion(['^0.8.0'], { available: LOCAL, releases }), reason: '' },
      { version: '0.8.38', download: true, reason: '' },
    );
  });

  it('offline (no release list): the newest installed version, flagged when a newer one could fit', () => {
    const offline = (ranges: string[]) => chooseVersion(ranges, { available: LOCAL });
    assert.deepEqual(
      { ...offline(['^0.6.0']), reason: '' },
      { version: '0.6.10', download: false, offline: true, reason: '' },
    );
    assert.equal(offline(['>= 0.4.24 < 0.5.0']).version, '0.4.25');
    // An exact pragma cannot be served better online: nothing to say.
    assert.equal(offline(['0.5.2']).offline, undefined);
    // Nothing installed fits: the newest release this build knows, to download.
    assert.deepEqual(
      { ...offline(['^0.7.0']), reason: '' },
      { version: '0.7.6', download: true, reason: '' },
    );
    assert.ok(!KNOWN_RELEASES.includes('0.4.12'));
  });

  it('honours a pin, downloading it when needed, and says when it contradicts the pragma', () => {
    const sources = (pinned: string) => ({ available: LOCAL, releases: RELEASES, pinned });
    assert.deepEqual(chooseVersion(['^0.8.0'], sources('0.8.11')).version, '0.8.11');
    assert.deepEqual(chooseVersion(['^0.8.0'], sources('0.8.11')).download, false);
    const pinned = chooseVersion(['^0.6.0'], sources('0.6.12'));
    assert.equal(pinned.download, true);
    assert.match(chooseVersion(['^0.6.0'], sources('0.8.11')).reason, /pragma asks for \^0\.6\.0/);
  });

  it('refuses impossible or invalid input with a clear error', () => {
    const online = { available: LOCAL, releases: RELEASES };
    assert.throws(
      () => chooseVersion(['^0.9.0'], online),
      /No solc release satisfies pragma solidity \^0\.9\.0/,
    );
    assert.throws(() => chooseVersion(['^0.9.0'], { available: LOCAL }), /No solc release/);
    assert.throws(() => chooseVersion(['^0.8.0', '^0.6.0'], online), /No solc release/);
    assert.throws(() => chooseVersion(['banana'], online), /not a valid version range/);
    assert.throws(
      () => chooseVersion([], { ...online, pinned: 'latest' }),
      /fiscoBcos\.solc\.version is "latest"/,
    );
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
