// The devnode's Web3 port over raw JSON-RPC: envelopes and batches, the stub and constant methods,
// the pool's rules for Web3 transactions, filters, balances, storage, and persistence across a
// restart. Each expectation names the FISCO-BCOS source it follows (bcos-rpc web3jsonrpc).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AbiCoder, Wallet, keccak256, toUtf8Bytes, type TransactionRequest } from 'ethers';
import { startDevnode, type Devnode } from '../../../src/devnode';
import { storeArtifact } from '../../integration/web3-fixture';

interface Answer {
  id?: unknown;
  jsonrpc?: string;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

async function post(url: string, body: string): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
  return res.json();
}

function call(url: string, method: string, params: unknown[] = []): Promise<Answer> {
  return post(url, JSON.stringify({ jsonrpc: '2.0', method, params, id: 7 })) as Promise<Answer>;
}

async function result<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const a = await call(url, method, params);
  if (a.error) throw new Error(`${method}: ${a.error.code} ${a.error.message}`);
  return a.result as T;
}

/** Polls for a receipt (sync_transaction is off: eth_sendRawTransaction answers before the block). */
async function receipt(url: string, hash: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const r = await result<Record<string, unknown> | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no receipt for ${hash}`);
}

function sign(wallet: Wallet, tx: TransactionRequest): Promise<string> {
  return wallet.signTransaction({ chainId: 20200n, gasPrice: 0n, gasLimit: 1_000_000n, type: 0, ...tx });
}

describe('Web3 JSON-RPC envelopes and constant methods', () => {
  let node: Devnode;
  let url: string;
  const warnings: string[] = [];

  before(async () => {
    node = await startDevnode({
      port: 0,
      web3Port: 0,
      accounts: 2,
      logLevel: 'warn',
      log: (_level, message) => warnings.push(message),
    });
    url = node.web3Url!;
  });
  after(() => node?.stop());

  it('answers envelopes as Web3JsonRpcImpl::onRPCRequest and JsonValidator do', async () => {
    assert.deepEqual(await post(url, '{nope'), {
      error: { code: -32600, message: 'Parse json failed' },
      id: null,
      jsonrpc: '2.0',
    });
    assert.deepEqual(await post(url, '[]'), {
      error: { code: -32600, message: 'The request array is empty' },
      id: null,
      jsonrpc: '2.0',
    });
    const nine = JSON.stringify(
      Array.from({ length: 9 }, (_, id) => ({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })),
    );
    assert.equal(
      ((await post(url, nine)) as Answer).error?.message,
      'The requested array size exceeds the limit size: 8',
    );
    // One request in an array is answered as a single request.
    assert.deepEqual(await post(url, '[{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}]'), {
      id: 1,
      jsonrpc: '2.0',
      result: '0x4ee8',
    });
    const two = (await post(
      url,
      '[{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1},{"jsonrpc":"2.0","method":"net_version","params":[],"id":"b"}]',
    )) as Answer[];
    assert.deepEqual(
      two.map((a) => [a.id, a.result]),
      [
        [1, '0x4ee8'],
        ['b', '0x4ee8'],
      ],
    );
    assert.deepEqual(await post(url, '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1,"x":2}'), {
      error: { code: -32600, message: 'Invalid field: x' },
      id: 1,
      jsonrpc: '2.0',
    });
    assert.equal(
      ((await post(url, '{"jsonrpc":"2.0","method":"eth_chainId","params":[]}')) as Answer).error?.message,
      'Request not valid, required fields: jsonrpc, method, params, id',
    );
    assert.deepEqual((await call(url, 'eth_nope')).error, { code: -32601, message: 'Method not found' });
    assert.deepEqual((await call(url, 'eth_subscribe', ['newHeads'])).error, {
      code: -32600,
      message: 'Subscribe request only support websocket protocol',
    });
  });

  it('answers the constant and stub methods as EthEndpoint, NetEndpoint and Web3Endpoint do', async () => {
    assert.equal(await result(url, 'eth_gasPrice'), '0x0'); // tx_gas_price 0x0
    assert.equal(await result(url, 'eth_maxPriorityFeePerGas'), '0x0');
    assert.deepEqual(await result(url, 'eth_accounts'), []);
    assert.equal(await result(url, 'eth_syncing'), false);
    assert.equal(await result(url, 'eth_mining'), false);
    assert.equal(await result(url, 'eth_hashrate'), '0x0');
    assert.equal(await result(url, 'net_version'), '0x4ee8'); // a quantity, not decimal text
    assert.equal(await result(url, 'net_peerCount'), 3); // a JSON number
    assert.equal(await result(url, 'net_listening'), true);
    assert.match(await result<string>(url, 'web3_clientVersion'), /^FISCO-BCOS-Web3RPC\/3\.16\.4-/);
    assert.equal(await result(url, 'web3_sha3', ['0x68656c6c6f']), keccak256(toUtf8Bytes('hello')));
    assert.match(await result<string>(url, 'eth_coinbase'), /^0x[0-9a-f]{40}$/);
    assert.deepEqual((await call(url, 'eth_protocolVersion')).error, {
      code: -32601,
      message: 'This API has not been implemented yet!',
    });
    assert.equal(await result(url, 'eth_getUncleByBlockNumberAndIndex', ['0x0', '0x0']), 'null');
    assert.equal(await result(url, 'eth_getUncleCountByBlockNumber', ['0x0']), '0x0');
    // fromQuantity("latest") throws inside the handler's catch-all.
    assert.equal(await result(url, 'eth_getBlockTransactionCountByNumber', ['latest']), '0x0');
    // The stubs answer as the node does, and the devnode says so in its log.
    assert.equal(await result(url, 'eth_sign', [node.accounts[0].address, '0x00']), '0x00');
    assert.equal(await result(url, 'eth_signTransaction', [{}]), '0x00');
    const before = await result(url, 'eth_blockNumber');
    assert.equal(
      await result(url, 'eth_sendTransaction', [{ from: node.accounts[0].address }]),
      '0x' + '0'.repeat(64),
    );
    assert.equal(await result(url, 'eth_blockNumber'), before, 'the stub sends nothing');
    assert.ok(
      warnings.some((w) => /eth_sendTransaction is a stub/.test(w)),
      warnings.join('\n'),
    );
  });

  it('answers balances from the genesis funding: dev accounts 10 000 ether, others 0', async () => {
    assert.equal(
      BigInt(await result<string>(url, 'eth_getBalance', [node.accounts[0].address, 'latest'])),
      10n ** 22n,
    );
    assert.equal(await result(url, 'eth_getBalance', ['0x' + '12'.repeat(20), 'latest']), '0x0');
    assert.deepEqual((await call(url, 'eth_getBalance', [node.accounts[0].address, 'soon'])).error, {
      code: -32602,
      message: 'Invalid Block Number: soon',
    });
  });
});

describe('Web3 transactions in the pool and the chain', () => {
  let dir: string;
  let node: Devnode;
  let url: string;
  let wallet: Wallet;
  let store: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web3-rpc-'));
    node = await startDevnode({ port: 0, web3Port: 0, accounts: 2, logLevel: 'silent', dataDir: dir });
    url = node.web3Url!;
    wallet = new Wallet(node.accounts[1].privateKey);
  });
  after(async () => {
    await node?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deploys, estimates gas, reads storage, and refuses what the pool refuses', async () => {
    const { bytecode } = storeArtifact();
    const data = bytecode + AbiCoder.defaultAbiCoder().encode(['uint256'], [5n]).slice(2);
    // EthEndpoint::estimateGas: the gas the call used, also for a deployment (no "to").
    assert.ok(BigInt(await result<string>(url, 'eth_estimateGas', [{ from: wallet.address, data }])) > 0n);
    const raw = await sign(wallet, { nonce: 0, data });
    const hash = await result<string>(url, 'eth_sendRawTransaction', [raw]);
    assert.equal(hash, keccak256(raw));
    const r = await receipt(url, hash);
    assert.equal(r.status, '0x1');
    store = String(r.contractAddress).toLowerCase();
    // Slot 0 holds `value`.
    assert.equal(BigInt(await result<string>(url, 'eth_getStorageAt', [store, '0x0', 'latest'])), 5n);
    assert.equal(await result(url, 'eth_getTransactionCount', [wallet.address, 'latest']), '0x1');

    // Web3NonceChecker: a nonce below the account's is NonceCheckFail, a txpool status that
    // surfaces as an internal error (-32603) with its name.
    assert.deepEqual((await call(url, 'eth_sendRawTransaction', [raw])).error, {
      code: -32603,
      message: 'NonceCheckFail',
    });
    const far = await sign(wallet, { nonce: 1_000_002, to: store, data: '0x' });
    assert.deepEqual((await call(url, 'eth_sendRawTransaction', [far])).error, {
      code: -32603,
      message: 'NonceCheckFail',
    });
    // TxValidator::validateChainId: an EIP-155 chain id other than web3_chain_id.
    const otherChain = await wallet.signTransaction({
      chainId: 1n,
      nonce: 1,
      to: store,
      gasPrice: 0n,
      gasLimit: 50_000n,
    });
    assert.deepEqual((await call(url, 'eth_sendRawTransaction', [otherChain])).error, {
      code: -32603,
      message: 'InvalidChainId',
    });
    assert.equal((await call(url, 'eth_sendRawTransaction', ['0x1234'])).error?.code, -32602);
    assert.deepEqual((await call(url, 'eth_sendRawTransaction', ['0x04c0'])).error, {
      code: -32602,
      message: 'Unsupported transaction type',
    });
    assert.equal(
      await result(url, 'eth_getTransactionCount', [wallet.address, 'latest']),
      '0x1',
      'nothing changed',
    );
  });

  it('executes a nonce gap at once and moves the account nonce past it (no Ethereum-style queue)', async () => {
    const data = '0x6057361d' + AbiCoder.defaultAbiCoder().encode(['uint256'], [8n]).slice(2);
    const hash = await result<string>(url, 'eth_sendRawTransaction', [
      await sign(wallet, { nonce: 5, to: store, data }),
    ]);
    assert.equal((await receipt(url, hash)).status, '0x1');
    // TransactionExecutor::updateEoaNonce: max(stored, used) + 1.
    assert.equal(await result(url, 'eth_getTransactionCount', [wallet.address, 'latest']), '0x6');
    const call8 = await result<string>(url, 'eth_call', [{ to: store, data: '0x3fa4f245' }, 'latest']);
    assert.equal(BigInt(call8), 8n);
  });

  it('answers a failed eth_call with the status as the code and the output as data', async () => {
    const data = '0x6057361d' + AbiCoder.defaultAbiCoder().encode(['uint256'], [13n]).slice(2);
    const a = await call(url, 'eth_call', [{ to: store, data }, 'latest']);
    assert.equal(a.error?.code, 16); // RevertInstruction
    assert.equal(a.error?.message, ''); // TransactionExecutive::parseEVMCResult sets none
    assert.match(String(a.error?.data), /^0x08c379a0/); // Error(string)
    assert.deepEqual((await call(url, 'eth_call', ['nope', 'latest'])).error, {
      code: -32602,
      message: 'Invalid call request!',
    });
  });

  it('serves filters with the Web3 filter system codes', async () => {
    const id = await result<string>(url, 'eth_newBlockFilter');
    const data = '0x6057361d' + AbiCoder.defaultAbiCoder().encode(['uint256'], [9n]).slice(2);
    const hash = await result<string>(url, 'eth_sendRawTransaction', [
      await sign(wallet, { nonce: 6, to: store, data }),
    ]);
    const r = await receipt(url, hash);
    assert.deepEqual(await result(url, 'eth_getFilterChanges', [id]), [r.blockHash]);
    assert.equal(await result(url, 'eth_uninstallFilter', [id]), true);
    // Web3FilterSystem / Web3FilterRequest: invalid params are -32000.
    assert.deepEqual((await call(url, 'eth_getFilterChanges', [id])).error, {
      code: -32000,
      message: 'filter not found',
    });
    assert.deepEqual(
      (await call(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: store }])).error,
      {
        code: -32000,
        message: 'topics is null',
      },
    );
    const logs = await result<{ transactionHash: string }[]>(url, 'eth_getLogs', [
      { fromBlock: r.blockNumber, toBlock: 'latest', address: store, topics: [] },
    ]);
    assert.deepEqual(
      logs.map((l) => l.transactionHash),
      [hash],
    );
  });

  it('keeps Web3 transactions and nonces across a restart', async () => {
    const hash = await result<string>(url, 'eth_sendRawTransaction', [
      await sign(wallet, { nonce: 7, to: store, data: '0x3fa4f245' }),
    ]);
    const before = await receipt(url, hash);
    await node.stop();
    node = await startDevnode({ port: 0, web3Port: 0, accounts: 2, logLevel: 'silent', dataDir: dir });
    url = node.web3Url!;
    assert.equal(await result(url, 'eth_getTransactionCount', [wallet.address, 'latest']), '0x8');
    const after = await result<Record<string, unknown>>(url, 'eth_getTransactionReceipt', [hash]);
    assert.equal(after.blockHash, before.blockHash);
    const tx = await result<Record<string, unknown>>(url, 'eth_getTransactionByHash', [hash]);
    assert.equal(tx.nonce, '0x7');
    assert.equal(String(tx.from).toLowerCase(), wallet.address.toLowerCase());
  });
});

describe('Web3 JSON-RPC and the pool before a block', () => {
  it('answers the hash once pooled and counts pending nonces (sync_transaction off)', async () => {
    // A long block time keeps the transaction in the pool.
    const node = await startDevnode({
      port: 0,
      web3Port: 0,
      accounts: 2,
      logLevel: 'silent',
      blockTimeMs: 600_000,
    });
    try {
      const url = node.web3Url!;
      const wallet = new Wallet(node.accounts[0].privateKey);
      const raw = await sign(wallet, { nonce: 0, to: node.accounts[1].address, data: '0x' });
      assert.equal(await result(url, 'eth_sendRawTransaction', [raw]), keccak256(raw));
      assert.equal(await result(url, 'eth_getTransactionReceipt', [keccak256(raw)]), null);
      assert.equal(await result(url, 'eth_getTransactionCount', [wallet.address, 'latest']), '0x0');
      // EthEndpoint::getTransactionCount "pending": the txpool's next nonce.
      assert.equal(await result(url, 'eth_getTransactionCount', [wallet.address, 'pending']), '0x1');
      // MemoryStorage::txpoolStorageCheck: the same transaction again is AlreadyInTxPool.
      assert.deepEqual((await call(url, 'eth_sendRawTransaction', [raw])).error, {
        code: -32603,
        message: 'AlreadyInTxPool',
      });
    } finally {
      await node.stop();
    }
  });

  it('refuses --web3 on an SM chain with a clear error', async () => {
    await assert.rejects(
      startDevnode({ port: 0, web3Port: 0, sm: true, logLevel: 'silent' }),
      /--web3 needs a secp256k1 chain/,
    );
  });
});
