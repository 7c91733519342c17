// Balances (3.6+) and the other feature flags, against the node's behaviour, on a keccak chain
// and an SM chain: value is ignored without feature_balance, moves with it, BalancePrecompiled
// (0x1011) exists only with feature_balance_precompiled, and features the devnode cannot honour
// are refused with the node's answer for an unknown key.

import { describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { BALANCE_ABI } from '../../../src/devnode/builtin/balance';
import { KV_TABLE_ABI, TABLE_MANAGER_ABI } from '../../../src/protocol/builtin/tables';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEV_BALANCE } from '../../../src/devnode/chain/keys';
import { compile, newChain, signedTx } from './chain-fixtures';
import { SUITES, builtin, realChain, reason, send, setSystemConfig } from './parity-helpers';

const BALANCE = '0x' + '1011'.padStart(40, '0');
const SYS = '0x' + '1000'.padStart(40, '0');

const VAULT = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Vault {
    constructor() payable {}
    function held() public view returns (uint256) { return address(this).balance; }
    function balanceOf(address a) public view returns (uint256) { return a.balance; }
    function pay(address payable to, uint256 v) public { to.transfer(v); }
    function now_() public view returns (uint256) { return block.timestamp; }
}`).Vault;
const vault = new Interface(VAULT.abi as never);

/** A version-1 transaction with a value (hex), as the SDK sends it. */
function valueTx(chain: DevChain, from: number, to: string, value: bigint, input = new Uint8Array(0)) {
  const raw = signedTx(chain, chain.accounts[from].privateKey, {
    version: 1,
    to,
    input,
    value: '0x' + value.toString(16),
    gasPrice: '0x0',
    gasLimit: 0n,
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
  }).raw;
  return chain.submit(raw);
}

async function setFeature(chain: DevChain, key: string): Promise<{ status: number; reason?: string }> {
  const sys = builtin(chain, ['function setValueByKey(string key, string value) returns (int32)']);
  const r = await send(chain, SYS, sys.encode('setValueByKey', [key, '1']));
  return { status: r.receipt.data.status, reason: reason(r.receipt.data.output) };
}

for (const { name, sm } of SUITES) {
  describe(`balance and features (${name})`, () => {
    it('without feature_balance, value is ignored and 0x1011 does not exist', async () => {
      const chain = await realChain(sm);
      try {
        const [, a1, a2] = chain.accounts.map((a) => a.address);
        void a1;
        // Without feature_balance nothing moves (TransactionExecutive::execute passes value 0 to
        // the EVM) and the target has no code: CallAddressError (TransactionExecutive::go).
        const t = await valueTx(chain, 1, a2, 5n);
        assert.equal(t.receipt.data.status, 19);
        // BalancePrecompiled is registered only with feature_balance_precompiled
        // (TransactionExecutor::initEvmEnvironment): 0x1011 is an address without code.
        const bal = builtin(chain, BALANCE_ABI);
        const c = await chain.call(BALANCE, bal.encode('getBalance', [a2]));
        assert.equal(c.status, 19);
        assert.equal(reason(c.output), 'Call address error.');
      } finally {
        await chain.close();
      }
    });

    it('with feature_balance and feature_balance_precompiled, value moves and 0x1011 governs balances', async () => {
      const chain = await realChain(sm);
      try {
        const [a0, a1, a2] = chain.accounts.map((a) => a.address);
        const bal = builtin(chain, BALANCE_ABI);
        const balanceOf = async (a: string) =>
          BigInt(
            bal.decode(
              'getBalance',
              (await chain.call(BALANCE, bal.encode('getBalance', [a]))).output,
            )[0] as bigint,
          );
        // SystemConfigPrecompiled: feature_balance_precompiled needs feature_balance first.
        assert.deepEqual(await setFeature(chain, 'feature_balance_precompiled'), {
          status: 15,
          reason: 'must set feature_balance first',
        });
        await setSystemConfig(chain, 'feature_balance', '1');
        await setSystemConfig(chain, 'feature_balance_precompiled', '1');
        // registerGovernorToCaller: the governors become balance callers.
        const callers = await chain.call(BALANCE, bal.encode('listCaller', []));
        assert.deepEqual(
          [...(bal.decode('listCaller', callers.output)[0] as string[])].map((x) => x.toLowerCase()),
          [a0],
        );

        // The dev accounts hold their genesis funding (Ledger::buildGenesisBlock importGenesisState).
        const D = DEV_BALANCE;
        assert.equal(await balanceOf(a1), D);
        const add = await send(chain, BALANCE, bal.encode('addBalance', [a1, 1000n]));
        assert.equal(add.receipt.data.status, 0);
        assert.equal(await balanceOf(a1), D + 1000n);
        // BalancePrecompiled::addBalance: a sender outside the caller table is refused.
        const denied = await send(chain, BALANCE, bal.encode('addBalance', [a2, 1n]), 2);
        assert.equal(denied.receipt.data.status, 15);
        assert.match(
          reason(denied.receipt.data.output) ?? '',
          /^Permission denied\. Please use "listBalanceGovernor"/,
        );

        // A value transfer to an account: TransactionExecutive::transferBalance, 21000 gas.
        const pay = await valueTx(chain, 1, a2, 300n);
        assert.equal(pay.receipt.data.status, 0);
        assert.equal(BigInt(pay.receipt.data.gasUsed), 21000n);
        assert.equal(await balanceOf(a1), D + 700n);
        assert.equal(await balanceOf(a2), D + 300n);
        // Not enough: AccountPrecompiled::subAccountBalance throws NotEnoughCashError → status 7.
        const broke = await valueTx(chain, 2, a1, D + 301n);
        assert.equal(broke.receipt.data.status, 7);
        assert.equal(reason(broke.receipt.data.output), 'Account balance is not enough!');
        assert.equal(await balanceOf(a2), D + 300n);

        // Deploy with value (payable constructor), then the contract pays out through the EVM.
        const dep = await chain.submit(
          signedTx(chain, chain.accounts[1].privateKey, {
            version: 1,
            input: VAULT.bytecode,
            value: '0x64',
            gasPrice: '0x0',
            gasLimit: 0n,
            maxFeePerGas: '',
            maxPriorityFeePerGas: '',
          }).raw,
        );
        assert.equal(dep.receipt.data.status, 0);
        const at = '0x' + dep.receipt.data.contractAddress;
        const held = await chain.call(at, fromHex(vault.encodeFunctionData('held')));
        assert.equal(BigInt(toHex(held.output)), 100n);
        assert.equal(await balanceOf(a1), D + 600n);
        const out = await send(chain, at, fromHex(vault.encodeFunctionData('pay', [a2, 40n])));
        assert.equal(out.receipt.data.status, 0);
        assert.equal(await balanceOf(a2), D + 340n);
        // BALANCE reads the same balances (EVMHostInterface get_balance with feature_balance).
        const seen = await chain.call(at, fromHex(vault.encodeFunctionData('balanceOf', [a2])));
        assert.equal(BigInt(toHex(seen.output)), D + 340n);

        // transfer, subBalance and the caller list.
        assert.equal(
          (await send(chain, BALANCE, bal.encode('transfer', [a1, a2, 50n]))).receipt.data.status,
          0,
        );
        assert.equal(await balanceOf(a2), D + 390n);
        const sub = await send(chain, BALANCE, bal.encode('subBalance', [a2, D + 10_000n]));
        assert.equal(sub.receipt.data.status, 15);
        assert.equal(reason(sub.receipt.data.output), 'External call revert: Account balance is not enough!');
        const notGov = await send(chain, BALANCE, bal.encode('registerCaller', [a2]), 1);
        assert.equal(reason(notGov.receipt.data.output), 'only governor can register caller');
        assert.equal((await send(chain, BALANCE, bal.encode('registerCaller', [a2]))).receipt.data.status, 0);
        assert.equal(
          (await send(chain, BALANCE, bal.encode('unregisterCaller', [a2]))).receipt.data.status,
          0,
        );
        const last = await send(chain, BALANCE, bal.encode('unregisterCaller', [a0]));
        assert.equal(
          reason(last.receipt.data.output),
          'BalanceGovernor table only has one account, prohibit to unregister',
        );
      } finally {
        await chain.close();
      }
    });

    it('feature_evm_timestamp gives TIMESTAMP in seconds; unimplemented features are refused', async () => {
      const chain = await realChain(sm);
      try {
        const at =
          '0x' +
          (await chain.submit(signedTx(chain, chain.accounts[0].privateKey, { input: VAULT.bytecode }).raw))
            .receipt.data.contractAddress;
        const now = async () =>
          BigInt(toHex((await chain.call(at, fromHex(vault.encodeFunctionData('now_')))).output));
        // HostContext::timestamp: milliseconds unless feature_evm_timestamp (then / 1000).
        assert.ok((await now()) > 10n ** 12n);
        await setSystemConfig(chain, 'feature_evm_timestamp', '1');
        const secs = await now();
        assert.ok(secs < 10n ** 11n && secs > 10n ** 9n, String(secs));
        // SystemConfigPrecompiled's answer for a key it does not take: "unsupported key <key>".
        for (const key of [
          'feature_rpbft',
          'feature_sharding',
          'feature_evm_address',
          'feature_balance_policy2',
        ])
          assert.deepEqual(await setFeature(chain, key), { status: 15, reason: `unsupported key ${key}` });
      } finally {
        await chain.close();
      }
    });
  });
}

describe('built-ins resolved through the tables survive a restart', () => {
  it('0x1011 balances and a KV table contract answer after reopening the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parity-balance-'));
    try {
      const a = await newChain({ dataDir, builtins: undefined });
      const bal = builtin(a, BALANCE_ABI);
      const user = a.accounts[1].address;
      await setSystemConfig(a, 'feature_balance', '1');
      await setSystemConfig(a, 'feature_balance_precompiled', '1');
      assert.equal((await send(a, BALANCE, bal.encode('addBalance', [user, 42n]))).receipt.data.status, 0);
      // A table contract, resolved through the tables like 0x1011.
      const tm = builtin(a, TABLE_MANAGER_ABI);
      const kv = builtin(a, KV_TABLE_ABI);
      const TM = '0x' + '1002'.padStart(40, '0');
      assert.equal(
        (await send(a, TM, tm.encode('createKVTable', ['t_keep', 'k', 'v']))).receipt.data.status,
        0,
      );
      const opened = await a.call(TM, tm.encode('openTable', ['/tables/t_keep']));
      const table = String(tm.decode('openTable', opened.output)[0]);
      assert.equal((await send(a, table, kv.encode('set', ['x', 'y']))).receipt.data.status, 0);
      await a.close();
      const b = await newChain({ dataDir, builtins: undefined });
      try {
        const c = await b.call(BALANCE, bal.encode('getBalance', [user]));
        assert.equal(c.status, 0);
        assert.equal(BigInt(toHex(c.output)), DEV_BALANCE + 42n);
        const got = await b.call(table, kv.encode('get', ['x']));
        assert.equal(got.status, 0);
        assert.deepEqual([...kv.decode('get', got.output)], [true, 'y']);
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
