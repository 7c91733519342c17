// SDK-side checks of the consensus and system-config services, against a scripted transport:
// a failing check must reject before anything is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../../src/client/client';
import type { Transport } from '../../../src/client/transport/types';
import { ConsensusService } from '../../../src/client/services/consensus';
import { normalizeConfigValue } from '../../../src/client/services/system-config';
import { linkPathArgument } from '../../../src/client/services/bfs';
import { decodeBfsList } from '../../../src/protocol/builtin/bfs';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { BFS_ABI, BFS_SIG } from '../../../src/protocol/builtin/bfs';
import { generateAccount } from '../../../src/protocol/account';
import { keccakHasher } from './hashers';

const SEALER = 'a'.repeat(128);
const OBSERVER = 'b'.repeat(128);

function scripted(blockOfObserver: number, highest: number): { transport: Transport; sent: string[] } {
  const sent: string[] = [];
  const answers: Record<string, unknown> = {
    getGroupPeers: [SEALER, OBSERVER],
    getSealerList: [{ nodeID: SEALER, weight: 1 }],
    getObserverList: [OBSERVER],
    getBlockNumber: highest,
    getSystemConfigByKey: { value: '0', blockNumber: 0 },
    getSyncStatus: JSON.stringify({
      blockNumber: highest,
      knownHighestNumber: highest,
      nodeID: SEALER,
      peers: [{ nodeID: OBSERVER, blockNumber: blockOfObserver }],
    }),
  };
  const transport: Transport = {
    url: 'scripted://',
    async request<T>(method: string): Promise<T> {
      sent.push(method);
      if (!(method in answers)) throw new Error(`unexpected ${method}`);
      return answers[method] as T;
    },
    close() {},
  };
  return { transport, sent };
}

test('an observer more than 10 blocks behind cannot become a sealer', async () => {
  const { transport, sent } = scripted(89, 100);
  const service = new ConsensusService(new Client({ group: 'group0', transport }), generateAccount());
  await assert.rejects(service.addSealer(OBSERVER, 1), /more than 10 blocks behind 100/);
  assert.ok(!sent.includes('sendTransaction'));
});

test('an observer within 10 blocks passes the checks and goes on to build the transaction', async () => {
  const { transport, sent } = scripted(90, 100);
  const service = new ConsensusService(new Client({ group: 'group0', transport }), generateAccount());
  // The script has no getGroupInfo: the first step of signing the transaction.
  await assert.rejects(service.addSealer(OBSERVER, 1), /unexpected getGroupInfo/);
  assert.ok(sent.includes('getSyncStatus') && sent.includes('getSystemConfigByKey'));
});

test('node ids must be 128 hex digits', async () => {
  const { transport, sent } = scripted(100, 100);
  const service = new ConsensusService(new Client({ group: 'group0', transport }), generateAccount());
  await assert.rejects(service.addObserver('ab'.repeat(63)), /invalid node ID/);
  await assert.rejects(service.removeNode('z'.repeat(128)), /invalid node ID/);
  assert.deepEqual(sent, []);
});

test('system config values are checked and tx_gas_price goes as hex', () => {
  assert.throws(() => normalizeConfigValue('tx_count_limit', '0'), /no less than 1/);
  assert.throws(() => normalizeConfigValue('consensus_leader_period', '1.5'), /integer/);
  assert.throws(() => normalizeConfigValue('tx_gas_limit', '99999'), /no less than 100000/);
  assert.equal(normalizeConfigValue('tx_gas_price', '255'), '0xff');
  assert.equal(normalizeConfigValue('tx_gas_price', '0x10'), '0x10');
  assert.throws(() => normalizeConfigValue('tx_gas_price', '-1'), /non-negative/);
  assert.equal(normalizeConfigValue('compatibility_version', '3.16.4'), '3.16.4');
});

test('3-argument link paths are sent relative to /apps', () => {
  assert.equal(linkPathArgument('/apps/Hello/v1'), 'Hello/v1');
  assert.equal(linkPathArgument('Hello/v1'), 'Hello/v1');
  assert.throws(() => linkPathArgument('/tables/t'), /under \/apps/);
});

test('the hand-written list decoder agrees with the ABI', () => {
  const abi = bindAbi(BFS_ABI, keccakHasher);
  const entries = [
    ['a', 'directory', ['0', '0', '', '', '']],
    ['ü-link', 'link', ['ab'.repeat(20), '[{"x":1}]']],
  ];
  const out = abi.encodeResult(BFS_SIG.listPaged, [-53001n, entries]);
  const decoded = decodeBfsList(out);
  assert.equal(decoded.code, -53001n);
  assert.deepEqual(
    decoded.entries,
    entries.map(([fileName, fileType, ext]) => ({ fileName, fileType, ext })),
  );
  assert.throws(() => decodeBfsList(out.subarray(0, 100)), RangeError);
});
