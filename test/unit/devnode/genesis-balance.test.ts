// One source of truth for balances: the dev accounts are funded at genesis in the chain state
// (as Ledger::buildGenesisBlock → importGenesisState writes GenesisConfig's allocs into the
// account table's balance field), and the Web3 RPC's eth_getBalance (EthEndpoint::getBalance
// reads that field), BalancePrecompiled's getBalance (0x1011) and value transfers all use it.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Wallet } from 'ethers';
import { startDevnode, type Devnode } from '../../../src/devnode';
import { BALANCE_ABI } from '../../../src/devnode/builtin/balance';
import { DEV_BALANCE } from '../../../src/devnode/chain/keys';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { newChain, signedTx } from './chain-fixtures';
import { builtin, setSystemConfig } from './parity-helpers';

const BALANCE = '0x' + '1011'.padStart(40, '0');
const STRANGER = '0x' + '5a'.repeat(20);

/** A version-1 FISCO transaction carrying `value`, as the SDK sends it. */
function valueTx(chain: DevChain, from: number, to: string, value: bigint) {
  const raw = signedTx(chain, chain.accounts[from].privateKey, {
    version: 1,
    to,
    value: '0x' + value.toString(16),
    gasPrice: '0x0',
    gasLimit: 0n,
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
  });
  return chain.submit(raw.raw).then((r) => ({ ...r, hash: raw.hash }));
}

async function precompiledBalance(chain: DevChain, address: string): Promise<bigint> {
  const bal = builtin(chain, BALANCE_ABI);
  const r = await chain.call(BALANCE, bal.encode('getBalance', [address]));
  assert.equal(r.status, 0);
  return BigInt(bal.decode('getBalance', r.output)[0] as bigint);
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const a = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (a.error) throw new Error(`${method}: ${a.error.message}`);
  return a.result;
}

describe('dev account balances: Web3 RPC, BalancePrecompiled and value transfers agree', () => {
  let node: Devnode;
  let url: string;
  const web3Balance = async (a: string) => BigInt(String(await rpc(url, 'eth_getBalance', [a, 'latest'])));

  before(async () => {
    node = await startDevnode({ port: 0, web3Port: 0, accounts: 3, auth: false, logLevel: 'silent' });
    url = node.web3Url!;
  });
  after(() => node?.stop());

  it('without feature_balance, reads return the genesis balance and value does not move', async () => {
    const [, a1, a2] = node.accounts.map((a) => a.address);
    assert.equal(await web3Balance(a1), DEV_BALANCE);
    assert.equal(await node.chain.balance(a1), DEV_BALANCE);
    assert.equal(await web3Balance(STRANGER), 0n);
    // TransactionExecutive::execute passes value 0 to the EVM without feature_balance; the target
    // has no code, so the node answers CallAddressError (19).
    const t = await valueTx(node.chain, 1, a2, 5n);
    assert.equal(t.receipt.data.status, 19);
    assert.equal(await web3Balance(a1), DEV_BALANCE);
    assert.equal(await web3Balance(a2), DEV_BALANCE);
  });

  it('with feature_balance, a dev account transfers without funding first; all reads agree', async () => {
    const chain = node.chain;
    const a1 = node.accounts[1].address;
    await setSystemConfig(chain, 'feature_balance', '1');
    await setSystemConfig(chain, 'feature_balance_precompiled', '1');
    const agree = async (address: string, expected: bigint) => {
      assert.equal(await web3Balance(address), expected, `eth_getBalance ${address}`);
      assert.equal(await precompiledBalance(chain, address), expected, `0x1011 getBalance ${address}`);
    };
    await agree(a1, DEV_BALANCE);
    await agree(STRANGER, 0n);

    // A FISCO value transfer from an account nobody funded through 0x1011 (not a governor).
    const pay = await valueTx(chain, 1, STRANGER, 1234n);
    assert.equal(pay.receipt.data.status, 0);
    await agree(a1, DEV_BALANCE - 1234n);
    await agree(STRANGER, 1234n);

    // A Web3 transfer (ethers-signed, eth_sendRawTransaction) moves the same balances.
    const wallet = new Wallet(node.accounts[1].privateKey);
    const raw = await wallet.signTransaction({
      chainId: 20200n,
      type: 0,
      nonce: 0,
      gasPrice: 0n,
      gasLimit: 100_000n,
      to: STRANGER,
      value: 10n ** 18n,
    });
    const hash = String(await rpc(url, 'eth_sendRawTransaction', [raw]));
    let receipt: { status?: string } | null = null;
    for (let i = 0; i < 400 && receipt === null; i++) {
      receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null;
      if (receipt === null) await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(receipt?.status, '0x1');
    await agree(a1, DEV_BALANCE - 1234n - 10n ** 18n);
    await agree(STRANGER, 1234n + 10n ** 18n);

    // The debugger's replay starts from the same funded genesis, so it reproduces the receipt.
    const trace = await chain.traceTransaction(pay.hash, DEFAULT_TRACE_LIMITS);
    assert.equal(trace?.status, 0);
    assert.equal(trace?.matchesReceipt, true);
  });
});

describe('genesis funding and data directories', () => {
  it('a data directory records the accounts its genesis funded; later accounts start at 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'genesis-balance-'));
    try {
      const a = await newChain({ dataDir, accounts: 2, builtins: undefined });
      await a.close();
      const meta = JSON.parse(readFileSync(join(dataDir, 'chain.json'), 'utf8')) as Record<string, unknown>;
      assert.equal(meta.fundedAccounts, 2);
      // The account count may grow on reopening; genesis is not rerun, so the new one holds 0.
      const b = await newChain({ dataDir, accounts: 3, builtins: undefined });
      try {
        assert.equal(await b.balance(b.accounts[0].address), DEV_BALANCE);
        assert.equal(await b.balance(b.accounts[1].address), DEV_BALANCE);
        assert.equal(await b.balance(b.accounts[2].address), 0n);
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a directory from before genesis funding keeps its state and says so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'genesis-balance-old-'));
    try {
      const a = await newChain({ dataDir, accounts: 1, builtins: undefined });
      await a.close();
      // chain.json as an older devnode wrote it: no fundedAccounts.
      const path = join(dataDir, 'chain.json');
      const meta = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      delete meta.fundedAccounts;
      const before = JSON.stringify(meta, null, 2) + '\n';
      writeFileSync(path, before);
      const warnings: string[] = [];
      const b = await newChain({
        dataDir,
        accounts: 2,
        builtins: undefined,
        log: (level, message) => {
          if (level === 'warn') warnings.push(message);
        },
      });
      try {
        // Nothing is rewritten: the stored state answers, and chain.json is left as it was.
        assert.equal(await b.balance(b.accounts[0].address), DEV_BALANCE);
        assert.equal(await b.balance(b.accounts[1].address), 0n);
        assert.equal(readFileSync(path, 'utf8'), before);
        assert.ok(
          warnings.some((w) => /before the dev node funded its dev accounts at genesis/.test(w)),
          warnings.join('\n'),
        );
        assert.ok(warnings.some((w) => w.includes('--fresh')));
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
