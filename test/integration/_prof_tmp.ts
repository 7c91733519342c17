import { startDevnode } from '../../src/devnode/index';
import { Client } from '../../src/client/client';
import { importPrivateKey } from '../../src/protocol/account';
import { BfsService } from '../../src/client/services/bfs';
async function main() {
  const node = await startDevnode({ port: 0, auth: false, logLevel: 'silent', accounts: 2 });
  try {
    const client = new Client({ group: node.groupId, url: node.url });
    const account = importPrivateKey(node.accounts[1].privateKey, false);
    const bfs = new BfsService(client, account, { blockLimit: await client.getBlockLimit() });
    for (const size of [300, 300, 300, 300]) {
      const t = Date.now();
      await Promise.all(Array.from({ length: size }, (_, i) => bfs.mkdir(`/apps/big/x${size}_` + i)));
      console.log(size, Date.now() - t, 'blocks', await client.getBlockNumber());
    }
    client.close();
  } finally { await node.stop(); }
}
main().catch((e) => { console.error(e); process.exit(1); });
