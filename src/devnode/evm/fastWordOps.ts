// The memory, storage and calldata opcodes every Solidity function runs (MLOAD, MSTORE, MSTORE8,
// SLOAD, KECCAK256, RETURN, REVERT, CALLDATALOAD), with @ethereumjs/evm's semantics and gas, made cheaper in two ways:
// - their dynamic gas handlers are asynchronous functions in @ethereumjs/evm although they
//   compute synchronously (memory expansion, EIP-2929 warm/cold slots): awaited by the step loop,
//   each costs a promise and a microtask per opcode. These are the same computations as
//   synchronous functions (the step loop in fastLoop.ts awaits only what returns a promise);
// - words are converted with protocol/hex's uint256Bytes and uintFromBytes instead of
//   @ethereumjs/util's setLengthLeft(bigIntToBytes(word), 32) and bytesToBigInt (hex text
//   through a typed-array spread): CALLDATALOAD, MLOAD and SLOAD's handlers, and KECCAK256's,
//   which also hashes a view of memory instead of a copy.
// Anything else (Verkle's witnesses, EIP-6800/7864, under which SLOAD's gas differs) goes to the
// original handler. Tested against an EVM without them (evm-fast-word-ops.test.ts).

import type { EVM } from '@ethereumjs/evm';
import { uint256Bytes, uintFromBytes } from '../../protocol/hex';
import { opcodeMapOf } from './ethereumjsInternals';
import {
  EMPTY,
  isEntry,
  memoryGas,
  type Entry,
  type FastRunState,
  type GasHandler,
  type OpHandler,
} from './fastCommon';

const KECCAK256 = 0x20;
const CALLDATALOAD = 0x35;
const MLOAD = 0x51;
const MSTORE = 0x52;
const MSTORE8 = 0x53;
const SLOAD = 0x54;
const RETURN = 0xf3;
const REVERT = 0xfd;

/** SLOAD's key as its gas handler converted it, for its opcode handler in the same step. */
let sloadKey: { rs: FastRunState; pc: number; word: bigint; key: Uint8Array } | undefined;

const gasHandlers: Record<number, (original: GasHandler) => GasHandler> = {
  [KECCAK256]: () => (rs, gas, common) => {
    const [offset, length] = rs.stack.peek(2);
    gas += memoryGas(rs, offset, length, common);
    const words = length % 32n === 0n ? length / 32n : length / 32n + 1n;
    return gas + common.param('keccak256WordGas') * words;
  },
  [MLOAD]: () => (rs, gas, common) => gas + memoryGas(rs, rs.stack.peek()[0], 32n, common),
  [MSTORE]: () => (rs, gas, common) => gas + memoryGas(rs, rs.stack.peek()[0], 32n, common),
  [MSTORE8]: () => (rs, gas, common) => gas + memoryGas(rs, rs.stack.peek()[0], 1n, common),
  [RETURN]: () => (rs, gas, common) => {
    const [offset, length] = rs.stack.peek(2);
    return gas + memoryGas(rs, offset, length, common);
  },
  [REVERT]: () => (rs, gas, common) => {
    const [offset, length] = rs.stack.peek(2);
    return gas + memoryGas(rs, offset, length, common);
  },
  // accessStorageEIP2929(runState, key, isSstore = false, common, chargeGas = true).
  [SLOAD]: (original) => (rs, gas, common) => {
    if (common.isActivatedEIP(6800) || common.isActivatedEIP(7864)) return original(rs, gas, common);
    if (!common.isActivatedEIP(2929)) return gas;
    const word = rs.stack.peek()[0];
    const key = uint256Bytes(word);
    // Handed to the opcode's handler, which pops the same word at the next program counter.
    sloadKey = { rs, pc: rs.programCounter, word, key };
    const address = rs.interpreter.getAddress().bytes;
    const journal = rs.interpreter.journal;
    if (journal.isWarmedStorage(address, key)) return gas + common.param('warmstoragereadGas');
    journal.addWarmedStorage(address, key);
    return gas + common.param('coldsloadGas');
  },
};

const opHandlers: Record<number, OpHandler> = {
  // The hash of a view of memory (the hash keeps nothing of its input) read as a number,
  // without @ethereumjs's copy and hex text; the chain's hash as before (customCrypto).
  [KECCAK256]: (rs, common) => {
    const [offset, length] = rs.stack.popN(2);
    const hash = common.customCrypto.keccak256!;
    const data = length === 0n ? EMPTY : rs.memory.read(Number(offset), Number(length), true);
    rs.stack.push(uintFromBytes(hash(data)));
  },
  [CALLDATALOAD]: (rs) => {
    const pos = rs.stack.pop();
    const data = rs.interpreter.getCallData();
    // Past the end (pos = size included) reads zeros; a word cut by the end is zero-padded.
    if (pos >= BigInt(data.length)) {
      rs.stack.push(0n);
      return;
    }
    const i = Number(pos);
    // Read in place: a view of the call data (a small array) would move it off the V8 heap.
    const end = Math.min(i + 32, data.length);
    const r = uintFromBytes(data, i, end);
    rs.stack.push(end - i < 32 ? r << BigInt(8 * (32 - (end - i))) : r);
  },
  [MLOAD]: (rs) => {
    const pos = rs.stack.pop();
    rs.stack.push(uintFromBytes(rs.memory.read(Number(pos), 32, true)));
  },
  // Interpreter.storageLoad(key) is the state manager's getStorage(address, key) when no block
  // access list is kept (installFastWordOps checks): a state manager that can answer
  // synchronously (the dev node's) spares the opcode its promises.
  [SLOAD]: (rs) => {
    const word = rs.stack.pop();
    // The gas handler's bytes of this word in this step (the state and the journal then see one
    // array, whose hex text stateKeys.slotKey keeps by identity).
    const given = sloadKey;
    sloadKey = undefined;
    const key =
      given !== undefined && given.rs === rs && given.pc + 1 === rs.programCounter && given.word === word
        ? given.key
        : uint256Bytes(word);
    const sm = rs.stateManager;
    if (sm.getStorageSync !== undefined) {
      const value = sm.getStorageSync(rs.interpreter.getAddress(), key);
      rs.stack.push(value.length > 0 ? uintFromBytes(value) : 0n);
      return;
    }
    return rs.interpreter.storageLoad(key).then((value) => {
      rs.stack.push(value.length > 0 ? uintFromBytes(value) : 0n);
    });
  },
};

/** Replaces those handlers in the EVM's opcode table (best effort: an entry that differs stays). */
export function installFastWordOps(evm: EVM): void {
  const map = opcodeMapOf(evm);
  if (map === undefined) return;
  // Under EOF, Verkle/binary-tree witnesses, block access lists or state gas, other handlers
  // (and fastLoop's fallback to the original loop) apply: leave the table alone.
  if ([3540, 6800, 7864, 7928, 8037].some((eip) => evm.common.isActivatedEIP(eip))) return;
  for (const op of [KECCAK256, CALLDATALOAD, MLOAD, MSTORE, MSTORE8, SLOAD, RETURN, REVERT]) {
    const entry: unknown = map[op];
    if (!isEntry(entry, op)) continue;
    const original = entry.gasHandler;
    const makeGas = gasHandlers[op];
    const replaced: Entry = { ...entry };
    if (entry.opcodeInfo.dynamicGas && original !== undefined && makeGas !== undefined) {
      replaced.gasHandler = makeGas(original.bind(entry));
    }
    const op2 = opHandlers[op];
    // KECCAK256's handler needs the hash the EVM was given (the dev node always gives one).
    const hashGiven = evm.common.customCrypto.keccak256 !== undefined;
    if (op2 !== undefined && (op !== KECCAK256 || hashGiven)) replaced.opHandler = op2;
    map[op] = replaced;
  }
}
