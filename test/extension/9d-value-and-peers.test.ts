// Issue 11: the call form's and the deploy command's value (version-1 transactions carrying it,
// refused for functions that are not payable before anything is sent), and a connection whose
// first endpoint is down: the call form and the events panel's live subscription use the next peer.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PanelHost } from '../../src/extension/webviews/panelHost';
import { TEST_CONNECTION, connectTestChain, runRecorded, waitForPost } from './helpers';

const VAULT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Vault {
    uint256 public stored;
    event Deposited(address from, uint256 amount);
    event Stored(uint256 v);

    constructor() payable {}

    function deposit() public payable {
        emit Deposited(msg.sender, msg.value);
    }

    function set(uint256 v) public {
        stored = v;
        emit Stored(v);
    }
}

contract Plain {
    constructor() {}
}
`;

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- posted messages are checked field by field below

const PEERS_CONNECTION = 'Peers: first endpoint down';

/** A local port nothing listens on (bound, then released): connections to it are refused. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

suite('Value and peers', () => {
  let vault: { address: string; transactionHash: string };
  let file: string;

  suiteSetup(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-value-')), 'Vault.sol');
    fs.writeFileSync(file, VAULT);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await connectTestChain();
  });

  test('deploy sends value to a payable constructor and refuses it for the others', async () => {
    const { api: a } = await connectTestChain();
    const uri = vscode.Uri.file(file).toString();
    vault = await vscode.commands.executeCommand<typeof vault>('fiscoBcos.deployContract', {
      uri,
      contract: 'Vault',
      args: [],
      value: '7 wei',
      linkPath: '',
      confirmed: true,
    });
    const tx = await a.session.requireChain().transaction(vault.transactionHash);
    // A value makes a version-1 transaction (java-sdk TransactionManager / bcos-framework
    // protocol/Transaction.h: version 1 carries value, gasPrice, gasLimit).
    assert.equal(tx?.version, 1);
    assert.equal(tx?.value, '0x7');

    const height = await a.session.requireChain().blockNumber();
    const refused = await runRecorded('fiscoBcos.deployContract', {
      uri,
      contract: 'Plain',
      args: [],
      value: '1',
      linkPath: '',
      confirmed: true,
    });
    assert.equal(refused.result, undefined);
    assert.match(refused.errors.join('\n'), /Plain's constructor is not payable/);
    const bad = await runRecorded('fiscoBcos.deployContract', {
      uri,
      contract: 'Vault',
      args: [],
      value: '-3',
      linkPath: '',
      confirmed: true,
    });
    assert.match(bad.errors.join('\n'), /Value must not be negative/);
    assert.equal(await a.session.requireChain().blockNumber(), height, 'nothing was sent');
  });

  test('the call form sends value with payable functions, shows it, and refuses it elsewhere', async () => {
    const { api: a } = await connectTestChain();
    let mark = a.testHooks.posts.length;
    const call = await vscode.commands.executeCommand<PanelHost<unknown, unknown>>('fiscoBcos.callContract', {
      address: vault.address,
      name: 'Vault',
    });
    const init = await waitForPost<Msg>('fiscoBcos.callContract', mark, (m) => m.type === 'init', 'init');
    const deposit = init.functions.find((f: Msg) => f.signature === 'deposit()');
    assert.equal(deposit.payable, true, 'deposit() gets a value field');
    assert.equal(typeof init.balance, 'boolean');

    const result = async (requestId: number, message: Record<string, unknown>) => {
      mark = a.testHooks.posts.length;
      await call.receive({ type: 'invoke', requestId, args: [], mode: 'send', ...message });
      return (
        await waitForPost<Msg>(
          'fiscoBcos.callContract',
          mark,
          (m) => m.type === 'result' && m.result.requestId === requestId,
          `result ${requestId}`,
        )
      ).result;
    };

    const sent = await result(1, { signature: 'deposit()', value: { amount: '1.5', unit: 'kwei' } });
    assert.equal(sent.ok, true, sent.message);
    assert.equal(sent.value, '1500 wei');
    const tx = await a.session.requireChain().transaction(sent.transactionHash);
    assert.equal(tx?.version, 1);
    assert.equal(tx?.value, '0x5dc');

    const height = await a.session.requireChain().blockNumber();
    const notPayable = await result(2, {
      signature: 'set(uint256)',
      args: ['3'],
      value: { amount: '1', unit: 'wei' },
    });
    assert.equal(notPayable.ok, false);
    assert.match(notPayable.message, /^Not sent: set\(uint256\) is not payable/);
    const negative = await result(3, { signature: 'deposit()', value: { amount: '-1', unit: 'wei' } });
    assert.match(negative.message, /^Invalid value: Value must not be negative/);
    const fractional = await result(4, { signature: 'deposit()', value: { amount: '0.5', unit: 'wei' } });
    assert.match(fractional.message, /^Invalid value: Value must be a whole number of wei/);
    const asCall = await result(5, {
      signature: 'deposit()',
      mode: 'call',
      value: { amount: '2', unit: 'wei' },
    });
    assert.match(asCall.message, /^A call carries no value/);
    assert.equal(await a.session.requireChain().blockNumber(), height, 'nothing was sent');

    // A zero value is no value: a plain (version-0) transaction.
    const zero = await result(6, {
      signature: 'set(uint256)',
      args: ['4'],
      value: { amount: '0', unit: 'wei' },
    });
    assert.equal(zero.ok, true, zero.message);
    assert.equal(zero.value, undefined);
    assert.equal((await a.session.requireChain().transaction(zero.transactionHash))?.version, 0);
    call.panel.dispose();
  });

  test('Enable Balance turns feature_balance on; then value sent from the call form moves', async () => {
    const { api: a, chain } = await connectTestChain();
    const api = a.session.requireChain();
    // A call form open before the feature is turned on: it learns of the change and the page
    // adds value fields to every transaction (callPanel.ts refreshBalance, webview/call.ts).
    assert.equal((await api.systemConfig('feature_balance'))?.value ?? '0', '0', 'balance starts off');
    let mark = a.testHooks.posts.length;
    const call = await vscode.commands.executeCommand<PanelHost<unknown, unknown>>('fiscoBcos.callContract', {
      address: vault.address,
      name: 'Vault',
    });
    const init = await waitForPost<Msg>('fiscoBcos.callContract', mark, (m) => m.type === 'init', 'init');
    assert.equal(init.balance, false, 'drawn with balance off: value fields on payable functions only');
    mark = a.testHooks.posts.length;
    // Last suite of the run: the chain keeps balance on afterwards. Earlier suites may leave a
    // committee of two governors at 100% participation (Governance flow): then each proposal stays
    // open until the second governor votes, and the committee takes one open setSysConfig proposal at
    // a time (proposal-state createProposal: "Current proposal not end"), so the command proposes
    // one key per run and says what awaits votes.
    const voters = (await api.committee()).governors.length;
    const infos: string[] = [];
    let enabled = await runRecorded('fiscoBcos.enableBalance', true);
    for (let round = 0; enabled.result !== true && round < 2; round++) {
      assert.ok(voters > 1, 'a single governor passes proposals at once');
      assert.deepEqual(enabled.errors, []);
      const waiting = a.testHooks.shown('warning').join('\n');
      assert.match(waiting, /awaits the committee's votes/);
      infos.push(...enabled.infos);
      const second = chain.accounts[1];
      await vscode.commands.executeCommand('fiscoBcos.selectAccount', second.address);
      await vscode.commands.executeCommand('fiscoBcos.voteFor', await api.proposalCount());
      await vscode.commands.executeCommand('fiscoBcos.selectAccount', chain.accounts[0].address);
      enabled = await runRecorded('fiscoBcos.enableBalance', true);
    }
    assert.equal(enabled.result, true);
    assert.deepEqual(enabled.errors, []);
    infos.push(...enabled.infos);
    if (voters === 1) {
      // Each proposal's outcome, then the summary (a single governor passes them at once).
      const text = infos.join('\n');
      assert.match(text, /feature_balance = 1 on .*: Success/);
      assert.match(text, /feature_balance_precompiled = 1 on .*: Success/);
    }
    assert.match(enabled.infos.join('\n'), /Balance is on for /);
    for (const key of ['feature_balance', 'feature_balance_precompiled'])
      assert.equal((await api.systemConfig(key))?.value, '1', key);
    // With one governor the form hears of it after the transaction ('balance'); with two, the
    // account switches for the vote redraw it ('init') once the feature is on.
    const redraw = await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => (m.type === 'balance' && m.on === true) || (m.type === 'init' && m.balance === true),
      'balance on',
    );
    if (voters === 1) assert.equal(redraw.type, 'balance', 'the open form updated in place');
    const height = await api.blockNumber();
    const again = await runRecorded('fiscoBcos.enableBalance', true);
    assert.equal(again.result, true);
    assert.equal(await api.blockNumber(), height, 'already on: nothing sent');
    assert.match(again.infos.join('\n'), /Balance is on for /);

    // The dev node funds its dev accounts at genesis in the chain state (10 000 ether, as
    // Ledger::buildGenesisBlock's importGenesisState does for allocs): the governor can send value
    // at once. As a balance governor it can still add more, as console addBalance does.
    const gov = a.session.account()!.address;
    const genesis = await vscode.commands.executeCommand<bigint>('fiscoBcos.balance', 'get', gov);
    assert.equal(genesis, 10n ** 22n);
    const added = await vscode.commands.executeCommand<{ ok: boolean; message: string }>(
      'fiscoBcos.balance',
      'add',
      gov,
      '1 ether',
      true,
    );
    assert.equal(added.ok, true, added.message);
    assert.equal(await vscode.commands.executeCommand('fiscoBcos.balance', 'get', gov), genesis + 10n ** 18n);
    const before = await vscode.commands.executeCommand<bigint>('fiscoBcos.balance', 'get', vault.address);
    mark = a.testHooks.posts.length;
    await call.receive({
      type: 'invoke',
      requestId: 21,
      signature: 'deposit()',
      args: [],
      mode: 'send',
      value: { amount: '2', unit: 'kwei' },
    });
    const sent = await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => m.type === 'result' && m.result.requestId === 21,
      'result',
    );
    assert.equal(sent.result.ok, true, sent.result.message);
    assert.equal(sent.result.value, '2000 wei');
    // The event reports msg.value: with feature_balance the EVM sees the value (bcos-executor
    // TransactionExecutive.cpp, TransactionExecutive::go: evmcMessage.value is zeroed only without it).
    assert.match(JSON.stringify(sent.result.events), /2000/);
    const after = await vscode.commands.executeCommand<bigint>('fiscoBcos.balance', 'get', vault.address);
    assert.equal(after - before, 2000n);
    call.panel.dispose();
  });

  test('with the first endpoint down, the call form and live events go to the next peer', async () => {
    const { api: a, chain } = await connectTestChain();
    const dead = await deadUrl();
    if (!a.session.connections.get(PEERS_CONNECTION))
      await vscode.commands.executeCommand('fiscoBcos.addConnection', {
        name: PEERS_CONNECTION,
        url: dead,
        group: chain.group,
        peers: [chain.url],
      });
    assert.deepEqual(a.session.connections.get(PEERS_CONNECTION)?.peers, [chain.url.replace(/\/+$/, '')]);
    await vscode.commands.executeCommand('fiscoBcos.selectConnection', PEERS_CONNECTION);
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', chain.accounts[0].address);
    try {
      // The events panel follows the contract over the node's event channel (WebSocket).
      let mark = a.testHooks.posts.length;
      const events =
        await vscode.commands.executeCommand<PanelHost<unknown, unknown>>('fiscoBcos.showEvents');
      await waitForPost<Msg>('fiscoBcos.events', mark, (m) => m.type === 'init', 'events init');
      mark = a.testHooks.posts.length;
      await events.receive({ type: 'follow', on: true, address: vault.address, event: '' });
      const live = await waitForPost<Msg>(
        'fiscoBcos.events',
        mark,
        (m) => m.type === 'live' || m.type === 'error',
        'live',
      );
      assert.deepEqual(live, { type: 'live', on: true });

      // The call form (its own panel for this connection) sends through the live peer.
      mark = a.testHooks.posts.length;
      const call = await vscode.commands.executeCommand<PanelHost<unknown, unknown>>(
        'fiscoBcos.callContract',
        {
          address: vault.address,
          name: 'Vault',
        },
      );
      await waitForPost<Msg>('fiscoBcos.callContract', mark, (m) => m.type === 'init', 'call init');
      mark = a.testHooks.posts.length;
      await call.receive({
        type: 'invoke',
        requestId: 11,
        signature: 'set(uint256)',
        args: ['42'],
        mode: 'send',
        account: chain.accounts[0].address.toLowerCase(),
      });
      const sent = await waitForPost<Msg>(
        'fiscoBcos.callContract',
        mark,
        (m) => m.type === 'result' && m.result.requestId === 11,
        'result',
      );
      assert.equal(sent.result.ok, true, sent.result.message);
      const rows = await waitForPost<Msg>(
        'fiscoBcos.events',
        mark,
        (m) =>
          m.type === 'rows' && m.rows.some((r: Msg) => r.transactionHash === sent.result.transactionHash),
        'the live event of the transaction',
      );
      const row = rows.rows.find((r: Msg) => r.transactionHash === sent.result.transactionHash);
      assert.equal(row.event, 'Stored(uint256)');
      await events.receive({ type: 'follow', on: false, address: vault.address, event: '' });
      events.panel.dispose();
      call.panel.dispose();
    } finally {
      await vscode.commands.executeCommand('fiscoBcos.selectConnection', TEST_CONNECTION);
    }
  });
});
