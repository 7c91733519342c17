// The built-ins a 3.16 node registers at genesis that contracts call directly: Crypto (0x100a),
// Cast (0x100f) and AccountManager (0x10003), plus the contract status check on `call`. On a
// keccak chain and an SM chain, with selectors computed with the chain's hash.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { CONTRACT_AUTH_ABI } from '../../../src/protocol/builtin/auth';
import { keccak256, sm3, smSuite } from '../../../src/protocol/crypto/suite';
import { sm2SignRaw } from '../../../src/protocol/crypto/sm';
import { fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { CRYPTO_ABI } from '../../../src/devnode/builtin/crypto-tools';
import { CAST_ABI } from '../../../src/devnode/builtin/cast-tools';
import { ACCOUNT_MANAGER_ABI } from '../../../src/devnode/builtin/account-manager';
import { compile } from './chain-fixtures';
import { SUITES, builtin, deployCode, realChain, reason, send } from './parity-helpers';

const CRYPTO = '0x' + '100a'.padStart(40, '0');
const CAST = '0x' + '100f'.padStart(40, '0');
const ACCOUNTS = '0x' + '10003'.padStart(40, '0');
const AUTH = '0x' + '1005'.padStart(40, '0');
const ZERO = '0x' + '0'.repeat(40);

const PROBE = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract StatusProbe { uint256 public stored = 5; function set(uint256 v) public { stored = v; } }`).StatusProbe;
const probe = new Interface(PROBE.abi as never);
const CALLER = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract InnerCaller {
  function viaStaticcall(address t, bytes calldata data) public returns (bool ok, bytes memory out) {
    (ok, out) = t.staticcall(data);
  }
  function viaCall(address t, bytes calldata data) public returns (bool ok, bytes memory out) {
    (ok, out) = t.call(data);
  }
}`).InnerCaller;
const caller = new Interface(CALLER.abi as never);

for (const { name, sm } of SUITES) {
  describe(`genesis built-ins (${name})`, () => {
    it('Crypto 0x100a: sm3, keccak256Hash and sm2Verify answer; curve25519VRFVerify is refused', async () => {
      const chain = await realChain(sm);
      try {
        const crypto = builtin(chain, CRYPTO_ABI);
        const ask = async (fn: string, args: unknown[]) => {
          const c = await chain.call(CRYPTO, crypto.encode(fn, args));
          return {
            status: c.status,
            output: c.output,
            values: c.status === 0 ? crypto.decode(fn, c.output) : [],
          };
        };
        const abc = utf8Encode('abc');
        // CryptoPrecompiled::call: sm3 and keccak256Hash hash with the named algorithm on any chain.
        assert.equal((await ask('sm3', [abc])).values[0], toHex(sm3(abc)));
        assert.equal((await ask('keccak256Hash', [abc])).values[0], toHex(keccak256(abc)));
        // CryptoPrecompiled::sm2Verify: (true, right160(sm3(publicKey))) for a good signature,
        // (false, 0x0) otherwise.
        const key = smSuite.randomPrivateKey();
        const message = sm3(utf8Encode('signed text'));
        const { rs, publicKey } = sm2SignRaw(message, key);
        const good = await ask('sm2Verify', [message, publicKey, rs.subarray(0, 32), rs.subarray(32)]);
        assert.equal(good.values[0], true);
        assert.equal(String(good.values[1]).toLowerCase(), smSuite.address(publicKey));
        const tampered = message.slice();
        tampered[0] ^= 1;
        const bad = await ask('sm2Verify', [tampered, publicKey, rs.subarray(0, 32), rs.subarray(32)]);
        assert.deepEqual([bad.values[0], bad.values[1]], [false, ZERO]);
        // WeDPR's curve25519 VRF is not available here: a clear PrecompiledError, never a fake answer.
        const vrf = await ask('curve25519VRFVerify', [abc, abc, abc]);
        assert.equal(vrf.status, 15);
        assert.match(reason(vrf.output) ?? '', /curve25519VRFVerify is not available on the devnode/);
      } finally {
        await chain.close();
      }
    });

    it('Cast 0x100f: conversions, and a bad number fails with status 1 "InternalPrecompiledFailed"', async () => {
      const chain = await realChain(sm);
      try {
        const cast = builtin(chain, CAST_ABI);
        const ask = async (fn: string, arg: unknown) => {
          const c = await chain.call(CAST, cast.encode(fn, [arg]));
          return {
            status: c.status,
            output: c.output,
            value: c.status === 0 ? cast.decode(fn, c.output)[0] : undefined,
          };
        };
        // CastPrecompiled::call: boost::lexical_cast conversions.
        assert.equal((await ask('stringToS256', '-42')).value, -42n);
        assert.equal((await ask('stringToU256', (2n ** 256n - 1n).toString())).value, 2n ** 256n - 1n);
        assert.equal((await ask('stringToS64', '-9223372036854775808')).value, -(2n ** 63n));
        assert.equal((await ask('s256ToString', -7n)).value, '-7');
        assert.equal((await ask('u256ToString', 12345n)).value, '12345');
        assert.equal((await ask('s64ToString', -5n)).value, '-5');
        // Address::hex(): lowercase, no 0x.
        assert.equal((await ask('addrToString', '0x' + 'AB'.repeat(20))).value, 'ab'.repeat(20));
        assert.equal(
          String((await ask('stringToAddr', '0x' + 'AB'.repeat(20))).value).toLowerCase(),
          '0x' + 'ab'.repeat(20),
        );
        // FixedHash(..., FailIfDifferent): hex of the wrong length gives the zero address.
        assert.equal((await ask('stringToAddr', '0x1234')).value, ZERO);
        // toString32 pads with zeros; bytes32ToString keeps all 32 bytes (resize(32)).
        const b32 = (await ask('stringToBytes32', 'hi')).value as string;
        assert.equal(b32, toHex(Uint8Array.from([0x68, 0x69, ...new Array<number>(30).fill(0)])));
        assert.equal((await ask('bytes32ToString', b32)).value, 'hi' + '\0'.repeat(30));
        // lexical_cast throws std::bad_lexical_cast → callPrecompiled's std::exception branch:
        // status Unknown (1), writeErrInfoToOutput("InternalPrecompiledFailed").
        for (const [fn, arg] of [
          ['stringToS256', 'abc'],
          ['stringToS64', '9223372036854775808'],
          ['stringToU256', '-1'],
          ['stringToAddr', '0xzz'],
        ]) {
          const r = await ask(fn, arg);
          assert.equal(r.status, 1, `${fn}(${arg})`);
          assert.equal(reason(r.output), 'InternalPrecompiledFailed', `${fn}(${arg})`);
        }
      } finally {
        await chain.close();
      }
    });

    it('AccountManager 0x10003: governors freeze and abolish accounts; the status applies from the next block', async () => {
      const chain = await realChain(sm, true);
      try {
        const am = builtin(chain, ACCOUNT_MANAGER_ABI);
        const [governor, user, other] = chain.accounts.map((a) => a.address);
        void governor;
        const statusOf = async (a: string) =>
          Number(
            am.decode(
              'getAccountStatus',
              (await chain.call(ACCOUNTS, am.encode('getAccountStatus', [a]))).output,
            )[0],
          );
        const setStatus = (a: string, s: number, from = 0) =>
          send(chain, ACCOUNTS, am.encode('setAccountStatus', [a, s]), from);
        const code = (r: Awaited<ReturnType<typeof send>>) =>
          Number(am.decode('setAccountStatus', r.receipt.data.output)[0]);
        const userTx = () => send(chain, ACCOUNTS, am.encode('getAccountStatus', [other]), 1);

        // AccountManagerPrecompiled::setAccountStatus: a caller that is not a governor gets -50000.
        const denied = await setStatus(other, 1, 1);
        assert.equal(denied.receipt.data.status, 0);
        assert.equal(code(denied), -50000);
        // … and a governor's own status cannot be set.
        const self = await setStatus(chain.accounts[0].address, 1);
        assert.equal(self.receipt.data.status, 15);
        assert.equal(reason(self.receipt.data.output), "Should not set governor's status.");

        // Freeze and a transaction of the frozen account in the same block: AccountPrecompiled
        // ::getAccountStatus reads the new status only when number > last_update.
        const [frozen, sameBlock] = await Promise.all([setStatus(user, 1), userTx()]);
        assert.equal(code(frozen), 0);
        assert.equal(sameBlock.block.header.blockNumber, frozen.block.header.blockNumber);
        assert.equal(sameBlock.receipt.data.status, 0);
        assert.equal(await statusOf(user), 1);
        // TransactionExecutive::checkAuth → checkAccountAvailable: 22 "Account is frozen.".
        const refused = await userTx();
        assert.equal(refused.receipt.data.status, 22);
        assert.equal(reason(refused.receipt.data.output), 'Account is frozen.');
        // Unfreeze, then abolish: 23 "Account is abolished.", and no way back.
        assert.equal(code(await setStatus(user, 0)), 0);
        assert.equal((await userTx()).receipt.data.status, 0);
        assert.equal(code(await setStatus(user, 2)), 0);
        const gone = await userTx();
        assert.equal(gone.receipt.data.status, 23);
        assert.equal(reason(gone.receipt.data.output), 'Account is abolished.');
        const back = await setStatus(user, 0);
        assert.equal(back.receipt.data.status, 15);
        assert.equal(
          reason(back.receipt.data.output),
          'External call revert: Account already abolish, should not set any status.',
        );
        assert.equal(await statusOf(user), 2);
        // A contract address is not an account: CODE_ACCOUNT_ALREADY_EXIST (-51900).
        const contract = await deployCode(chain, PROBE.bytecode);
        assert.equal(code(await setStatus(contract, 1)), -51900);
      } finally {
        await chain.close();
      }
    });

    it('without auth check a frozen account still transacts (the node checks only with auth on)', async () => {
      const chain = await realChain(sm, false);
      try {
        const am = builtin(chain, ACCOUNT_MANAGER_ABI);
        const user = chain.accounts[1].address;
        const r = await send(chain, ACCOUNTS, am.encode('setAccountStatus', [user, 1]));
        assert.equal(Number(am.decode('setAccountStatus', r.receipt.data.output)[0]), 0);
        // TransactionExecutive::call/create: checkAuth only runs when isAuthCheck().
        const t = await send(chain, ACCOUNTS, am.encode('getAccountStatus', [user]), 1);
        assert.equal(t.receipt.data.status, 0);
      } finally {
        await chain.close();
      }
    });

    it('call to a frozen or abolished contract answers 21 / 24, as transactions do', async () => {
      const chain = await realChain(sm, true);
      try {
        const auth = builtin(chain, CONTRACT_AUTH_ABI);
        const at = await deployCode(chain, PROBE.bytecode);
        const read = () => chain.call(at, fromHex(probe.encodeFunctionData('stored')));
        assert.equal((await read()).status, 0);
        const freeze = await send(chain, AUTH, auth.encode('setContractStatus(address,uint8)', [at, 1]));
        assert.equal(freeze.receipt.data.status, 0);
        // TransactionExecutive::checkAuth → checkContractAvailable runs for static calls too
        // (only checkExecAuth skips them): ContractFrozen 21, no text on >= 3.2, so the request's
        // data (its input) is the output (TransactionExecutor::toExecutionResult setData;
        // BlockExecutive::onTxFinish createReceipt(..., output->data(), ...) for a transaction).
        const frozen = await read();
        assert.equal(frozen.status, 21);
        assert.equal(toHex(frozen.output), probe.encodeFunctionData('stored'));
        const tx = await send(chain, at, fromHex(probe.encodeFunctionData('stored')), 1);
        assert.equal(tx.receipt.data.status, 21);
        assert.equal(toHex(tx.receipt.data.output), probe.encodeFunctionData('stored'));
        const abolish = await send(chain, AUTH, auth.encode('setContractStatus(address,uint8)', [at, 2]));
        assert.equal(abolish.receipt.data.status, 0);
        const c = await read();
        assert.equal(c.status, 24);
        assert.equal(reason(c.output), 'Contract is abolished.');
      } finally {
        await chain.close();
      }
    });

    it('a method closed by its ACL refuses transactions (18) but still answers calls', async () => {
      const chain = await realChain(sm, true);
      try {
        const auth = builtin(chain, CONTRACT_AUTH_ABI);
        const at = await deployCode(chain, PROBE.bytecode);
        const stored = fromHex(probe.encodeFunctionData('stored'));
        // A white list with nobody on it: every account is refused the method.
        const selector = stored.slice(0, 4);
        const typed = await send(chain, AUTH, auth.encode('setMethodAuthType', [at, selector, 1]));
        assert.equal(typed.receipt.data.status, 0);
        const tx = await send(chain, at, stored, 1);
        assert.equal(tx.receipt.data.status, 18);
        // bcos-executor TransactionExecutive.cpp, checkExecAuth: a staticCall passes the method ACL.
        const c = await chain.call(at, stored, chain.accounts[1].address);
        assert.equal(c.status, 0);
        assert.equal(BigInt(toHex(c.output)), 5n);
      } finally {
        await chain.close();
      }
    });

    it('inside a transaction, a STATICCALL passes the method ACL and a CALL is refused by it', async () => {
      const chain = await realChain(sm, true);
      try {
        const auth = builtin(chain, CONTRACT_AUTH_ABI);
        const at = await deployCode(chain, PROBE.bytecode);
        const via = await deployCode(chain, CALLER.bytecode);
        const stored = fromHex(probe.encodeFunctionData('stored'));
        const typed = await send(chain, AUTH, auth.encode('setMethodAuthType', [at, stored.slice(0, 4), 1]));
        assert.equal(typed.receipt.data.status, 0);
        const inner = async (fn: string) => {
          const r = await send(chain, via, fromHex(caller.encodeFunctionData(fn, [at, stored])));
          assert.equal(r.receipt.data.status, 0);
          return caller.decodeFunctionResult(fn, r.receipt.data.output);
        };
        // HostContext::externalRequest: a STATICCALL's request is a staticCall (with
        // bugfix_evm_create2_delegatecall_staticcall_codecopy, on for every chain here: see
        // system-config.test.ts), and checkExecAuth passes static calls; a CALL's is checked
        // against the method ACL ("Call permission denied.").
        const s = await inner('viaStaticcall');
        assert.deepEqual([s[0], BigInt(s[1])], [true, 5n]);
        const c = await inner('viaCall');
        assert.equal(c[0], false);
        assert.equal(reason(fromHex(c[1])), 'Call permission denied.');
      } finally {
        await chain.close();
      }
    });
  });
}
