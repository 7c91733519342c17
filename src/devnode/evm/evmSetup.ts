// Builds the dev node's @ethereumjs EVM for one rule set (Paris, or Cancun with
// feature_evm_cancun): FISCO's code size limit and hash, the built-in contracts and console.log as
// precompiles, contract addresses from H("{block}_{index}_{seq}"), the frame hooks, and the
// faster handlers and step loop (fast*.ts, txFrame.ts, staticCall.ts).

import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, type EVMResult, type ExecResult, type Message } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { concatBytes, fromHex } from '../../protocol/hex';
import { keccak256 } from '../../protocol/crypto/keccak';
import type { Precompiled } from '../builtin/types';
import {
  interpreterPrototypeOf,
  isInterpreterRunProto,
  overrideGenerateAddress,
} from './ethereumjsInternals';
import type { JournaledStateManager } from './stateManager';
import { installJumpAnalysisCache } from './jumpCache';
import { installFastLoop } from './fastLoop';
import { installFastMstore } from './fastMstore';
import { installFastWordOps } from './fastWordOps';
import { installFastStorageOps } from './fastStorageOps';
import { installJournalKeys } from './fastJournal';
import { installEipSet } from './eipSet';
import { installStaticFrameRunner } from './staticCall';
import { installTraceStepHookGuard } from './traceStepHook';
import { CONSOLE_ADDRESS_LOWER, decodeConsoleLog } from './consoleLog';
import { MAX_CODE_SIZE, type ExecutorOptions } from './execTypes';
import { contractAddressBytes } from './evmAdapters';

type SeqMessage = Message & { fiscoSeq?: number };

/** The sequence number enterFrame gave a frame (txScope.ts), for the address rule. */
export function setFrameSeq(m: Message, seq: number): void {
  (m as SeqMessage).fiscoSeq = seq;
}

/** What the EVM calls back into the executor. */
export interface EvmCallbacks {
  /** The EVM-facing function of a built-in. */
  precompileFunction(p: Precompiled): (input: { data: Uint8Array; gasLimit: bigint }) => Promise<ExecResult>;
  consoleLine(line: string): void;
  enter(m: Message): void;
  leave(r: EVMResult): void;
  /** The running transaction's block number and index (0 outside one). */
  position(): { number: number; txIndex: number };
}

export async function createDevnodeEvm(
  opts: ExecutorOptions,
  state: JournaledStateManager,
  cancun: boolean,
  cb: EvmCallbacks,
): Promise<EVM> {
  const suite = opts.suite;
  const common = new Common({
    chain: Mainnet,
    hardfork: cancun ? Hardfork.Cancun : Hardfork.Paris,
    // SM chains run the hash opcode with SM3, as FISCO's evmone does.
    customCrypto: { keccak256: suite.sm ? (d: Uint8Array) => suite.hash(d) : keccak256 },
  });
  const customPrecompiles = [...opts.builtins.precompiles.values()].map((p) => ({
    address: new Address(fromHex(p.address)),
    function: cb.precompileFunction(p),
  }));
  // console.log: a no-op on a real chain (no code there), a printed line here.
  customPrecompiles.push({
    address: new Address(fromHex(CONSOLE_ADDRESS_LOWER)),
    function: (input: { data: Uint8Array }) => {
      const line = decodeConsoleLog(input.data, suite);
      if (line !== undefined) cb.consoleLine(line);
      return Promise.resolve({ returnValue: new Uint8Array(0), executionGasUsed: 0n });
    },
  });
  const evm = await createEVM({
    common,
    stateManager: state,
    customPrecompiles,
    blockchain: {
      getBlock: (n: number) => {
        const hash = opts.blockHash(Number(n)) ?? new Uint8Array(32);
        return Promise.resolve({ hash: () => hash });
      },
      putBlock: async () => {},
      shallowCopy() {
        return this;
      },
    },
  });
  // FISCO allows 1 MiB of code (and twice that of init code under Cancun's EIP-3860).
  common.updateParams({
    607: { maxCodeSize: MAX_CODE_SIZE },
    3860: { maxInitCodeSize: 2 * MAX_CODE_SIZE },
  });
  hook(evm, opts, cb);
  installEipSet(common);
  installFastMstore(evm);
  installFastWordOps(evm);
  installFastStorageOps(evm);
  installJournalKeys(evm.journal);
  const proto = await interpreterPrototypeOf(evm);
  if (proto !== undefined) {
    installJumpAnalysisCache(proto);
    if (isInterpreterRunProto(proto)) installFastLoop(proto);
    installStaticFrameRunner(evm, proto);
    installTraceStepHookGuard(proto); // runs only under a step listener (traces)
  }
  // Table contracts get addresses at run time: resolve them through the built-ins too.
  const fixed = evm.getPrecompile.bind(evm);
  const builtins = opts.builtins;
  evm.getPrecompile = (address: Address | `0x${string}`) => {
    // One conversion of the address for both lookups.
    const hex: `0x${string}` =
      typeof address === 'string' ? `0x${address.slice(2).toLowerCase()}` : address.toString();
    const hit = fixed(hex);
    if (hit !== undefined) return hit;
    const p = builtins.precompiles.get(hex);
    return p === undefined ? undefined : cb.precompileFunction(p);
  };
  return evm;
}

function hook(evm: EVM, opts: ExecutorOptions, cb: EvmCallbacks): void {
  evm.events.on('beforeMessage', (m: Message) => cb.enter(m));
  evm.events.on('afterMessage', (r: EVMResult) => cb.leave(r));
  const suite = opts.suite;
  overrideGenerateAddress(evm, (m: Message) => {
    if (m.salt !== undefined) {
      const code = m.code instanceof Uint8Array ? m.code : m.data;
      const h = suite.hash(concatBytes(new Uint8Array([0xff]), m.caller.bytes, m.salt, suite.hash(code)));
      return Promise.resolve(new Address(h.subarray(12)));
    }
    const seq = m.depth === 0 ? 0 : ((m as SeqMessage).fiscoSeq ?? 0);
    const { number, txIndex } = cb.position();
    return Promise.resolve(new Address(contractAddressBytes(number, txIndex, seq, suite)));
  });
}
