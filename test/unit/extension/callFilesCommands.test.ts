// The call-file glue with a stand-in `vscode` module: CodeLens titles for valid and invalid files,
// running a file on its connection with the account named by "from" (a transaction asks first),
// the outcome in the output channel, and saving the call form's inputs as a file.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StubUri, useVscodeStub } from './vscodeStub';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { compileCallFileContracts } from './callFiles-fixture';

const Uri = StubUri;
type Uri = StubUri;
class Range {
  constructor(...args: number[]) {
    void args;
  }
}
class CodeLens {
  constructor(
    readonly range: Range,
    readonly command: { title: string; command: string; arguments?: unknown[] },
  ) {}
}
class EventEmitter {
  event = () => ({ dispose() {} });
  fire() {}
}
const docs: Record<string, string> = {};
const channel: string[] = [];
const infos: string[] = [];
const errors: string[] = [];
const modals: string[] = [];
const opened: string[] = [];
let modalAnswer: string | undefined;
let root = '';
const stub = {
  Uri,
  Range,
  CodeLens,
  EventEmitter,
  ProgressLocation: { Notification: 15 },
  languages: { registerCodeLensProvider: () => ({ dispose() {} }) },
  commands: { registerCommand: () => ({ dispose() {} }), executeCommand: async () => undefined },
  workspace: {
    isTrusted: true,
    openTextDocument: async (u: Uri) => ({ uri: u, getText: () => docs[u.path] }),
    get workspaceFolders() {
      return [{ uri: { scheme: 'file', fsPath: root } }];
    },
    asRelativePath: (u: Uri) => u.path.replace(`${root}/`, ''),
  },
  window: {
    createOutputChannel: () => ({ appendLine: (t: string) => channel.push(t), show() {}, dispose() {} }),
    withProgress: (_o: unknown, fn: () => Promise<unknown>) => fn(),
    showWarningMessage: async (m: string, o: { modal?: boolean }) => {
      if (o?.modal) modals.push(m);
      return modalAnswer;
    },
    showInformationMessage: async (m: string) => void infos.push(m),
    showErrorMessage: async (m: string) => void errors.push(m),
    showTextDocument: async (u: Uri) => void opened.push(u.path),
  },
};
useVscodeStub(stub);

let node: Devnode;
let api: SdkChainApi;
let counter: string;
let glue: typeof import('../../../src/extension/callFiles/callFileCommands');

before(async () => {
  node = await startDevnode({ port: 0, accounts: 2, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'Local Node', url: node.url, group: node.groupId });
  const c = compileCallFileContracts().counter;
  const args = new ContractCodec(c.abi, (t) => api.hashText(t)).encodeDeployArgs(['demo', '1']);
  const signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
  counter = (await api.deploy(signer, c.bytecode + args, JSON.stringify(c.abi))).contractAddress;
  root = mkdtempSync(join(tmpdir(), 'call-glue-'));
  glue = await import('../../../src/extension/callFiles/callFileCommands');
});

after(async () => {
  api?.close();
  await node?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

function fakeSession() {
  const conn = { name: 'Local Node', url: node.url, group: node.groupId };
  const accounts = node.accounts.map((a, i) => ({
    address: a.address.toLowerCase(),
    label: `dev-${i}`,
    sm: false,
    source: 'devnode' as const,
  }));
  return {
    connection: conn,
    connections: { get: (n: string) => (n === conn.name ? conn : undefined), list: () => [conn] },
    chainFor: () => api,
    onDidChange: () => ({ dispose() {} }),
    accounts: {
      listFor: () => accounts,
      active: () => accounts[0],
      signer: async (m: { address: string }) => ({
        address: m.address,
        privateKey: node.accounts.find((a) => a.address.toLowerCase() === m.address)!.privateKey,
        sm: false,
      }),
    },
  };
}

describe('call file CodeLens and commands', () => {
  it('offers Run Call or Send Transaction, or says what is wrong', () => {
    const lenses = new glue.CallFileCodeLensProvider();
    const titles = (text: string) =>
      lenses
        .provideCodeLenses({ getText: () => text, uri: Uri.file('/w/a.call.json') } as never)
        .map((l) => (l as unknown as CodeLens).command.title);
    assert.deepEqual(titles(JSON.stringify({ address: counter, method: 'count' })), [
      '$(play) Run Call',
      `count(…) on ${counter.slice(0, 10)}…`,
    ]);
    assert.deepEqual(
      titles(
        JSON.stringify({
          bfsPath: '/apps/Counter/1.0',
          method: 'increment(uint256)',
          args: ['1'],
          send: true,
          connection: 'Local Node',
        }),
      ),
      ['$(send) Send Transaction', 'increment(uint256) on /apps/Counter/1.0 · Local Node'],
    );
    assert.deepEqual(titles('{ "method": "count" }'), [
      '$(warning) Invalid call file: Give the contract as "address" (0x + 40 hex digits) or "bfsPath" (e.g. /apps/Counter/1.0).',
    ]);
  });

  it('runs a call, and sends from the named account only after confirmation', async () => {
    const files = new glue.CallFiles(fakeSession() as never, { find: () => undefined } as never);
    docs['/w/count.call.json'] = JSON.stringify({ address: counter, method: 'count' });
    const called = await files.run(Uri.file('/w/count.call.json') as never);
    assert.deepEqual(
      called?.outputs.map((v) => v.value),
      ['1'],
    );
    assert.match(
      channel.at(-1) ?? '',
      /^\[.*\] Local Node · count\.call\.json: called count\(\) on 0x[0-9a-f]{40}\n {2}✓ Success · block \d+\n {2}output0 \(uint256\) = 1$/,
    );
    assert.deepEqual(infos.at(-1), 'count.call.json: "1"');

    docs['/w/inc.call.json'] = JSON.stringify({
      address: counter,
      method: 'increment',
      args: ['4'],
      send: true,
      from: 'dev-1',
    });
    modalAnswer = undefined;
    await assert.rejects(files.run(Uri.file('/w/inc.call.json') as never), { name: 'CancelledError' });
    assert.deepEqual(modals, ['Send increment from inc.call.json?']);
    modalAnswer = 'Send Transaction';
    const sent = await files.run(Uri.file('/w/inc.call.json') as never);
    assert.equal(sent?.ok, true);
    assert.equal(sent?.from, node.accounts[1].address.toLowerCase());
    assert.deepEqual(
      sent?.outputs.map((v) => v.value),
      ['5'],
    );
    assert.match(
      channel.at(-1) ?? '',
      /sent increment\(uint256\) on 0x[0-9a-f]{40} with \["4"\]\n {2}✓ Success · block \d+ · gas \d+\n {2}transaction 0x[0-9a-f]{64} from 0x[0-9a-f]{40}\n/,
    );

    docs['/w/bad.call.json'] = JSON.stringify({ address: counter, method: 'count', connection: 'Elsewhere' });
    await assert.rejects(
      files.run(Uri.file('/w/bad.call.json') as never),
      /No connection named "Elsewhere" \(configured: Local Node\)\./,
    );
    docs['/w/who.call.json'] = JSON.stringify({ address: counter, method: 'count', from: 'nobody' });
    await assert.rejects(
      files.run(Uri.file('/w/who.call.json') as never),
      /No secp256k1 account labelled or addressed "nobody" \(accounts: dev-0, dev-1\)\./,
    );
    docs['/w/broken.call.json'] = '{';
    await assert.rejects(
      files.run(Uri.file('/w/broken.call.json') as never),
      /^Error: broken\.call\.json: Not valid JSON at line 1, column 2: expected a string in double quotes\.$/,
    );
    files.dispose();
  });

  it('refuses to run a call file in an untrusted workspace, before reading it', async () => {
    const files = new glue.CallFiles(fakeSession() as never, { find: () => undefined } as never);
    docs['/w/untrusted.call.json'] = JSON.stringify({ address: counter, method: 'count' });
    const workspace = stub.workspace as { isTrusted: boolean };
    workspace.isTrusted = false;
    try {
      await assert.rejects(
        files.run(Uri.file('/w/untrusted.call.json') as never),
        /only in a trusted workspace/,
      );
    } finally {
      workspace.isTrusted = true;
    }
  });

  it('saves the call form inputs under .fisco-bcos/calls and opens the file', async () => {
    const uri = await glue.saveCallFileFromInputs({
      contractName: 'Counter',
      address: counter,
      signature: 'increment(uint256)',
      args: ['2'],
      mode: 'send',
    });
    const file = join(root, '.fisco-bcos', 'calls', 'Counter.increment.call.json');
    assert.equal((uri as unknown as Uri).path, file);
    assert.deepEqual(opened, [file]);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {
      address: counter,
      method: 'increment(uint256)',
      args: ['2'],
      send: true,
    });
    assert.match(
      infos.at(-1) ?? '',
      /^Saved \.fisco-bcos\/calls\/Counter\.increment\.call\.json: run it again with "Send Transaction" at the top of the file\.$/,
    );
  });
});
