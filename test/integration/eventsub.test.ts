// Event subscription over the SDK channel against the devnode: by address and topic, from a
// past block to a block (then PUSH_COMPLETED), from latest forever, unsubscribe, refusals, and a
// reconnection through a TCP relay that drops every connection while events keep coming: each
// log arrives exactly once, in order. The relay stands in for a network failure.

import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../src/devnode';
import {
  Client,
  Contract,
  EventDecoder,
  EventSubError,
  EventSubscriber,
  eventTopic,
  WsChannel,
  type EventPushLogJson,
  type EventSubscription,
} from '../../src/client';
import {
  MSG_EVENT_LOG_PUSH,
  MSG_EVENT_SUBSCRIBE,
  MSG_EVENT_UNSUBSCRIBE,
} from '../../src/protocol/ws/message';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import { emitter } from './events-fixture';

/** Resolves once `check` holds, polling every 10 ms up to 20 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A TCP relay whose live connections can be cut. */
async function relay(port: number): Promise<{ server: Server; url: string; cut(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(port, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => {
        sockets.delete(s);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no relay port');
  return {
    server,
    url: `ws://127.0.0.1:${address.port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

describe('event subscription (client ↔ devnode, WebSocket channel)', () => {
  let node: Devnode;
  let client: Client;
  let account: Account;
  let a: Contract;
  let b: Contract;
  let sub: EventSubscriber;
  let wsUrl: string;

  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'eventsub-integration' });
    client = new Client({ group: node.groupId, url: node.url });
    account = importPrivateKey(node.accounts[0].privateKey);
    const { abi, bytecode } = emitter();
    a = (await Contract.deploy(client, account, abi, bytecode)).contract;
    b = (await Contract.deploy(client, account, abi, bytecode)).contract;
    wsUrl = node.url.replace(/^http/, 'ws');
    sub = new EventSubscriber({ group: node.groupId, url: wsUrl });
  });
  after(async () => {
    sub.close();
    client.close();
    await node.stop();
  });

  it('a past range by address: one push per block in order, then PUSH_COMPLETED', async () => {
    const first = (await a.send('pong', [1])).receipt.blockNumber;
    await b.send('pong', [2]);
    await a.send('pong', [3]);
    const last = (await a.send('pong', [4])).receipt.blockNumber;
    const got: { block: number; logs: EventPushLogJson[] }[] = [];
    let completed = false;
    await sub.subscribe(
      { address: a.address, fromBlock: first, toBlock: last },
      { onLogs: (logs, block) => got.push({ block, logs }), onComplete: () => (completed = true) },
    );
    await until(() => completed, 'PUSH_COMPLETED');
    assert.deepEqual(
      got.map((g) => g.logs.map((l) => Number(BigInt(l.data)))),
      [[1], [3], [4]],
    );
    // bcos-rpc event/EventSubMatcher.cpp: address without 0x, numbers as JSON integers.
    const log = got[0].logs[0];
    assert.equal(log.address, a.address.slice(2));
    assert.equal(log.blockNumber, first);
    assert.equal(log.logIndex, 0);
    assert.equal(log.transactionIndex, 0);
    assert.match(log.transactionHash, /^0x[0-9a-f]{64}$/);
    const decoded = new EventDecoder([a.abi], account.suite).decode(log);
    assert.equal(decoded.name, 'Pong');
    assert.equal(decoded.address, a.address);
  });

  it('by topic, from latest forever, until unsubscribed', async () => {
    const ping = eventTopic('Ping(address,uint256,string)', account.suite);
    const got: EventPushLogJson[] = [];
    const s = await sub.subscribe({ topics: [ping] }, { onLogs: (logs) => got.push(...logs) });
    await a.send('pong', [10]);
    await b.send('ping', [11, 'b']);
    await a.send('ping', [12, 'a']);
    await until(() => got.length === 2, 'two Ping pushes');
    assert.deepEqual(
      got.map((l) => l.address),
      [b.address.slice(2), a.address.slice(2)],
    );
    await s.unsubscribe();
    await a.send('ping', [13, 'after']);
    // A later subscription from the same block sees the log: the first one really stopped.
    const n = await client.getBlockNumber();
    const again: EventPushLogJson[] = [];
    let done = false;
    await sub.subscribe(
      { topics: [ping], fromBlock: n, toBlock: n },
      { onLogs: (logs) => again.push(...logs), onComplete: () => (done = true) },
    );
    await until(() => done, 'completion');
    assert.equal(again.length, 1);
    assert.equal(got.length, 2);
  });

  it('wire format: answers reuse the request seq; payloads are jsoncpp FastWriter text', async () => {
    const channel = new WsChannel({ url: wsUrl, reconnect: false });
    try {
      // bcos-rpc event/EventSub.cpp sendResponse: the request message carries {"id","status"} back.
      const ok = await channel.request(
        MSG_EVENT_SUBSCRIBE,
        '{"id":"abc","group":"' + node.groupId + '","params":{"fromBlock":1,"toBlock":1}}',
      );
      assert.equal(ok.type, MSG_EVENT_SUBSCRIBE);
      assert.equal(ok.payload.toString(), '{"id":"abc","status":0}\n');
      const pushes: string[] = [];
      channel.onPush(MSG_EVENT_LOG_PUSH, (m) => pushes.push(m.payload.toString()));
      await until(() => pushes.length > 0, 'completion push');
      // Block 1 holds the deployment (no logs): only PUSH_COMPLETED (status 1) comes.
      assert.deepEqual(pushes, ['{"id":"abc","status":1}\n']);
      const bad = await channel.request(MSG_EVENT_SUBSCRIBE, '{"group":"x"}');
      assert.equal(bad.payload.toString(), '{"id":"","status":-41000}\n');
      const un = await channel.request(MSG_EVENT_UNSUBSCRIBE, '{"id":"abc","group":"' + node.groupId + '"}');
      assert.equal(un.payload.toString(), '{"id":"abc","status":0}\n');
    } finally {
      channel.close();
    }
  });

  it('the node refuses another group with GROUP_NOT_EXIST; bad input fails before sending', async () => {
    const other = new EventSubscriber({ group: 'group9', url: wsUrl });
    try {
      await assert.rejects(
        other.subscribe({ fromBlock: 1 }, { onLogs: () => undefined }),
        (e: unknown) => e instanceof EventSubError && e.status === -41002,
      );
    } finally {
      other.close();
    }
    await assert.rejects(sub.subscribe({ address: '0x12' }, { onLogs: () => undefined }), /20 bytes/);
    await assert.rejects(sub.subscribe({ fromBlock: 5, toBlock: 3 }, { onLogs: () => undefined }), /before/);
  });

  it('callback forms: subscribeAsync hands over the subscription, logs arrive, unsubscribeAsync stops it', async () => {
    const cb = <R>(): { done: Promise<R>; fn: (e: Error | null, r?: R) => void } => {
      let fn!: (e: Error | null, r?: R) => void;
      const done = new Promise<R>((resolve, reject) => {
        fn = (e, r) => (e ? reject(e) : resolve(r as R));
      });
      return { done, fn };
    };
    const latest = cb<number>();
    sub.blockNumberAsync(latest.fn);
    assert.equal(await latest.done, await client.getBlockNumber());

    const got: number[] = [];
    const subscribed = cb<EventSubscription>();
    let sync = true;
    sub.subscribeAsync(
      { address: b.address },
      { onLogs: (logs) => got.push(...logs.map((l) => Number(BigInt(l.data)))) },
      (e, s) => {
        assert.equal(sync, false, 'the callback never runs synchronously');
        subscribed.fn(e, s);
      },
    );
    sync = false;
    const s = await subscribed.done;
    assert.match(s.id, /^[0-9a-f]{32}$/);
    await b.send('pong', [21]);
    await a.send('pong', [22]);
    await b.send('pong', [23]);
    await until(() => got.length === 2, 'two pushes for b');
    assert.deepEqual(got, [21, 23]);
    const stopped = cb<void>();
    s.unsubscribeAsync(stopped.fn);
    await stopped.done;
    await b.send('pong', [24]);
    // A bounded subscription over the same block completes after that block: the first one is gone.
    const n = await client.getBlockNumber();
    let done = false;
    const later = cb<EventSubscription>();
    sub.subscribeAsync(
      { address: b.address, fromBlock: n, toBlock: n },
      { onLogs: () => undefined, onComplete: () => (done = true) },
      later.fn,
    );
    await later.done;
    await until(() => done, 'completion');
    assert.deepEqual(got, [21, 23]);

    // A refusal and bad input reach the callback as errors; nothing throws at the caller.
    const other = new EventSubscriber({ group: 'group9', url: wsUrl });
    try {
      const refused = cb<EventSubscription>();
      other.subscribeAsync({ fromBlock: 1 }, { onLogs: () => undefined }, refused.fn);
      await assert.rejects(refused.done, (e: unknown) => e instanceof EventSubError && e.status === -41002);
    } finally {
      other.close();
    }
    const bad = cb<EventSubscription>();
    sub.subscribeAsync({ address: '0x12' }, { onLogs: () => undefined }, bad.fn);
    await assert.rejects(bad.done, /20 bytes/);
    assert.throws(
      () => (sub.subscribeAsync as (...a: unknown[]) => void)({}, { onLogs: () => undefined }),
      /callback/,
    );
  });

  it('reconnects after dropped connections and resumes: every log once, in order', async () => {
    const r = await relay(node.port);
    const s = new EventSubscriber({ group: node.groupId, url: r.url, maxReconnectDelayMs: 200 });
    try {
      const got: number[] = [];
      let reconnects = 0;
      s.channel.onReconnect(() => reconnects++);
      // "latest" would include the current block (EventSub::executeEventSubTask starts at it).
      await s.subscribe(
        { address: a.address, fromBlock: (await client.getBlockNumber()) + 1 },
        { onLogs: (logs) => got.push(...logs.map((l) => Number(BigInt(l.data)))) },
      );
      const total = 30;
      for (let i = 0; i < total; i++) {
        await a.send('pong', [100 + i]);
        if (i % 7 === 3) r.cut(); // drop the channel while transactions keep being committed
      }
      await until(() => got.length >= total, `${total} logs`);
      assert.deepEqual(
        got,
        [...Array(total).keys()].map((i) => 100 + i),
      );
      assert.ok(reconnects >= 1, 'the channel reconnected');
    } finally {
      s.close();
      r.server.close();
    }
  });
});
