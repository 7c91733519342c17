// The SDK's logs and filters against the devnode: getLogs by address and topic, the 10-block
// window and paging, block / pending / log filters, Async forms, decoding against ABIs.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../src/devnode';
import {
  Client,
  Contract,
  EventDecoder,
  RevertError,
  RpcError,
  decodeEvents,
  eventTopic,
  logBlockNumber,
  type LogJson,
} from '../../src/client';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import { emitter } from './events-fixture';

describe('logs and filters (client ↔ devnode)', () => {
  let node: Devnode;
  let client: Client;
  let account: Account;
  let a: Contract;
  let b: Contract;
  let pingTopic: string;

  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'logs-integration' });
    client = new Client({ group: node.groupId, url: node.url });
    account = importPrivateKey(node.accounts[0].privateKey);
    const { abi, bytecode } = emitter();
    a = (await Contract.deploy(client, account, abi, bytecode)).contract;
    b = (await Contract.deploy(client, account, abi, bytecode)).contract;
    pingTopic = eventTopic('Ping(address,uint256,string)', account.suite);
  });
  after(async () => {
    client.close();
    await node.stop();
  });

  it('getLogs by address and by topic, in the node shape', async () => {
    const { receipt } = await a.send('ping', [7, 'seven']);
    await b.send('ping', [8, 'eight']);
    const n = receipt.blockNumber;
    const byAddress = await client.getLogs({ fromBlock: n, toBlock: n + 1, address: a.address });
    assert.equal(byAddress.length, 1);
    const log = byAddress[0];
    // bcos-rpc filter/LogMatcher.cpp LogMatcher::matches: quantities as hex, address with 0x.
    assert.equal(log.address, a.address);
    assert.equal(log.blockNumber, '0x' + n.toString(16));
    assert.equal(log.logIndex, '0x0');
    assert.equal(log.transactionHash, receipt.transactionHash);
    assert.equal(log.removed, false);
    assert.equal(log.topics[0], pingTopic);
    const seven = '0x' + (7).toString(16).padStart(64, '0');
    const byTopic = await client.getLogs({ fromBlock: n, toBlock: n + 1, topics: [pingTopic, null, seven] });
    assert.deepEqual(
      byTopic.map((l) => l.address),
      [a.address],
    );
    const either = await client.getLogs({
      fromBlock: n,
      toBlock: n + 1,
      address: [a.address, b.address],
      topics: [[pingTopic]],
    });
    assert.equal(either.length, 2);
  });

  it('failed transactions contribute no logs (LogMatcher skips status != 0)', async () => {
    await assert.rejects(a.send('fail', [1]), RevertError);
    const n = await client.getBlockNumber();
    assert.deepEqual(await client.getLogs({ fromBlock: n, toBlock: n, address: a.address }), []);
  });

  it('bad filters are refused before sending, and the node refuses an inverted range', async () => {
    await assert.rejects(client.getLogs({ address: '0x1234' }), /address must be 20 bytes/);
    await assert.rejects(client.getLogs({ topics: ['0x12'] }), /hash must be 32 bytes/);
    await assert.rejects(client.getLogs({ topics: [null, null, null, null, null] }), /at most 4/);
    await assert.rejects(client.getLogs({ fromBlock: 5, toBlock: 2 }), /before fromBlock/);
    // FilterRequest::checkBlockRange: from latest to a number is refused by the node itself.
    await assert.rejects(
      client.getLogs({ fromBlock: 'latest', toBlock: 1 }),
      (e: unknown) => e instanceof RpcError && e.code === -32602 && /invalid block range/.test(e.rpcMessage),
    );
  });

  it('getLogs answers at most 10 blocks; getLogsInRange pages through any range in order', async () => {
    const start = (await client.getBlockNumber()) + 1;
    for (let i = 0; i < 23; i++) await a.send('pong', [i]);
    const end = await client.getBlockNumber();
    const one = await client.getLogs({ fromBlock: start, toBlock: end, address: a.address });
    assert.equal(one.length, 10, 'FilterSystem caps a request at filter_max_process_block = 10');
    const pages: number[] = [];
    const all = await client.getLogsInRange(
      { fromBlock: start, toBlock: end, address: a.address },
      { onPage: (logs) => pages.push(logs.length) },
    );
    assert.equal(all.length, 23);
    assert.deepEqual(pages, [10, 10, 3]);
    const decoded = decodeEvents(all, [a.abi], account.suite);
    assert.deepEqual(
      decoded.map((d) => Number(d.args![0])),
      [...Array(23).keys()],
    );
    const numbers = all.map(logBlockNumber);
    assert.deepEqual(
      numbers,
      [...numbers].sort((x, y) => x - y),
    );
  });

  it('log filter: changes since the last poll, then nothing; uninstall', async () => {
    const id = await client.newFilter({ address: b.address });
    assert.match(id, /^0x[0-9a-f]+$/);
    await b.send('pong', [1]);
    await a.send('pong', [2]);
    await b.send('pong', [3]);
    const changes = (await client.getFilterChanges(id)) as LogJson[];
    assert.deepEqual(
      changes.map((l) => BigInt(l.data)),
      [1n, 3n],
    );
    assert.deepEqual(await client.getFilterChanges(id), []);
    assert.equal(await client.uninstallFilter(id), true);
    assert.equal(await client.uninstallFilter(id), false);
    // FilterSystem::getFilterChangeImpl: an unknown id is -32602 "filter not found".
    await assert.rejects(
      client.getFilterChanges(id),
      (e: unknown) => e instanceof RpcError && e.code === -32602,
    );
  });

  it('getFilterLogs covers the filter range', async () => {
    const n = await client.getBlockNumber();
    await a.send('pong', [42]);
    const id = await client.newFilter({ fromBlock: n + 1, toBlock: n + 1, address: a.address });
    const logs = await client.getFilterLogs(id);
    assert.equal(logs.length, 1);
    assert.equal(BigInt(logs[0].data), 42n);
  });

  it('block and pending-transaction filters return hashes', async () => {
    const blocks = await client.newBlockFilter();
    const txs = await client.newPendingTransactionFilter();
    const { receipt } = await a.send('pong', [5]);
    const blockHashes = (await client.getFilterChanges(blocks)) as string[];
    const txHashes = (await client.getFilterChanges(txs)) as string[];
    const block = await client.getBlockByNumber(receipt.blockNumber);
    assert.ok(blockHashes.includes(block.hash));
    assert.ok(txHashes.includes(receipt.transactionHash));
  });

  it('Async forms deliver the same results', async () => {
    const n = await client.getBlockNumber();
    const logs = await new Promise<LogJson[]>((resolve, reject) =>
      client.getLogsAsync({ fromBlock: Math.max(0, n - 5), toBlock: n }, (err, r) =>
        err ? reject(err) : resolve(r!),
      ),
    );
    assert.deepEqual(logs, await client.getLogs({ fromBlock: Math.max(0, n - 5), toBlock: n }));
    const id = await new Promise<string>((resolve, reject) =>
      client.newFilterAsync({}, (err, r) => (err ? reject(err) : resolve(r!))),
    );
    assert.equal(await client.uninstallFilter(id), true);
  });

  it('decoding: known events by name and argument; unknown and anonymous ones stay raw', async () => {
    const { receipt } = await a.send('both', [9]);
    const decoder = new EventDecoder([['event Other(uint256)'], 'not an abi', a.abi], account.suite);
    const [ping, pong, anon] = decoder.decodeAll(receipt.logEntries);
    assert.equal(ping.name, 'Ping');
    assert.equal(String(ping.args!.from).toLowerCase(), account.address);
    assert.equal(ping.args!.n, 9n);
    assert.deepEqual(ping.argNames, ['from', 'n', 'note']);
    assert.equal(pong.signature, 'Pong(uint256)');
    assert.equal(anon.name, undefined);
    assert.equal(anon.data, receipt.logEntries[2].data);
    // A log whose topic matches but whose data is garbage stays raw rather than throwing.
    const broken = decoder.decode({ ...receipt.logEntries[0], topics: [pingTopic], data: '0x01' });
    assert.equal(broken.name, undefined);
    assert.deepEqual(
      new EventDecoder([], account.suite).decode(receipt.logEntries[1]).topics,
      receipt.logEntries[1].topics,
    );
  });
});
