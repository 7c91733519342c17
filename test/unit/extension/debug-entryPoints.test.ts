// Where "Debug Transaction" is offered and what a real chain is told: on the local node a known
// transaction can be debugged (failure notifications get the action, the command goes ahead); an
// unknown hash is said plainly; a real FISCO BCOS node (no devnode_* methods) gets "tracing needs
// the local node" with a Start Local Node action, and notifications offer no debug action.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { useVscodeStub } from './vscodeStub';

const executed: unknown[][] = [];
useVscodeStub({
  commands: {
    executeCommand: (...args: unknown[]) => {
      executed.push(args);
      return Promise.resolve();
    },
  },
});

import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import { startRpcServer, type RpcServer } from '../client/rpcServer';
import { transactionWithProof } from '../client/fixtures';

// Loaded after the stub: these modules import vscode.
type Actions = typeof import('../../../src/extension/debug/debugActions');
let DEBUG_ACTION: Actions['DEBUG_ACTION'];
let canDebug: Actions['canDebug'];
let debugActions: Actions['debugActions'];
let requireDebuggable: Actions['requireDebuggable'];
let runDebugAction: Actions['runDebugAction'];
let UserFacingError: typeof import('../../../src/extension/session').UserFacingError;

let node: Devnode;
let local: SdkChainApi;
let realNode: RpcServer;
let real: SdkChainApi;
let sent: string;

before(async () => {
  ({ DEBUG_ACTION, canDebug, debugActions, requireDebuggable, runDebugAction } =
    await import('../../../src/extension/debug/debugActions'));
  ({ UserFacingError } = await import('../../../src/extension/session'));
  node = await startDevnode({ port: 0, accounts: 1, logLevel: 'silent' });
  local = new SdkChainApi({ name: 'Local Node', url: node.url, group: node.groupId });
  const signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
  // Any committed transaction will do: a deployment of a contract that returns 42.
  const r = await local.deploy(signer, '0x600a600c600039600a6000f3602a60005260206000f3', '[]');
  sent = r.transactionHash;
  // A real node's RPC: it knows the transaction, and has no devnode_* method (JSON-RPC -32601,
  // as bcos-rpc's JsonRpcImpl answers any method it does not register).
  realNode = await startRpcServer((req) =>
    req.method === 'getTransaction'
      ? { result: { ...transactionWithProof, hash: sent } }
      : { error: { code: -32601, message: 'Method not found' } },
  );
  real = new SdkChainApi({ name: 'Prod Chain', url: realNode.url, group: 'group0' });
});

after(async () => {
  local?.close();
  real?.close();
  await realNode?.close();
  await node?.stop();
});

test('on the local node a known transaction can be debugged; notifications offer the action', async () => {
  assert.equal(await canDebug(local, sent), true);
  assert.deepEqual(await debugActions(local, sent), [DEBUG_ACTION]);
  await requireDebuggable(local, 'Local Node', sent);
  assert.deepEqual(await debugActions(local, undefined), []);
  // The picked action runs the command with the hash; any other action is left to the caller.
  assert.equal(runDebugAction(DEBUG_ACTION, sent), true);
  assert.deepEqual(executed.at(-1), ['fiscoBcos.debugTransaction', sent]);
  assert.equal(runDebugAction('Show Transaction', sent), false);
  assert.equal(executed.length, 1);
});

test('an unknown hash is refused plainly', async () => {
  const unknown = '0x' + '42'.repeat(32);
  await assert.rejects(requireDebuggable(local, 'Local Node', unknown), /does not exist on Local Node/);
});

test('a real chain: no debug action, and the command says tracing needs the local node', async () => {
  assert.deepEqual(await debugActions(real, sent), []);
  await assert.rejects(requireDebuggable(real, 'Prod Chain', sent), (e: unknown) => {
    assert.ok(e instanceof UserFacingError);
    assert.match(e.message, /^Tracing needs the FISCO BCOS local node: Prod Chain is not it/);
    assert.deepEqual(e.actions, ['Start Local Node']);
    return true;
  });
});
