import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindAbi, decodeRevertReason, encodeRevertReason } from '../../../src/protocol/builtin/abi';
import { BFS_ABI, BFS_SIG } from '../../../src/protocol/builtin/bfs';
import { CONSENSUS_ABI, CONSENSUS_SIG } from '../../../src/protocol/builtin/consensus';
import { SYS_CONFIG_ABI, SYS_CONFIG_SIG } from '../../../src/protocol/builtin/sysconfig';
import {
  KV_TABLE_ABI,
  TABLE_ABI,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  TABLE_SIG,
} from '../../../src/protocol/builtin/tables';
import { keccakHasher, sm3Hasher } from './hashers';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

// [abi, signature, keccak, sm3] from precompiled.md §2-§5.
const cases: [readonly string[], string, string, string][] = [
  [BFS_ABI, BFS_SIG.list, 'fe42bf1a', '6cd2749f'],
  [BFS_ABI, BFS_SIG.listPaged, '912f3095', '79588aee'],
  [BFS_ABI, BFS_SIG.mkdir, '876b0eb2', '1d7fd3ad'],
  [BFS_ABI, BFS_SIG.link, '8df118af', 'a1bf62e3'],
  [BFS_ABI, BFS_SIG.linkNameVersion, 'e19c2fcf', '48fd6f59'],
  [BFS_ABI, BFS_SIG.readlink, '1d05a836', 'e1b825ad'],
  [CONSENSUS_ABI, CONSENSUS_SIG.addSealer, '35916856', '50f4c509'],
  [CONSENSUS_ABI, CONSENSUS_SIG.addObserver, '2800efc0', '25e85d16'],
  [CONSENSUS_ABI, CONSENSUS_SIG.remove, '80599e4b', '86b733f9'],
  [CONSENSUS_ABI, CONSENSUS_SIG.setWeight, 'ce6fa5c5', '9fdc9df8'],
  [SYS_CONFIG_ABI, SYS_CONFIG_SIG.setValueByKey, 'bd291aef', '0749b518'],
  [SYS_CONFIG_ABI, SYS_CONFIG_SIG.getValueByKey, '1258a93a', '61077441'],
  [TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createTable, '31a5a51e', 'cadb6462'],
  [TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createKVTable, 'b0e89adb', '94558dab'],
  [TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.openTable, 'f23f63c9', '59a48b65'],
  [TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.desc, '5d0d6d54', 'b885d5ac'],
  [TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.descWithKeyOrder, 'b8764d3f', 'c37736e2'],
  [KV_TABLE_ABI, 'get(string)', '693ec85e', '7b1b8e03'],
  [KV_TABLE_ABI, 'set(string,string)', 'e942b516', '1a391cb4'],
  [TABLE_ABI, TABLE_SIG.select, '2a922441', '087c36d3'],
  [TABLE_ABI, TABLE_SIG.count, 'da46335f', '74103da6'],
  [TABLE_ABI, TABLE_SIG.insert, '5c6e105f', '4c8b9530'],
  [TABLE_ABI, TABLE_SIG.update, '9924c17e', '0341b283'],
  [TABLE_ABI, TABLE_SIG.removeByKey, '80599e4b', '86b733f9'],
  [TABLE_ABI, TABLE_SIG.remove, 'a7260717', '39c964e1'],
];

test('selectors match the reference for keccak and SM3 chains', () => {
  for (const [abi, sig, keccak, sm] of cases) {
    assert.equal(hex(bindAbi(abi, keccakHasher).selector(sig)), keccak, sig);
    assert.equal(hex(bindAbi(abi, sm3Hasher).selector(sig)), sm, sig);
  }
});

test('calls round-trip and unknown selectors decode to undefined', () => {
  const abi = bindAbi(BFS_ABI, sm3Hasher);
  const input = abi.encodeCall(BFS_SIG.listPaged, ['/apps', 5n, 10n]);
  const decoded = abi.decodeCall(input)!;
  assert.equal(decoded.signature, BFS_SIG.listPaged);
  assert.deepEqual([...decoded.args], ['/apps', 5n, 10n]);
  assert.equal(bindAbi(BFS_ABI, keccakHasher).decodeCall(input), undefined);
});

test('Error(string) uses the chain selector and decodes either', () => {
  const k = encodeRevertReason('boom', keccakHasher);
  const s = encodeRevertReason('boom', sm3Hasher);
  assert.equal(hex(k.subarray(0, 4)), '08c379a0');
  assert.equal(hex(s.subarray(0, 4)), 'c703cb12');
  assert.equal(decodeRevertReason(k), 'boom');
  assert.equal(decodeRevertReason(s), 'boom');
  assert.equal(decodeRevertReason(new Uint8Array(3)), undefined);
});
