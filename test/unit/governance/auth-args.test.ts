import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as arg from '../../../src/client/services/auth-args';
import { checkSysConfigValue } from '../../../src/client/services/auth-proposal-checks';
import { committeeInfoFrom, proposalInfoFrom } from '../../../src/client/services/auth-models';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';

test('method selectors: bytes, hex, or a signature hashed with the chain hash', () => {
  assert.equal(arg.methodSelector('op', Uint8Array.from([0x60, 0xfe, 0x47, 0xb1]), ecdsaSuite), '0x60fe47b1');
  assert.equal(arg.methodSelector('op', '0x60FE47B1', ecdsaSuite), '0x60fe47b1');
  assert.equal(arg.methodSelector('op', 'set(uint256)', ecdsaSuite), '0x60fe47b1');
  assert.notEqual(arg.methodSelector('op', 'set(uint256)', smSuite), '0x60fe47b1');
  assert.throws(
    () => arg.methodSelector('op', Uint8Array.from([1, 2]), ecdsaSuite),
    /op: func must be 4 bytes/,
  );
  assert.throws(() => arg.methodSelector('op', 'set', ecdsaSuite), /4-byte selector or a function signature/);
});

test('ranges: rates 0..100, weights uint32, ACL types 1 or 2, 128-hex node ids', () => {
  assert.equal(arg.rate('setRate', 'winRate', 100), 100);
  assert.throws(() => arg.rate('setRate', 'winRate', -1), /setRate: winRate must be in 0\.\.100, got -1/);
  assert.throws(() => arg.weight('updateGovernor', 2 ** 32), /weight must be in 0\.\.4294967295/);
  assert.throws(() => arg.weight('updateGovernor', 1.5), /weight must be an integer/);
  assert.throws(
    () => arg.listType('setDeployAuthType', 0),
    /authType must be 1 \(white_list\) or 2 \(black_list\)/,
  );
  assert.equal(arg.listType('setDeployAuthType', 2), 2);
  assert.equal(arg.nodeId('rm', 'AB'.repeat(64)), 'ab'.repeat(64));
  assert.throws(() => arg.nodeId('rm', 'ab'), /node id must be 128 hex digits/);
  assert.throws(() => arg.proposalId('vote', -1), /proposalId must be a uint256/);
  assert.throws(() => arg.flag('vote', 'agree', 'yes'), /agree must be a boolean/);
});

test('system config values are checked as the Java SDK checks them', () => {
  checkSysConfigValue('tx_count_limit', '1');
  checkSysConfigValue('compatibility_version', '3.16.4');
  assert.throws(
    () => checkSysConfigValue('tx_count_limit', '0'),
    /Invalid value "0" for tx_count_limit, please check valid range\./,
  );
  assert.throws(() => checkSysConfigValue('tx_gas_limit', '99999'), /tx_gas_limit/);
  assert.throws(() => checkSysConfigValue('consensus_leader_period', 'x'), /consensus_leader_period/);
});

test('committee and proposal tuples become the Java SDK models with lowercase addresses', () => {
  const A = '0xAbCdEf0000000000000000000000000000000001';
  assert.deepEqual(committeeInfoFrom([50n, 60n, [A], [3n]]), {
    governorList: [{ governorAddress: A.toLowerCase(), weight: 3 }],
    participatesRate: 50,
    winRate: 60,
  });
  assert.deepEqual(proposalInfoFrom([A, A, 41n, 100n, 1n, [A], []]), {
    resourceId: A.toLowerCase(),
    proposer: A.toLowerCase(),
    proposalType: 41,
    blockNumberInterval: 100n,
    status: 1,
    agreeVoters: [A.toLowerCase()],
    againstVoters: [],
  });
});
