// The dev node's handlers for MLOAD, MSTORE, MSTORE8, SLOAD, KECCAK256, RETURN, REVERT and CALLDATALOAD
// (src/devnode/evm/fastWordOps.ts: synchronous gas handlers, faster word conversions) must
// behave exactly as @ethereumjs/evm's own: every program runs on an EVM without them (with the
// original step loop) and on one with them (with the dev node's step loop, and with the original
// loop as a debugger trace runs it), and the output, error and gas are compared: memory
// expansion in and past the first 8 KiB and out of gas, hashes of every size, cold and warm
// slots, missing and stored values of every width.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { toHex, uint256Bytes } from '../../../src/protocol/hex';
import { installFastMstore } from '../../../src/devnode/evm/fastMstore';
import { installFastWordOps } from '../../../src/devnode/evm/fastWordOps';
import { installJournalKeys } from '../../../src/devnode/evm/fastJournal';
import { installFastLoop } from '../../../src/devnode/evm/fastLoop';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import { keccak256 } from '../../../src/protocol/crypto/keccak';
import { smSuite } from '../../../src/protocol/crypto/suite';
import {
  interpreterPrototypeOf,
  isInterpreterRunProto,
  opcodeMapOf,
} from '../../../src/devnode/evm/ethereumjsInternals';

const TO = new Address(new Uint8Array(20).fill(0x44));
const push = (v: bigint) => '7f' + v.toString(16).padStart(64, '0');
/** MSTORE the top of the stack at 0 and RETURN those 32 bytes. */
const RETURN_TOP = push(0n) + '52' + push(32n) + push(0n) + 'f3';

const OFFSETS = [0n, 1n, 31n, 100n, 8190n, 9000n, 2n ** 32n, 2n ** 64n];
const RANGES: [bigint, bigint][] = [
  [0n, 0n],
  [2n ** 60n, 0n],
  [0n, 32n],
  [5n, 100n],
  [8000n, 500n],
  [0n, 9000n],
  [2n ** 40n, 1n],
  [0n, 2n ** 40n],
];
const SLOTS: [bigint, Uint8Array][] = [
  [1n, Uint8Array.of(0x2a)],
  [2n, uint256Bytes(2n ** 255n + 3n)],
  [3n, Uint8Array.of(0x00, 0xff, 0x01)],
  [4n, uint256Bytes(0x0123456789abcdefn << 100n)],
];

function programs(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of OFFSETS) {
    out[`MSTORE, MLOAD at ${o}`] = push(0xabcdef0123n << 150n) + push(o) + '52' + push(o) + '51' + RETURN_TOP;
    out[`MSTORE8, MLOAD at ${o}`] = push(0x1234n) + push(o) + '53' + push(o) + '51' + RETURN_TOP;
    out[`MLOAD of untouched memory at ${o}`] = push(o) + '51' + RETURN_TOP;
  }
  for (const [o, n] of RANGES) {
    out[`KECCAK256 of ${n} at ${o}`] = push(n) + push(o) + '20' + RETURN_TOP;
    out[`RETURN ${n} at ${o}`] = push(n) + push(o) + 'f3';
    out[`REVERT ${n} at ${o}`] = push(n) + push(o) + 'fd';
  }
  // CALLDATALOAD over the 40 bytes of calldata run() passes: inside, cut by the end, at the end,
  // past it, far past it.
  for (const o of [0n, 1n, 8n, 9n, 39n, 40n, 41n, 2n ** 70n]) {
    out[`CALLDATALOAD at ${o}`] = push(o) + '35' + RETURN_TOP;
  }
  for (const s of [0n, 1n, 2n, 3n, 4n, 2n ** 200n]) {
    // Cold, then warm: the second SLOAD costs less.
    out[`SLOAD ${s} twice`] = push(s) + '54' + push(s) + '54' + '01' + RETURN_TOP;
  }
  return out;
}

async function newEvm(fast: boolean, devnodeState = false): Promise<EVM> {
  const evm = await createEVM({
    // The chain's hash for KECCAK256, as the executor gives it: Keccak-256, or SM3 on SM chains.
    common: new Common({
      chain: Mainnet,
      hardfork: Hardfork.Cancun,
      customCrypto: { keccak256: devnodeState ? (d: Uint8Array) => smSuite.hash(d) : keccak256 },
    }),
    // The dev node's state answers SLOAD synchronously; @ethereumjs's own only with a promise.
    ...(devnodeState ? { stateManager: new JournaledStateManager() } : {}),
  });
  if (fast) {
    installFastMstore(evm);
    installFastWordOps(evm);
    installJournalKeys(evm.journal);
    const proto = await interpreterPrototypeOf(evm);
    assert.ok(proto !== undefined && isInterpreterRunProto(proto));
    installFastLoop(proto);
  }
  for (const [slot, value] of SLOTS) await evm.stateManager.putStorage(TO, uint256Bytes(slot), value);
  return evm;
}

async function run(evm: EVM, code: string, originalLoop: boolean) {
  evm.journal.cleanJournal();
  // A step listener makes the interpreter keep @ethereumjs's own loop (fastLoop.ts).
  const step = () => {};
  if (originalLoop) evm.events.on('step', step);
  try {
    const r = await evm.runCode({
      code: Buffer.from(code, 'hex'),
      data: Buffer.from('00ab' + 'cd'.repeat(36) + 'ef01', 'hex'),
      gasLimit: 3_000_000n,
      to: TO,
    });
    return { out: toHex(r.returnValue), gas: r.executionGasUsed, error: r.exceptionError?.error };
  } catch (e) {
    // @ethereumjs's step event reads the memory a failing expansion asked for (1 TiB here) and
    // throws: with or without the dev node's handlers alike.
    return { thrown: e instanceof Error ? e.message : String(e) };
  } finally {
    evm.events.off('step', step);
  }
}

describe('EVM: the word and memory opcodes with synchronous gas', () => {
  it('are installed in the opcode table', async () => {
    const plain = await newEvm(false);
    const fast = await newEvm(true);
    for (const op of [0x20, 0x35, 0x51, 0x52, 0x53, 0x54, 0xf3, 0xfd])
      assert.notEqual(opcodeMapOf(fast)?.[op], opcodeMapOf(plain)?.[op], op.toString(16));
  });

  for (const devnodeState of [false, true])
    it(`answer as @ethereumjs/evm does: output, error and gas (${devnodeState ? "the dev node's state, SM3" : "@ethereumjs's state, Keccak"})`, async () => {
      const plain = await newEvm(false, devnodeState);
      const fast = await newEvm(true, devnodeState);
      const errors = new Set<string | undefined>();
      for (const [name, code] of Object.entries(programs())) {
        // (The plain EVM shares the Interpreter class, so it runs the dev node's loop too when
        // nothing listens to steps: the handlers are what differs.)
        const want = await run(plain, code, false);
        assert.deepEqual(await run(fast, code, false), want, name);
        assert.deepEqual(
          await run(fast, code, true),
          await run(plain, code, true),
          `${name} (original loop)`,
        );
        assert.ok('error' in want, name);
        errors.add(want.error);
      }
      // The programs reach success, revert and out of gas.
      assert.deepEqual([...errors].sort(), ['out of gas', 'revert', undefined]);
    });
});
