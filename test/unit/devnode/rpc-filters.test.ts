// The filter API (newBlockFilter … getLogs): quantities, polling, log shape and error texts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { call, deployCode, EMIT_LOG, result, signedTx } from './rpc-helpers';

const G = 'group0';
const TOPIC = '0x' + '11'.repeat(32);
type Obj = Record<string, unknown>;

describe('filter methods', () => {
  let node: Devnode;
  let logger: string;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 1, accounts: 1, logLevel: 'silent' });
    logger = (
      await result<{ contractAddress: string }>(node, 'sendTransaction', [
        G,
        '',
        signedTx(node, { input: deployCode(EMIT_LOG) }),
        false,
      ])
    ).contractAddress;
  });
  after(() => node.stop());

  const emit = () =>
    result<{ transactionHash: string; blockNumber: number }>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { to: logger, input: '0x' }),
      false,
    ]);

  it('block and pending-transaction filters report what arrived since the last poll', async () => {
    const blocks = await result<string>(node, 'newBlockFilter', [G]);
    const pending = await result<string>(node, 'newPendingTransactionFilter', [G]);
    assert.match(blocks, /^0x[1-9a-f][0-9a-f]*$/);
    assert.deepEqual(await result(node, 'getFilterChanges', [G, blocks]), []);
    const tx = await emit();
    const hash = await result<string>(node, 'getBlockHashByNumber', [G, '', tx.blockNumber]);
    assert.deepEqual(await result(node, 'getFilterChanges', [G, blocks]), [hash]);
    assert.deepEqual(await result(node, 'getFilterChanges', [G, blocks]), []);
    assert.deepEqual(await result(node, 'getFilterChanges', [G, pending]), [tx.transactionHash]);
    assert.equal(await result(node, 'uninstallFilter', [G, blocks]), true);
    assert.equal(await result(node, 'uninstallFilter', [G, blocks]), false);
    assert.deepEqual((await call(node, 'getFilterChanges', [G, blocks])).error, {
      code: -32602,
      message: 'filter not found',
    });
  });

  it('log filters and getLogs match address and topics; logs use 0x addresses and quantities', async () => {
    const filter = await result<string>(node, 'newFilter', [
      G,
      {
        fromBlock: 'latest',
        toBlock: 'latest',
        address: [logger.toUpperCase().replace('0X', '0x')],
        topics: [[TOPIC]],
      },
    ]);
    const other = await result<string>(node, 'newFilter', [
      G,
      { fromBlock: 'latest', toBlock: 'latest', address: [], topics: ['0x' + '22'.repeat(32)] },
    ]);
    const tx = await emit();
    const logs = await result<Obj[]>(node, 'getFilterChanges', [G, filter]);
    assert.equal(logs.length, 1);
    assert.deepEqual(Object.keys(logs[0]).sort(), [
      'address',
      'blockHash',
      'blockNumber',
      'data',
      'logIndex',
      'removed',
      'topics',
      'transactionHash',
      'transactionIndex',
    ]);
    assert.equal(logs[0].address, logger);
    assert.equal(logs[0].blockNumber, '0x' + tx.blockNumber.toString(16));
    assert.equal(logs[0].logIndex, '0x0');
    assert.equal(logs[0].transactionIndex, '0x0');
    assert.equal(logs[0].transactionHash, tx.transactionHash);
    assert.equal(logs[0].removed, false);
    assert.deepEqual(logs[0].topics, [TOPIC]);
    assert.deepEqual(await result(node, 'getFilterChanges', [G, other]), []);
    assert.deepEqual(
      await result(node, 'getFilterLogs', [G, filter]),
      logs,
      'the latest block holds the log',
    );

    const all = await result<Obj[]>(node, 'getLogs', [
      G,
      { fromBlock: 'earliest', toBlock: 'latest', address: logger, topics: [] },
    ]);
    assert.ok(all.length >= 1);
    const byHash = await result<Obj[]>(node, 'getLogs', [
      G,
      { fromBlock: 'latest', toBlock: 'latest', address: [], topics: [], blockhash: logs[0].blockHash },
    ]);
    assert.deepEqual(byHash, logs);
  });

  it('errors carry the node’s codes and texts', async () => {
    const err = async (method: string, params: unknown[]) => (await call(node, method, params)).error;
    assert.deepEqual(await err('getLogs', [G, {}]), { code: -32602, message: 'fromBlock is null' });
    assert.deepEqual(await err('getLogs', [G, { fromBlock: 'latest', toBlock: 'latest', topics: [] }]), {
      code: -32602,
      message: 'address is null',
    });
    assert.deepEqual(
      await err('getLogs', [G, { fromBlock: '5', toBlock: 'latest', address: [], topics: [] }]),
      { code: -32602, message: 'Invalid Block Number: 5' },
    );
    assert.deepEqual(
      await err('getLogs', [
        G,
        { fromBlock: 'latest', toBlock: 'latest', address: [], topics: [1, 2, 3, 4, 5] },
      ]),
      { code: -32602, message: 'exceed max topics' },
    );
    assert.deepEqual(
      await err('newFilter', [G, { fromBlock: '0x5', toBlock: '0x2', address: [], topics: [] }]),
      { code: -32602, message: 'invalid block range params' },
    );
    assert.deepEqual(
      await err('getLogs', [
        G,
        {
          fromBlock: 'latest',
          toBlock: 'latest',
          address: [],
          topics: [],
          blockhash: '0x' + '00'.repeat(32),
        },
      ]),
      { code: -32602, message: 'unknown block' },
    );
    assert.deepEqual(await err('newBlockFilter', ['group7']), {
      code: -32005,
      message: 'group not exist,chain=chain0,group=group7,commond=getCurrentBlockNumber',
    });
    // Filters are keyed by the group text they were created with.
    const id = await result<string>(node, 'newBlockFilter', ['']);
    assert.deepEqual(await err('getFilterChanges', [G, id]), { code: -32602, message: 'filter not found' });
    assert.deepEqual(await result(node, 'getFilterChanges', ['', id]), []);
  });
});
