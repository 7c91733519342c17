// Conversions between the executor's FISCO values and @ethereumjs's: the block a frame sees,
// logs both ways, refusals as outcomes, the revert stub, and FISCO's contract address rule.

import type { Log } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { concatBytes, fromHex, toHex, utf8Encode } from '../../protocol/hex';
import { normalizeAddressPadded } from '../../protocol/address';
import { TransactionStatus } from '../../protocol/rpc/status';
import type { LogRecord } from '../builtin/types';
import { encodeErrorString } from './status';
import type { BlockEnv, ExecLog, ExecOutcome } from './execTypes';

/** The highest Ethereum precompile address the EVM serves itself (0x01-0x11 under Cancun). */
const ETH_PRECOMPILE_MAX = 0x11;

/** EVM code that reverts with `data`: CODECOPY the trailing bytes to memory, REVERT. */
export function revertStub(data: Uint8Array): Uint8Array {
  const n = data.length;
  const head = [
    0x61,
    n >> 8,
    n & 0xff,
    0x61,
    0x00,
    15,
    0x60,
    0x00,
    0x39,
    0x61,
    n >> 8,
    n & 0xff,
    0x60,
    0x00,
    0xfd,
  ];
  return concatBytes(new Uint8Array(head), data);
}

/** EVM code that reverts with its own input: CALLDATACOPY(0, 0, CALLDATASIZE), REVERT. */
export const ECHO_INPUT_STUB: Uint8Array = fromHex('366000600037366000fd');

// Shared by every frame's block: the EVM only reads them (COINBASE, PREVRANDAO).
const ZERO_COINBASE = new Address(new Uint8Array(20));
const ZERO_RANDAO = new Uint8Array(32);
// The node never sets a blob base fee: BLOBBASEFEE reads 0 (its EVM host's tx context).
const blobGasPriceCancun = () => 0n;
const blobGasPriceParis = () => undefined;

export function blockFor(env: BlockEnv) {
  return {
    header: {
      number: BigInt(env.number),
      coinbase: ZERO_COINBASE,
      // FISCO's TIMESTAMP opcode yields milliseconds unless feature_evm_timestamp is set.
      timestamp: BigInt(env.evmTimestamp === true ? Math.floor(env.timestamp / 1000) : env.timestamp),
      difficulty: 0n,
      prevRandao: ZERO_RANDAO,
      gasLimit: env.gasLimit,
      baseFeePerGas: env.cancun ? 0n : undefined,
      getBlobGasPrice: env.cancun ? blobGasPriceCancun : blobGasPriceParis,
    },
  };
}

/**
 * The EVM's Address for an address text ("0x" + 40 lowercase hex digits, as the executor holds
 * them), from a small cache: a `call` names the same few contracts and senders over and over.
 * The EVM never mutates an Address.
 */
const addresses = new Map<string, Address>();
const ADDRESS_CACHE_SIZE = 4096;

export function evmAddress(hex: string): Address {
  let a = addresses.get(hex);
  if (a === undefined) {
    a = new Address(fromHex(hex));
    if (addresses.size >= ADDRESS_CACHE_SIZE) addresses.clear();
    addresses.set(hex, a);
  }
  return a;
}

export function refused(d: { status?: number; message?: string }, suite: CryptoSuite): ExecOutcome {
  return {
    status: d.status ?? TransactionStatus.PermissionDenied,
    output: d.message !== undefined ? encodeErrorString(d.message, suite) : new Uint8Array(0),
    gasUsed: 0n,
    logs: [],
    contractAddress: '',
  };
}

export function isContractStatus(status: number | undefined): boolean {
  return status === TransactionStatus.ContractFrozen || status === TransactionStatus.ContractAbolished;
}

export function isEthereumPrecompile(to: Address | undefined): boolean {
  if (to === undefined) return false;
  const b = to.bytes;
  for (let i = 0; i < 19; i++) if (b[i] !== 0) return false;
  return b[19] > 0 && b[19] <= ETH_PRECOMPILE_MAX;
}

/** FISCO's contract address: first 20 bytes of H("{blockNumber}_{contextID}_{seq}"). */
export function contractAddressBytes(
  block: number,
  index: number,
  seq: number,
  suite: CryptoSuite,
): Uint8Array {
  return suite.hash(utf8Encode(`${block}_${index}_${seq}`)).slice(0, 20);
}

export function fromEvmLog(l: Log): ExecLog {
  return { address: toHex(l[0], false), topics: l[1], data: l[2] };
}

export function toExecLog(l: LogRecord): ExecLog {
  return { address: normalizeAddressPadded(l.address).slice(2), topics: l.topics, data: l.data };
}
