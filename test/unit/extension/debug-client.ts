// One FiscoDebugSession per connection on a loopback port, driven by the DAP test client: what
// VS Code does with an inline adapter, over a socket so the protocol itself is exercised.
import { createServer, type AddressInfo } from 'node:net';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { FiscoDebugSession, type DebugDeps } from '../../../src/extension/debug/session';

export interface AdapterClient {
  /** The first client, connected. */
  dc: DebugClient;
  /** Another client with its own session (the caller stops it). */
  connect(): Promise<DebugClient>;
  close(): Promise<void>;
}

export async function startAdapter(deps: DebugDeps): Promise<AdapterClient> {
  const server = createServer((socket) => {
    const session = new FiscoDebugSession(deps);
    session.setRunAsServer(true);
    session.start(socket, socket);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const connect = async () => {
    const client = new DebugClient('node', 'unused', 'fisco-bcos');
    await client.start((server.address() as AddressInfo).port);
    return client;
  };
  const dc = await connect();
  return {
    dc,
    connect,
    close: async () => {
      await dc.stop();
      server.close();
    },
  };
}
