// A PrecompiledContext over a MemoryTableStore, and a typed call helper, for devnode-side tests.
import type { Result } from 'ethers';
import { bindAbi, decodeRevertReason } from '../../../src/protocol/builtin/abi';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import type { Precompiled, PrecompiledContext } from '../../../src/devnode/builtin/types';
import { MemoryTableStore } from '../../../src/devnode/storage/tableStore';
import { createBuiltins } from '../../../src/devnode/builtin/index';

export const SEALERS = ['a', 'b', 'c', 'd'].map((c) => c.repeat(128));
export const GOVERNOR = '0x' + '1'.repeat(40);
export const USER = '0x' + '2'.repeat(40);

export interface Harness {
  store: MemoryTableStore;
  ctx: PrecompiledContext;
  builtins: ReturnType<typeof createBuiltins>;
  /** Calls `sig` on `p`; returns the receipt status, decoded outputs and revert text. */
  call(p: Precompiled | string, abi: readonly string[], sig: string, args: unknown[]): Promise<Outcome>;
}

export interface Outcome {
  status: number;
  /** Raw output bytes (return data or revert payload). */
  raw: Uint8Array;
  out: Result | undefined;
  reason: string | undefined;
}

export async function harness(
  opts: { sm?: boolean; authEnabled?: boolean; sealers?: string[] } = {},
): Promise<Harness> {
  const store = new MemoryTableStore();
  const builtins = createBuiltins();
  const suite = opts.sm ? smSuite : ecdsaSuite;
  await builtins.genesis(store, {
    chainId: 'chain0',
    groupId: 'group0',
    sm: !!opts.sm,
    authCheck: !!opts.authEnabled,
    sealers: (opts.sealers ?? SEALERS).map((nodeId) => ({ nodeId, weight: 1 })),
    governors: [{ address: GOVERNOR, weight: 1 }],
    txCountLimit: 1000,
    txGasLimit: 3000000000,
    leaderPeriod: 1,
    compatibilityVersion: '3.16.4',
  });
  store.settle();
  const ctx: PrecompiledContext = {
    caller: USER,
    origin: USER,
    blockNumber: 1,
    timestamp: 0,
    isStatic: false,
    suite,
    store,
    chain: {
      chainId: 'chain0',
      groupId: 'group0',
      connectedNodeIds: () => SEALERS,
      nodeBlockNumber: () => 0,
      authEnabled: !!opts.authEnabled,
    },
    emit: () => {},
    callInternal: async () => ({ status: 0, output: new Uint8Array(0) }),
    codeAt: async () => new Uint8Array(0),
  };
  const h: Harness = {
    store,
    ctx,
    builtins,
    async call(p, abiText, sig, args) {
      const target = typeof p === 'string' ? builtins.precompiles.get(p) : p;
      if (!target) throw new Error(`no built-in at ${typeof p === 'string' ? p : 'the given object'}`);
      const abi = bindAbi(abiText, suite);
      const r = await target.execute(ctx, abi.encodeCall(sig, args));
      if (r.status !== 0)
        return { status: r.status, raw: r.output, out: undefined, reason: decodeRevertReason(r.output) };
      // Decoded on first use: ethers is slow on large arrays, which some tests read by hand.
      let out: Result | undefined;
      return {
        status: 0,
        raw: r.output,
        get out() {
          return (out ??= abi.decodeResult(sig, r.output));
        },
        reason: undefined,
      };
    },
  };
  return h;
}
