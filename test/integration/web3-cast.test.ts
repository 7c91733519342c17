// Foundry's cast (npm @foundry-rs/cast-linux-amd64) against the devnode's Web3 port: chain id,
// block number, a legacy transaction signed with a dev key, call, receipt and logs. cast runs with
// its proxies pointed at a closed local port, so any attempt to reach the internet would fail.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { AbiCoder, keccak256, toUtf8Bytes } from 'ethers';
import type { Devnode } from '../../src/devnode';
import { castBinary, startWeb3Devnode, storeArtifact } from './web3-fixture';

const OFFLINE_ENV = {
  ...process.env,
  NO_COLOR: '1',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
  FOUNDRY_DISABLE_NIGHTLY_WARNING: '1',
};

describe('Web3 JSON-RPC with Foundry cast', () => {
  let node: Devnode;
  let cast: string;
  let url: string;

  const run = (...args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(cast, args, { env: OFFLINE_ENV, timeout: 120_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`cast ${args[0]} failed: ${stderr || error.message}`));
        else resolve(stdout.trim());
      });
    });

  before(async () => {
    cast = castBinary();
    node = await startWeb3Devnode();
    url = node.web3Url!;
  });

  after(async () => {
    await node?.stop();
  });

  it('runs offline from the npm package', async () => {
    assert.match(await run('--version'), /cast Version: \d+\.\d+\.\d+/);
  });

  it('reads the chain id and the block number', async () => {
    // eth_chainId: web3_chain_id (EthEndpoint::chainId), 20200 as build_chain.sh writes it.
    assert.equal(await run('chain-id', '--rpc-url', url), '20200');
    assert.equal(await run('block-number', '--rpc-url', url), String(node.chain.blockNumber()));
  });

  it('sends legacy transactions signed with a dev key, calls, and reads receipt and logs', async () => {
    const key = node.accounts[2].privateKey;
    const from = node.accounts[2].address;
    const { bytecode } = storeArtifact();
    const args = AbiCoder.defaultAbiCoder().encode(['uint256'], [5n]).slice(2);
    const deployed = JSON.parse(
      await run(
        'send',
        '--legacy',
        '--json',
        '--private-key',
        key,
        '--rpc-url',
        url,
        '--create',
        bytecode + args,
      ),
    ) as { status: string; contractAddress: string };
    assert.equal(deployed.status, '0x1');
    const address = deployed.contractAddress;
    assert.equal(await run('call', '--rpc-url', url, address, 'value()(uint256)'), '5');

    const sent = JSON.parse(
      await run(
        'send',
        '--legacy',
        '--json',
        '--private-key',
        key,
        '--rpc-url',
        url,
        address,
        'store(uint256)',
        '9',
      ),
    ) as { status: string; transactionHash: string; blockNumber: string; type: string };
    assert.equal(sent.status, '0x1');
    assert.equal(sent.type, '0x0', 'a legacy transaction');
    assert.equal(await run('call', '--rpc-url', url, address, 'value()(uint256)'), '9');

    const tx = JSON.parse(await run('tx', '--json', '--rpc-url', url, sent.transactionHash)) as {
      nonce: string;
      chainId: string;
      from: string;
    };
    assert.equal(tx.from.toLowerCase(), from);
    assert.equal(BigInt(tx.nonce), 1n);
    // EIP-155: the chain id is carried in v and reported back (TransactionResponse.cpp).
    assert.equal(BigInt(tx.chainId), 20200n);

    const receipt = JSON.parse(await run('receipt', '--json', '--rpc-url', url, sent.transactionHash)) as {
      transactionHash: string;
      logs: { address: string; topics: string[]; transactionIndex: string }[];
      logsBloom: string;
    };
    assert.equal(receipt.transactionHash, sent.transactionHash);
    assert.equal(receipt.logs.length, 1);
    const topic = keccak256(toUtf8Bytes('Stored(address,uint256)'));
    assert.equal(receipt.logs[0].topics[0], topic);
    // ReceiptResponse.cpp formats each log's transactionIndex twice: index 0 reads "0x307830".
    assert.equal(receipt.logs[0].transactionIndex, '0x307830');
    assert.equal(receipt.logsBloom.length, 2 + 512);

    const logs = JSON.parse(
      await run(
        'logs',
        '--json',
        '--rpc-url',
        url,
        '--from-block',
        String(BigInt(sent.blockNumber)),
        '--to-block',
        'latest',
        '--address',
        address,
        'Stored(address indexed,uint256)',
      ),
    ) as { transactionHash: string; topics: string[]; data: string; transactionIndex: string }[];
    assert.equal(logs.length, 1);
    assert.equal(logs[0].transactionHash, sent.transactionHash);
    assert.equal(BigInt(logs[0].data), 9n);
    assert.equal(logs[0].topics[1].slice(-40), from.slice(2));
    // LogMatcher::matches writes the plain index.
    assert.equal(logs[0].transactionIndex, '0x0');
  });
});
