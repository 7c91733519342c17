// The dev node reaches into two private members of @ethereumjs/evm (see
// src/devnode/evm/ethereumjsInternals.ts). package.json pins the exact version; this test runs
// against the installed one and fails, naming the member, if an upgrade removed or reshaped it.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import {
  isInterpreterProto,
  isStepHookProto,
  opcodeMapOf,
  overrideGenerateAddress,
} from '../../../src/devnode/evm/ethereumjsInternals';
import {
  RUN_STATE_KEYS,
  STATIC_FRAME_ENV_KEYS,
  staticFrameRunner,
} from '../../../src/devnode/evm/staticCall';

async function freshEvm(): Promise<EVM> {
  return createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Paris }) });
}

describe('@ethereumjs/evm private members the dev node depends on', () => {
  it('EVM._generateAddress exists and the EVM uses the override for CREATE', async () => {
    const evm = await freshEvm();
    const fixed = new Address(new Uint8Array(20).fill(0xab));
    assert.doesNotThrow(
      () => overrideGenerateAddress(evm, () => Promise.resolve(fixed)),
      'EVM._generateAddress is gone or no longer a method: FISCO BCOS contract addresses cannot be derived',
    );
    // A creation with empty init code: the new account's address is whatever _generateAddress said.
    const r = await evm.runCall({
      data: new Uint8Array(0),
      gasLimit: 100_000n,
      caller: new Address(new Uint8Array(20)),
    });
    assert.equal(
      r.createdAddress?.toString(),
      fixed.toString(),
      'EVM.runCall no longer asks EVM._generateAddress for the CREATE address',
    );
  });

  it('EVM._opcodeMap is a 256-entry opcode table and leads to Interpreter._getValidJumpDestinations', async () => {
    const evm = await freshEvm();
    const map = opcodeMapOf(evm);
    assert.ok(
      map,
      'EVM._opcodeMap is missing, or no longer a 256-entry table whose STOP entry has an opHandler',
    );
    const stop = map[0];
    let proto: unknown;
    let memory: { read?: unknown } | undefined;
    map[0] = {
      ...stop,
      opHandler(runState, common) {
        if (runState.interpreter !== undefined) proto = Object.getPrototypeOf(runState.interpreter);
        memory = Reflect.get(runState, 'memory') as typeof memory;
        return stop.opHandler(runState, common);
      },
    };
    try {
      await evm.runCode({ code: new Uint8Array([0x00]), gasLimit: 1000n });
    } finally {
      map[0] = stop;
    }
    assert.ok(proto !== undefined, 'an opHandler no longer receives runState.interpreter');
    assert.ok(isInterpreterProto(proto), 'Interpreter.prototype._getValidJumpDestinations is gone');
    assert.ok(isStepHookProto(proto), 'Interpreter.prototype._runStepHook is gone (traceStepHook.ts)');
    // The guard shadows Memory.read with an own property for one event, then deletes it.
    assert.equal(typeof memory?.read, 'function', 'runState.memory.read is gone');
    assert.ok(!Object.hasOwn(memory!, 'read'), 'Memory.read is no longer a prototype method');
  });

  it("EVM.runInterpreter's environment and the Interpreter's run state are what the static frame runner builds", async () => {
    const evm = await freshEvm();
    const map = opcodeMapOf(evm);
    assert.ok(map);
    const stop = map[0];
    let proto: object | undefined;
    let envKeys: string[] = [];
    map[0] = {
      ...stop,
      opHandler(runState, common) {
        const rs = runState as { interpreter?: object; env?: object };
        if (rs.interpreter !== undefined) proto = Object.getPrototypeOf(rs.interpreter) as object;
        if (rs.env !== undefined) envKeys = Object.keys(rs.env);
        return stop.opHandler(runState, common);
      },
    };
    try {
      await evm.runCode({ code: new Uint8Array([0x00]), gasLimit: 1000n });
    } finally {
      map[0] = stop;
    }
    assert.ok(proto !== undefined);
    assert.deepEqual(
      envKeys,
      STATIC_FRAME_ENV_KEYS,
      'EVM.runInterpreter builds a different frame environment',
    );
    // staticFrameRunner checks a fresh Interpreter's run state (RUN_STATE_KEYS), Memory and Stack.
    assert.ok(
      staticFrameRunner(evm, proto) !== undefined,
      `the Interpreter's run state is no longer ${RUN_STATE_KEYS.join(', ')} with an 8 KiB Memory`,
    );
  });
});
