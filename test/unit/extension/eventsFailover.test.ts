// The events panel's live subscription goes over the node's WebSocket channel, which the chain
// client's HTTP failover does not cover: it picks a live endpoint of the connection itself (url,
// then peers), as the console and the Java SDK do with `peers`. In-process devnode; the dead
// endpoint is a released local port (connection refused).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startDevnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';

async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

// PUSH1 0 PUSH1 0 LOG0 STOP as runtime code: every transaction to it logs once.
const LOGGER = '0x600680600b6000396000f3' + '60006000a000';

describe('live events with the first endpoint down', () => {
  it('subscribes on the next peer and delivers its logs; with every endpoint down it says so', async () => {
    const node = await startDevnode({ port: 0, nodes: 1, accounts: 1, auth: false, logLevel: 'silent' });
    const dead = await deadUrl();
    // No request before follow(): the dead endpoint is the first the channel tries.
    const api = new SdkChainApi({ name: 'multi', url: dead, group: node.groupId, peers: [node.url] });
    const down = new SdkChainApi({ name: 'down', url: dead, group: node.groupId, peers: [await deadUrl()] });
    try {
      const got: string[] = [];
      const errors: Error[] = [];
      const live = await api.devTools.follow(
        { fromBlock: 0 },
        (logs) => {
          for (const l of logs) got.push(l.address.toLowerCase());
        },
        (e) => errors.push(e),
      );
      const signer = {
        address: node.accounts[0].address,
        privateKey: node.accounts[0].privateKey,
        sm: false,
      };
      const deployed = await api.deploy(signer, LOGGER, '[]');
      assert.equal(deployed.status, 0);
      const at = String(deployed.contractAddress).toLowerCase();
      assert.equal((await api.send(signer, at, '0x')).status, 0);
      for (let i = 0; i < 300 && !got.some((a) => a.endsWith(at.slice(2))); i++)
        await new Promise((r) => setTimeout(r, 50));
      assert.ok(
        got.some((a) => a.endsWith(at.slice(2))),
        `the log arrived over the live peer: ${got.join(', ')}`,
      );
      assert.deepEqual(errors, []);
      await live.stop();
      await assert.rejects(
        down.devTools.follow(
          { fromBlock: 0 },
          () => undefined,
          () => undefined,
        ),
        /no node accepted the event channel .*check that at least one of the peers is running/,
      );
    } finally {
      api.close();
      down.close();
      await node.stop();
    }
  });
});
