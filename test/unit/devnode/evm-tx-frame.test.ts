// A transaction's top frame on the dev node's path (src/devnode/evm/txFrame.ts) must leave
// exactly what EVM.runCall leaves: each program runs as a transaction on two identical EVMs (the
// dev node's state and handlers), once through runCall and once through runTxFrame, and the
// frame result (output, error, gas, refund, logs, self-destructs, created addresses), the frame
// events every frame raises, the accounts and slots afterwards, and the journal's touched
// accounts, warm slots and checkpoints are compared: success, revert, out of gas, invalid
// opcodes, nested calls that succeed and revert, transient storage, CREATE, SELFDESTRUCT, a
// caller with and without an account, under Paris and Cancun. The accounts afterwards are also
// checked against what the EVM rules say (ACCOUNTS below), not only against runCall.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, type EVMResult, type Message } from '@ethereumjs/evm';
import { Account, Address } from '@ethereumjs/util';
import { toHex, uint256Bytes } from '../../../src/protocol/hex';
import { keccak256 } from '../../../src/protocol/crypto/keccak';
import { installFastMstore } from '../../../src/devnode/evm/fastMstore';
import { installFastWordOps } from '../../../src/devnode/evm/fastWordOps';
import { installFastStorageOps } from '../../../src/devnode/evm/fastStorageOps';
import { installFastLoop } from '../../../src/devnode/evm/fastLoop';
import { installStaticFrameRunner, topFrameRunner } from '../../../src/devnode/evm/staticCall';
import { runTxFrame } from '../../../src/devnode/evm/txFrame';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import { blockFor } from '../../../src/devnode/evm/evmAdapters';
import { interpreterPrototypeOf, isInterpreterRunProto } from '../../../src/devnode/evm/ethereumjsInternals';

const CALLER = new Address(new Uint8Array(20).fill(0x11));
const TO = new Address(new Uint8Array(20).fill(0x22));
const OTHER = new Address(new Uint8Array(20).fill(0x33));
const push = (v: bigint) => '7f' + v.toString(16).padStart(64, '0');
const call = (gas: bigint) =>
  push(32n) + push(0n) + push(0n) + push(0n) + push(0n) + '73' + '33'.repeat(20) + push(gas) + 'f1';
const RETURN_TOP = push(0n) + '52' + push(32n) + push(0n) + 'f3';

/** OTHER: stores 7 at slot 1, logs, returns TLOAD(0) (0 under Paris: TLOAD is invalid there). */
const CALLEE = '6007600155' + push(0xeen) + push(32n) + push(0n) + 'a1' + '60005c' + RETURN_TOP;
/** A callee that writes and reverts. */
const REVERTING = '6009600155' + '60206000fd';
/** Init code returning 1 byte of runtime (0x00). */
const INIT = '60016000f3';

/**
 * How a program ends: 'ok', 'fails' (revert, out of gas, invalid opcode), or 'ok under Cancun'
 * (it uses transient storage, an invalid opcode before Cancun). `effects` are its changes to the
 * accounts when it succeeds (nothing changes otherwise).
 */
type Ends = 'ok' | 'fails' | 'ok under Cancun';
interface Effects {
  /** CREATE increments the creating account's nonce. */
  toNonce?: bigint;
  /** SELFDESTRUCT moves TO's balance to the beneficiary (OTHER, created when missing). */
  selfdestructToOther?: boolean;
}

const PROGRAMS: Record<
  string,
  { code: string; other?: string; gas?: bigint; ends: Ends; effects?: Effects }
> = {
  'store, log and return': {
    code: '602a600155' + push(0xabn) + push(4n) + push(0n) + 'a1' + push(5n) + RETURN_TOP,
    ends: 'ok',
  },
  'store and revert with data': { code: '602a600155' + push(0x77n) + '60005260206000fd', ends: 'fails' },
  'out of gas in a loop': { code: '6001600155' + '5b600556', gas: 100_000n, ends: 'fails' },
  'invalid opcode after a write': { code: '6001600155fe', ends: 'fails' },
  stop: { code: '00', ends: 'ok' },
  'nested call that stores and logs': {
    code: '6003600255' + call(100_000n) + RETURN_TOP,
    other: CALLEE,
    ends: 'ok',
  },
  'nested call that reverts, then a write': {
    code: call(100_000n) + '6004600355' + RETURN_TOP,
    other: REVERTING,
    ends: 'ok',
  },
  'transient storage seen by a nested call, then revert': {
    code: '604260005d' + call(100_000n) + '3d600060003e' + '60206000fd',
    other: CALLEE,
    ends: 'fails',
  },
  'transient storage then success': {
    code: '604260005d' + call(100_000n) + RETURN_TOP,
    other: CALLEE,
    ends: 'ok under Cancun',
  },
  'CREATE from the frame': {
    code:
      push(BigInt('0x' + INIT) << BigInt(256 - INIT.length * 4)) +
      push(0n) +
      '52' +
      '6005' +
      '6000' +
      '6000' +
      'f0' +
      RETURN_TOP,
    ends: 'ok',
    effects: { toNonce: 1n },
  },
  'SELFDESTRUCT to another account': {
    code: '6001600155' + '73' + '33'.repeat(20) + 'ff',
    ends: 'ok',
    effects: { selfdestructToOther: true },
  },
  // A refund (slot 1 cleared), kept on success and dropped with a failure.
  'clear a slot': { code: '600060015500', ends: 'ok' },
  'clear a slot, then revert': { code: '6000600155' + '60006000fd', ends: 'fails' },
  // Memory past the reused frame's first store and past 8 KiB, read back.
  'memory growth': {
    code:
      push(0x1234n) +
      push(1000n) +
      '52' +
      push(0x5678n) +
      push(9300n) +
      '52' +
      push(1000n) +
      '51' +
      push(9300n) +
      '51' +
      '01' +
      RETURN_TOP,
    ends: 'ok',
  },
  'out of gas at the start': { code: '6001600155', gas: 100n, ends: 'fails' },
};

/** keccak256 of empty code: the code hash of an account without code. */
const NO_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
const codeHash = (hex: string) => toHex(keccak256(Buffer.from(hex, 'hex')));

/**
 * [nonce, balance, code hash] of CALLER, TO and OTHER (null: no account) after the frame, from
 * the set-up (CALLER 3/50 when it exists, TO 0/9 with the program, OTHER empty with its code)
 * and the rules: the transaction's nonce is not the frame's business (skipNonceIncrement); the
 * value transfer of 0 writes the caller's account, so a missing caller gets an empty account,
 * unless the frame fails, which undoes every change of the frame (its checkpoint is reverted).
 */
function expectedAccounts(program: (typeof PROGRAMS)[string], hardfork: Hardfork, callerExists: boolean) {
  const ok = program.ends === 'ok' || (program.ends === 'ok under Cancun' && hardfork === Hardfork.Cancun);
  const effects = ok ? (program.effects ?? {}) : {};
  const caller = callerExists ? [3n, 50n, NO_CODE_HASH] : ok ? [0n, 0n, NO_CODE_HASH] : null;
  const to = [effects.toNonce ?? 0n, effects.selfdestructToOther ? 0n : 9n, codeHash(program.code)];
  const other =
    program.other !== undefined
      ? [0n, 0n, codeHash(program.other)]
      : effects.selfdestructToOther
        ? [0n, 9n, NO_CODE_HASH]
        : null;
  return [caller, to, other];
}

interface Recorded {
  frames: unknown[];
}

async function newEvm(hardfork: Hardfork): Promise<EVM & Recorded> {
  const evm = await createEVM({
    common: new Common({ chain: Mainnet, hardfork, customCrypto: { keccak256 } }),
    stateManager: new JournaledStateManager(),
  });
  installFastMstore(evm);
  installFastWordOps(evm);
  installFastStorageOps(evm);
  const proto = await interpreterPrototypeOf(evm);
  assert.ok(proto !== undefined && isInterpreterRunProto(proto));
  installFastLoop(proto);
  installStaticFrameRunner(evm, proto);
  assert.ok(topFrameRunner(evm) !== undefined);
  // One frame first, elsewhere, so that the programs run on the reused top-frame Interpreter.
  const warmUp = new Address(new Uint8Array(20).fill(0x66));
  await evm.stateManager.putCode(warmUp, Buffer.from(push(1n) + push(5000n) + '52' + '00', 'hex'));
  const r = await runTxFrame(
    evm,
    {
      caller: warmUp,
      to: warmUp,
      data: new Uint8Array(0),
      code: await evm.stateManager.getCode(warmUp),
      gasLimit: 100_000n,
      block: BLOCK,
    },
    { enter: () => {}, leave: () => {} },
  );
  assert.equal(r.execResult.exceptionError, undefined);
  const recorded = Object.assign(evm, { frames: [] as unknown[] });
  evm.events.on('beforeMessage', (m: Message) => recorded.frames.push(enter(m)));
  evm.events.on('afterMessage', (r: EVMResult) => recorded.frames.push(leave(r)));
  return recorded;
}

const enter = (m: Message) => ({
  depth: m.depth,
  to: m.to?.toString(),
  caller: m.caller.toString(),
  data: toHex(m.data),
  value: m.value,
  isStatic: m.isStatic,
  gasLimit: m.gasLimit,
});
const leave = (r: EVMResult) => ({
  error: r.execResult.exceptionError?.error,
  gas: r.execResult.executionGasUsed,
  out: toHex(r.execResult.returnValue),
  created: r.createdAddress?.toString(),
});

async function setUp(evm: EVM, program: { code: string; other?: string }, callerExists: boolean) {
  const sm = evm.stateManager;
  if (callerExists) await sm.putAccount(CALLER, new Account(3n, 50n));
  await sm.putAccount(TO, new Account(0n, 9n));
  await sm.putCode(TO, Buffer.from(program.code, 'hex'));
  await sm.putStorage(TO, uint256Bytes(1n), Uint8Array.of(5));
  if (program.other !== undefined) {
    await sm.putAccount(OTHER, new Account());
    await sm.putCode(OTHER, Buffer.from(program.other, 'hex'));
  }
  (sm as JournaledStateManager).settle();
  evm.journal.cleanJournal();
  sm.originalStorageCache.clear();
}

async function observe(evm: EVM & Recorded, r: EVMResult) {
  const e = r.execResult;
  const sm = evm.stateManager;
  const accounts: unknown[] = [];
  for (const a of [CALLER, TO, OTHER]) {
    const acc = await sm.getAccount(a);
    accounts.push(acc === undefined ? null : [acc.nonce, acc.balance, toHex(acc.codeHash)]);
  }
  const slots: string[] = [];
  for (const a of [TO, OTHER])
    for (const s of [1n, 2n, 3n]) slots.push(toHex(await sm.getStorage(a, uint256Bytes(s))));
  const journal = evm.journal as unknown as {
    touched: Set<string>;
    journal: Map<string, Set<string>>;
    journalHeight: number;
    journalDiff: unknown[];
  };
  return {
    out: toHex(e.returnValue),
    gas: e.executionGasUsed,
    refund: e.gasRefund,
    error: e.exceptionError?.error,
    logs: (e.logs ?? []).map(([a, t, d]) => [toHex(a), t.map((x) => toHex(x)), toHex(d)]),
    selfdestruct: [...(e.selfdestruct?.keys() ?? [])],
    created: [...(e.createdAddresses ?? [])],
    frames: evm.frames,
    accounts,
    slots,
    touched: [...journal.touched].sort(),
    warm: [...journal.journal].map(([k, v]) => [k, [...v].sort()]).sort(),
    height: journal.journalHeight,
    diffs: journal.journalDiff.length,
    stateMark: (sm as JournaledStateManager).mark() > 0,
    transient: toHex(evm.transientStorage.get(TO, uint256Bytes(0n))),
    transientCheckpoints: (evm.transientStorage as unknown as { _indices: number[] })._indices.length,
  };
}

const BLOCK = blockFor({
  number: 12,
  timestamp: 1_700_000_000_000,
  gasLimit: 3_000_000_000n,
  txIndex: 0,
  cancun: true,
  authCheck: false,
});

describe('EVM: a transaction frame without runCall', () => {
  for (const hardfork of [Hardfork.Paris, Hardfork.Cancun])
    for (const callerExists of [true, false])
      it(`leaves what runCall leaves (${hardfork}, caller ${callerExists ? 'with' : 'without'} an account)`, async () => {
        const errors = new Set<string | undefined>();
        for (const [name, program] of Object.entries(PROGRAMS)) {
          const a = await newEvm(hardfork);
          const b = await newEvm(hardfork);
          await setUp(a, program, callerExists);
          await setUp(b, program, callerExists);
          const block = blockFor({
            number: 12,
            timestamp: 1_700_000_000_000,
            gasLimit: 3_000_000_000n,
            txIndex: 0,
            cancun: hardfork === Hardfork.Cancun,
            authCheck: false,
          });
          const gasLimit = program.gas ?? 1_000_000n;
          const code = await b.stateManager.getCode(TO);
          const data = Uint8Array.of(1, 2, 3);
          const viaRunCall = await a.runCall({
            caller: CALLER,
            origin: CALLER,
            to: TO,
            data,
            value: 0n,
            gasLimit,
            block,
            skipNonceIncrement: true,
            isStatic: false,
          });
          const topEvents: unknown[] = [];
          // The frame must not go through runCall (the nested frames do).
          let topRunCalls = 0;
          const runCall = b.runCall.bind(b);
          b.runCall = (opts) => {
            if (opts.message === undefined) topRunCalls++;
            return runCall(opts);
          };
          const viaFrame = await runTxFrame(
            b,
            { caller: CALLER, to: TO, data, code, gasLimit, block },
            {
              enter: (m) => b.frames.push(enter(m)) && topEvents.push(m),
              leave: (r) => b.frames.push(leave(r)),
            },
          );
          const want = await observe(a, viaRunCall);
          assert.deepEqual(
            want.accounts,
            expectedAccounts(program, hardfork, callerExists),
            `${name}: accounts`,
          );
          assert.deepEqual(await observe(b, viaFrame), want, name);
          assert.equal(topEvents.length, 1, name);
          assert.equal(topRunCalls, 0, name);
          errors.add(want.error);
        }
        assert.ok(
          errors.has(undefined) && errors.has('revert') && errors.has('out of gas'),
          [...errors].join(),
        );
      });
});
