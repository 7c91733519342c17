// SSTORE and LOG0..LOG4, the state-changing opcodes of every transaction, with @ethereumjs/evm's
// semantics and gas, made cheaper:
// - SSTORE's gas handler is an asynchronous function that awaits two storage reads (the current
//   and the transaction's original value, each padded with setLengthLeft) and its opcode handler
//   awaits the write and a read of the account back. The dev node's state answers all of these
//   synchronously (stateManager.ts's *Sync methods), so this is the same EIP-2200 metering with
//   EIP-2929 warm/cold slots (and EIP-3529's refund via the hardfork's parameters), the same
//   refunds, the same write and the same account read, without a promise;
// - LOG's gas handler (memory expansion, topics, data) is asynchronous although it computes
//   synchronously, and its opcode handler pads every topic with setLengthLeft.
// Values are compared as numbers: @ethereumjs compares the slots padded to 32 bytes (zero as
// empty), which is the same as comparing the numbers they encode.
// Installed only where the original's other branches cannot apply (Istanbul or later but not
// Constantinople, EIP-2929, no EIP-8037/8038 state gas, Verkle 6800/7864 or block access lists
// 7928); a state manager without the synchronous methods goes to the original handlers.
// Tested against an EVM without them (evm-fast-storage-ops.test.ts).

import { EVMError, type EVM } from '@ethereumjs/evm';

type EVMErrorType = ConstructorParameters<typeof EVMError>[0];
import { uint256Bytes, uintFromBytes } from '../../protocol/hex';
import { opcodeMapOf } from './ethereumjsInternals';
import {
  EMPTY,
  isEntry,
  memoryGas,
  type FastCommon,
  type GasHandler,
  type OpHandler,
  type SyncState,
} from './fastCommon';

const SSTORE = 0x55;
const LOG0 = 0xa0;

function trap(message: EVMErrorType): never {
  // EVMError is what the EVM's handlers throw and its loops catch (not an Error subclass).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new EVMError(message);
}

function hasSyncState(sm: SyncState): sm is Required<SyncState> {
  return (
    sm.getStorageSync !== undefined &&
    sm.originalStorageSync !== undefined &&
    sm.putStorageSync !== undefined &&
    sm.getAccountSync !== undefined
  );
}

/**
 * @ethereumjs/evm's SSTORE gas for Istanbul and later with EIP-2929: updateSstoreGasEIP2200
 * (with adjustSstoreGasEIP2929) and then accessStorageEIP2929(isSstore).
 */
function sstoreGas(original: GasHandler): GasHandler {
  return (rs, gas, common) => {
    const sm = rs.stateManager;
    if (!hasSyncState(sm)) return original(rs, gas, common);
    const interpreter = rs.interpreter;
    if (interpreter.isStatic()) trap(EVMError.errorMessages.STATIC_STATE_CHANGE);
    const [key, value] = rs.stack.peek(2);
    const keyBytes = uint256Bytes(key);
    const address = interpreter.getAddress();
    // The same reads in the same order (the first read of the original value is remembered).
    const current = uintFromBytes(sm.getStorageSync(address, keyBytes));
    const origin = uintFromBytes(sm.originalStorageSync(address, keyBytes));
    if (interpreter.getGasLeft() <= common.param('sstoreSentryEIP2200Gas'))
      trap(EVMError.errorMessages.OUT_OF_GAS);
    const journal = interpreter.journal;
    const warm = journal.isWarmedStorage(address.bytes, keyBytes);
    const warmRead = common.param('warmstoragereadGas');
    const clearRefund = () => common.param('sstoreClearRefundEIP2200Gas');
    if (current === value) {
      gas += warm ? warmRead : common.param('sstoreNoopEIP2200Gas');
    } else if (origin === current) {
      if (origin === 0n) gas += common.param('sstoreInitEIP2200Gas');
      else {
        if (value === 0n) interpreter.refundGas(clearRefund(), 'EIP-2200 -> sstoreClearRefundEIP2200');
        gas += common.param('sstoreCleanEIP2200Gas');
      }
    } else {
      if (origin !== 0n) {
        if (current === 0n) interpreter.subRefund(clearRefund(), 'EIP-2200 -> sstoreClearRefundEIP2200');
        else if (value === 0n) interpreter.refundGas(clearRefund(), 'EIP-2200 -> sstoreClearRefundEIP2200');
      }
      if (origin === value) {
        if (origin === 0n) {
          const refund = warm
            ? common.param('sstoreInitEIP2200Gas') - warmRead
            : common.param('sstoreInitRefundEIP2200Gas');
          interpreter.refundGas(refund, 'EIP-2200 -> initRefund');
        } else {
          const refund = warm
            ? common.param('sstoreResetGas') - common.param('coldsloadGas') - warmRead
            : common.param('sstoreCleanRefundEIP2200Gas');
          interpreter.refundGas(refund, 'EIP-2200 -> cleanRefund');
        }
      }
      gas += common.param('sstoreDirtyEIP2200Gas');
    }
    // accessStorageEIP2929(isSstore): a cold slot costs the cold read and becomes warm (nothing
    // above changes which slots are warm).
    if (!warm) {
      journal.addWarmedStorage(address.bytes, keyBytes);
      gas += common.param('coldsloadGas');
    }
    return gas;
  };
}

/** SSTORE: Interpreter.storageStore (the write, then the contract's account read back). */
function sstore(original: OpHandler): OpHandler {
  return (rs, common) => {
    const sm = rs.stateManager;
    if (!hasSyncState(sm)) return original(rs, common);
    const [key, value] = rs.stack.popN(2);
    // bigIntToBytes's minimal big-endian bytes (the state keeps them as written), or empty for 0.
    let bytes: Uint8Array = EMPTY;
    if (value !== 0n) {
      const word = uint256Bytes(value);
      let i = 0;
      while (word[i] === 0) i++;
      bytes = word.subarray(i);
    }
    const env = rs.env;
    sm.putStorageSync(env.address, uint256Bytes(key), bytes);
    const account = sm.getAccountSync(env.address);
    if (account === undefined) throw new Error('could not read account while persisting memory');
    env.contract = account;
  };
}

const logGas: GasHandler = (rs, gas, common) => {
  if (rs.interpreter.isStatic()) trap(EVMError.errorMessages.STATIC_STATE_CHANGE);
  const [offset, length] = rs.stack.peek(2);
  const topics = rs.opCode - LOG0;
  if (topics < 0 || topics > 4) trap(EVMError.errorMessages.OUT_OF_RANGE);
  gas += memoryGas(rs, offset, length, common);
  return gas + common.param('logTopicGas') * BigInt(topics) + length * common.param('logDataGas');
};

const log: OpHandler = (rs) => {
  const [offset, length] = rs.stack.popN(2);
  const count = rs.opCode - LOG0;
  const topics = rs.stack.popN(count);
  const words: Uint8Array[] = new Array<Uint8Array>(count);
  for (let i = 0; i < count; i++) words[i] = uint256Bytes(topics[i]);
  // A copy: the log keeps its data after the frame's memory changes.
  const data = length === 0n ? new Uint8Array(0) : rs.memory.read(Number(offset), Number(length));
  rs.interpreter.log(data, count, words);
};

/** Whether `common`'s rules are the ones these handlers implement. */
export function fastStorageOpsApply(common: Omit<FastCommon, 'customCrypto'>): boolean {
  return (
    common.gteHardfork('istanbul') &&
    common.hardfork() !== 'constantinople' &&
    common.isActivatedEIP(2929) &&
    ![6800, 7864, 7928, 8037, 8038, 3540].some((eip) => common.isActivatedEIP(eip))
  );
}

/** Replaces SSTORE's and LOG0..LOG4's handlers in the EVM's opcode table (best effort). */
export function installFastStorageOps(evm: EVM): void {
  const map = opcodeMapOf(evm);
  if (map === undefined || !fastStorageOpsApply(evm.common)) return;
  const entry: unknown = map[SSTORE];
  if (isEntry(entry, SSTORE) && typeof entry.gasHandler === 'function') {
    map[SSTORE] = {
      ...entry,
      gasHandler: sstoreGas(entry.gasHandler.bind(entry)),
      opHandler: sstore(entry.opHandler.bind(entry)),
    };
  }
  for (let op = LOG0; op <= LOG0 + 4; op++) {
    const e: unknown = map[op];
    if (isEntry(e, op) && typeof e.gasHandler === 'function')
      map[op] = { ...e, gasHandler: logGas, opHandler: log };
  }
}
