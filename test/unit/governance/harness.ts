// In-memory stand-ins for the devnode core around the governance built-ins: a TableStore,
// a PrecompiledContext whose callInternal reaches the governance precompiles and records calls
// to 0x1000/0x1003 (answering 0), and helpers to send calls and decode results.

import { bindAbi, decodeRevertReason, type BuiltinAbi } from '../../../src/protocol/builtin/abi';
import { CONSENSUS_ADDRESS, SYS_CONFIG_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { CONTRACT_AUTH_ABI } from '../../../src/protocol/builtin/auth';
import {
  COMMITTEE_ABI,
  COMMITTEE_MANAGER_ABI,
  PROPOSAL_MANAGER_ABI,
} from '../../../src/protocol/builtin/committee';
import { ecdsaSuite, type CryptoSuite } from '../../../src/protocol/crypto/suite';
import type {
  LogRecord,
  Precompiled,
  PrecompiledContext,
  PrecompiledResult,
  TableStore,
} from '../../../src/devnode/builtin/types';
import { createGovernance, committeeAddresses } from '../../../src/devnode/builtin/governance';

export class MemoryStore implements TableStore {
  readonly tables = new Map<string, Map<string, string>>();
  get(table: string, key: string) {
    return this.tables.get(table)?.get(key);
  }
  set(table: string, key: string, value: string | undefined) {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    if (value === undefined) rows.delete(key);
    else rows.set(key, value);
  }
  keys(table: string) {
    return [...(this.tables.get(table)?.keys() ?? [])].sort();
  }
  hasTable(table: string) {
    return this.tables.has(table);
  }
  /** Deep copy of the rows, to undo a failed call as the core's journal does. */
  mark(): Map<string, Map<string, string>> {
    return new Map([...this.tables].map(([t, rows]) => [t, new Map(rows)]));
  }
  undoTo(mark: Map<string, Map<string, string>>): void {
    this.tables.clear();
    for (const [t, rows] of mark) this.tables.set(t, rows);
  }
  snapshot(): string {
    return JSON.stringify([...this.tables].map(([t, rows]) => [t, [...rows]]));
  }
}

export const account = (n: number) => '0x' + n.toString(16).padStart(40, '0').replace(/^0/, 'a');

export interface SentCall {
  to: string;
  input: Uint8Array;
  caller: string;
}

export class GovernanceHarness {
  readonly store = new MemoryStore();
  readonly governance = createGovernance();
  readonly precompiles = new Map<string, Precompiled>();
  readonly addresses;
  readonly abi: { manager: BuiltinAbi; committee: BuiltinAbi; proposals: BuiltinAbi; auth: BuiltinAbi };
  /** Calls that reached 0x1000 / 0x1003 through callInternal. */
  readonly external: SentCall[] = [];
  readonly logs: LogRecord[] = [];
  /** Return code the stand-in 0x1000/0x1003 answer with. */
  externalCode = 0n;
  blockNumber = 1;
  codes = new Map<string, Uint8Array>();
  /** Stand-ins for EVM contracts, by address: (input, caller) → result. */
  readonly fakes = new Map<string, (input: Uint8Array, caller: string) => PrecompiledResult>();

  constructor(
    readonly suite: CryptoSuite = ecdsaSuite,
    governors: { address: string; weight: number }[] = [{ address: account(1), weight: 1 }],
  ) {
    for (const p of this.governance.precompiles) this.precompiles.set(p.address, p);
    this.addresses = committeeAddresses(suite.sm);
    this.abi = {
      manager: bindAbi(COMMITTEE_MANAGER_ABI, suite),
      committee: bindAbi(COMMITTEE_ABI, suite),
      proposals: bindAbi(PROPOSAL_MANAGER_ABI, suite),
      auth: bindAbi(CONTRACT_AUTH_ABI, suite),
    };
    this.governance.genesis(this.store, {
      chainId: 'chain0',
      groupId: 'group0',
      sm: suite.sm,
      authCheck: true,
      sealers: [],
      governors,
      txCountLimit: 1000,
      txGasLimit: 3000000000,
      leaderPeriod: 1,
      compatibilityVersion: '3.16.4',
    });
  }

  context(caller: string, isStatic = false): PrecompiledContext {
    return {
      caller,
      origin: caller,
      blockNumber: this.blockNumber,
      timestamp: 0,
      isStatic,
      suite: this.suite,
      store: this.store,
      chain: {
        chainId: 'chain0',
        groupId: 'group0',
        connectedNodeIds: () => [],
        nodeBlockNumber: () => 0,
        authEnabled: true,
      },
      emit: (log) => this.logs.push(log),
      callInternal: (to, input, from) => this.invoke(to, input, from, caller, isStatic),
      codeAt: async (address) => this.codes.get(address) ?? new Uint8Array(),
    };
  }

  private async invoke(
    to: string,
    input: Uint8Array,
    caller: string,
    origin: string,
    isStatic: boolean,
  ): Promise<PrecompiledResult> {
    const target = this.precompiles.get(to);
    if (target) {
      // Like the core: a failing built-in leaves no writes behind.
      const mark = this.store.mark();
      const result = await target.execute({ ...this.context(caller, isStatic), origin }, input);
      if (result.status !== 0) this.store.undoTo(mark);
      return result;
    }
    const fake = this.fakes.get(to);
    if (fake) return fake(input, caller);
    if (to === SYS_CONFIG_ADDRESS || to === CONSENSUS_ADDRESS) {
      this.external.push({ to, input, caller });
      const word = BigInt.asUintN(256, this.externalCode).toString(16).padStart(64, '0');
      return { status: 0, output: Uint8Array.from(Buffer.from(word, 'hex')) };
    }
    return { status: 0, output: new Uint8Array() };
  }

  /** Sends `fn(args)` to `to` as `caller`; returns the raw result. */
  async send(to: string, abi: BuiltinAbi, fn: string, args: unknown[], caller: string, isStatic = false) {
    return this.invoke(to, abi.encodeCall(fn, args), caller, caller, isStatic);
  }

  async call(to: string, abi: BuiltinAbi, fn: string, args: unknown[], caller = account(99)) {
    const result = await this.send(to, abi, fn, args, caller, true);
    if (result.status !== 0)
      throw new Error(`${fn} failed with status ${result.status}: ${decodeRevertReason(result.output)}`);
    return lowerAddresses(abi.decodeResult(fn, result.output).toArray(true)) as unknown[];
  }

  manager(fn: string, args: unknown[], caller: string) {
    return this.send(this.addresses.manager, this.abi.manager, fn, args, caller);
  }

  /** Creates a proposal and returns its id; throws with the revert text on failure. */
  async propose(fn: string, args: unknown[], caller: string): Promise<bigint> {
    const result = await this.manager(fn, args, caller);
    if (result.status !== 0) throw new Error(decodeRevertReason(result.output) ?? `status ${result.status}`);
    return this.abi.manager.decodeResult(fn, result.output)[0] as bigint;
  }

  async proposal(id: bigint) {
    const [resourceId, proposer, type, deadline, status, agree, against] = await this.call(
      this.addresses.proposalManager,
      this.abi.proposals,
      'getProposalInfo',
      [id],
    );
    return {
      resourceId,
      proposer,
      type: Number(type),
      deadline: deadline as bigint,
      status: Number(status),
      agree,
      against,
    };
  }

  async committeeInfo() {
    const [p, w, governors, weights] = await this.call(
      this.addresses.committee,
      this.abi.committee,
      'getCommitteeInfo',
      [],
    );
    return {
      participatesRate: Number(p),
      winRate: Number(w),
      governors: (governors as string[]).map((g) => g.toLowerCase()),
      weights: (weights as bigint[]).map(Number),
    };
  }
}

export function revertText(result: PrecompiledResult): string | undefined {
  return decodeRevertReason(result.output);
}

/** ethers decodes addresses with checksum case; the node and these tests use lowercase. */
function lowerAddresses(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerAddresses);
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : value;
}
