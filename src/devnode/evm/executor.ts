// Runs transactions and calls on @ethereumjs/evm under FISCO BCOS rules: Paris by default
// (Cancun with feature_evm_cancun), 1 MiB code limit, no gas price or balances, contract
// addresses from H("{block}_{index}_{seq}"), built-in contracts as precompiles that see the
// caller, and table writes dropped together with the EVM frame that made them.

import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import {
  EVM,
  EVMError,
  createEVM,
  type EVMResult,
  type ExecResult,
  type InterpreterStep,
  type Log,
  type Message,
} from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { concatBytes, fromHex, toHex } from '../../protocol/hex';
import { normalizeAddressPadded } from '../../protocol/address';
import {
  interpreterPrototypeOf,
  isInterpreterRunProto,
  overrideGenerateAddress,
} from './ethereumjsInternals';
import { TransactionStatus } from '../../protocol/rpc/status';
import type { LogRecord, Precompiled, PrecompiledContext, PrecompiledResult } from '../builtin/types';
import { JournaledStateManager } from './stateManager';
import { encodeErrorString, reasonForEvmError, statusForEvmError } from './status';
import { installJumpAnalysisCache } from './jumpCache';
import { installFastLoop } from './fastLoop';
import { keccak256 } from '../../protocol/crypto/keccak';
import { installFastMstore } from './fastMstore';
import { installFastWordOps } from './fastWordOps';
import { installFastStorageOps } from './fastStorageOps';
import { installJournalKeys } from './fastJournal';
import { installEipSet } from './fastCommon';
import { installStaticFrameRunner, runStaticFrame } from './staticCall';
import { installTraceStepHookGuard } from './traceStepHook';
import { runTxFrame } from './txFrame';
import { track, type FailureTracker } from './diagnostics';
import { CONSOLE_ADDRESS_LOWER, decodeConsoleLog } from './consoleLog';
import type { TraceRecorder } from './trace';
import {
  BALANCE_TRANSFER_GAS,
  DEFAULT_PRECOMPILED_GAS,
  MAX_CODE_SIZE,
  NotEnoughCashError,
  type BlockEnv,
  type ExecOutcome,
  type ExecutorOptions,
  type Invocation,
} from './execTypes';
import {
  blockFor,
  contractAddressBytes,
  evmAddress,
  fromEvmLog,
  isContractStatus,
  isEthereumPrecompile,
  refused,
  revertStub,
  toExecLog,
} from './evmAdapters';

interface Frame {
  tableMark: number;
  message: Message;
}

interface TxScope {
  env: BlockEnv;
  origin: string;
  readOnly: boolean;
  seq: number;
  frames: Frame[];
  consoleLogs: string[];
  failure: FailureTracker;
  /** Set for the devnode's debugger traces only. */
  tracer?: TraceRecorder;
}

type SeqMessage = Message & { fiscoSeq?: number };

export class EvmExecutor {
  readonly state: JournaledStateManager;
  private readonly evms = new Map<boolean, EVM>();
  private scope: TxScope | undefined;

  private readonly wrapped = new WeakMap<
    Precompiled,
    (input: { data: Uint8Array; gasLimit: bigint }) => Promise<ExecResult>
  >();

  constructor(private readonly opts: ExecutorOptions) {
    this.state = opts.state ?? new JournaledStateManager();
    this.state.hasVirtualCode = (address) => opts.builtins.precompiles.has(address);
    this.state.codeHash = (code) => opts.suite.hash(code);
    const nativeCode = opts.builtins.nativeCode?.bind(opts.builtins);
    if (nativeCode !== undefined) this.state.storedMarker = (address) => nativeCode(opts.tables, address);
  }

  /** The EVM-facing function of a built-in, one per handler. */
  private precompileFunction(p: Precompiled) {
    let fn = this.wrapped.get(p);
    if (fn === undefined) {
      fn = (input) => this.runNestedBuiltin(p, input.data, input.gasLimit);
      this.wrapped.set(p, fn);
    }
    return fn;
  }

  private async evm(cancun: boolean): Promise<EVM> {
    let evm = this.evms.get(cancun);
    if (evm !== undefined) return evm;
    const suite = this.opts.suite;
    const common = new Common({
      chain: Mainnet,
      hardfork: cancun ? Hardfork.Cancun : Hardfork.Paris,
      // SM chains run the hash opcode with SM3, as FISCO's evmone does.
      customCrypto: { keccak256: suite.sm ? (d: Uint8Array) => suite.hash(d) : keccak256 },
    });
    const customPrecompiles = [...this.opts.builtins.precompiles.values()].map((p) => ({
      address: new Address(fromHex(p.address)),
      function: this.precompileFunction(p),
    }));
    // console.log: a no-op on a real chain (no code there), a printed line here.
    customPrecompiles.push({
      address: new Address(fromHex(CONSOLE_ADDRESS_LOWER)),
      function: (input: { data: Uint8Array }) => {
        const line = decodeConsoleLog(input.data, suite);
        if (line !== undefined) this.scope?.consoleLogs.push(line);
        return Promise.resolve({ returnValue: new Uint8Array(0), executionGasUsed: 0n });
      },
    });
    evm = await createEVM({
      common,
      stateManager: this.state,
      customPrecompiles,
      blockchain: {
        getBlock: (n: number) => {
          const hash = this.opts.blockHash(Number(n)) ?? new Uint8Array(32);
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
    this.hook(evm);
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
    const builtins = this.opts.builtins;
    evm.getPrecompile = (address: Address | `0x${string}`) => {
      // One conversion of the address for both lookups.
      const hex: `0x${string}` =
        typeof address === 'string' ? `0x${address.slice(2).toLowerCase()}` : address.toString();
      const hit = fixed(hex);
      if (hit !== undefined) return hit;
      const p = builtins.precompiles.get(hex);
      return p === undefined ? undefined : this.precompileFunction(p);
    };
    this.evms.set(cancun, evm);
    return evm;
  }

  private hook(evm: EVM): void {
    evm.events.on('beforeMessage', (m: Message) => this.enterFrame(m));
    evm.events.on('afterMessage', (r: EVMResult) => this.leaveFrame(r));
    const suite = this.opts.suite;
    overrideGenerateAddress(evm, (m: Message) => {
      const scope = this.scope;
      if (m.salt !== undefined) {
        const code = m.code instanceof Uint8Array ? m.code : m.data;
        const h = suite.hash(concatBytes(new Uint8Array([0xff]), m.caller.bytes, m.salt, suite.hash(code)));
        return Promise.resolve(new Address(h.subarray(12)));
      }
      const seq = m.depth === 0 ? 0 : ((m as SeqMessage).fiscoSeq ?? 0);
      const n = scope?.env.number ?? 0;
      const index = scope?.env.txIndex ?? 0;
      return Promise.resolve(new Address(contractAddressBytes(n, index, seq, suite)));
    });
  }

  /** Every EVM frame starts here (the beforeMessage event, or a static `call` frame). */
  private enterFrame(m: Message): void {
    const tables = this.opts.tables;
    const scope = this.scope;
    if (scope === undefined) return;
    // FISCO numbers every external call of a transaction (depth-first) and uses that
    // sequence number in the address of contracts created by contracts.
    if (m.depth > 0 && !isEthereumPrecompile(m.to)) (m as SeqMessage).fiscoSeq = ++scope.seq;
    scope.frames.push({ tableMark: tables.mark(), message: m });
    scope.tracer?.onMessage(m);
    if (m.delegatecall && this.opts.builtins.precompiles.has(m.codeAddress.toString())) {
      // A built-in has no code entry, so the node's delegatecall finds none and, under
      // bugfix_call_noaddr_return, succeeds with empty data (TransactionExecutive::externalCall).
      m.code = new Uint8Array(0);
      m.isCompiled = false;
    }
    if (m.depth > 0 && scope.env.authCheck && !scope.readOnly) this.checkInnerAuth(m, scope);
  }

  /** Every EVM frame ends here (the afterMessage event, or a static `call` frame). */
  private leaveFrame(r: EVMResult): void {
    const tables = this.opts.tables;
    const scope = this.scope;
    if (scope === undefined) return;
    const frame = scope.frames.pop();
    if (frame === undefined) return;
    scope.tracer?.onMessageEnd(
      r.execResult.exceptionError?.error,
      r.execResult.returnValue,
      r.createdAddress?.toString(),
    );
    if (r.execResult.exceptionError !== undefined) {
      tables.undoTo(frame.tableMark);
      track(scope.failure, frame.message, r);
    } else if (frame.message.depth > 0 && r.createdAddress !== undefined && !scope.readOnly) {
      // A contract created by a contract: record its admin, as the node does for every deploy.
      this.opts.builtins.auth.onDeployed(tables, r.createdAddress.toString(), {
        origin: scope.origin,
        caller: frame.message.caller.toString(),
        to: '',
        selector: new Uint8Array(0),
        blockNumber: scope.env.number,
      });
    }
  }

  /**
   * Deploy and method ACLs for frames opened by contracts (the node checks every creation
   * against tx.origin's deploy right and every non-static call by msg.sender). A refused frame
   * runs a stub that reverts with the node's Error(string), so the caller sees a failed call.
   */
  private checkInnerAuth(m: Message, scope: TxScope): void {
    const auth = this.opts.builtins.auth;
    const tables = this.opts.tables;
    const info = {
      origin: scope.origin,
      caller: m.caller.toString(),
      to: m.to === undefined ? '' : m.to.toString(),
      selector: m.to === undefined ? new Uint8Array(0) : m.data.subarray(0, 4),
      blockNumber: scope.env.number,
    };
    if (m.to === undefined) {
      const d = auth.checkDeploy(tables, info);
      if (!d.ok)
        m.data = revertStub(encodeErrorString(d.message ?? 'Create permission denied.', this.opts.suite));
      return;
    }
    if (
      m.isStatic ||
      m.delegatecall ||
      isEthereumPrecompile(m.to) ||
      this.opts.builtins.precompiles.has(info.to)
    )
      return;
    const d = auth.checkCall(tables, info);
    if (!d.ok) {
      m.code = revertStub(encodeErrorString(d.message ?? 'Call permission denied.', this.opts.suite));
      m.isCompiled = false;
    }
  }

  /**
   * Executes one transaction at the current state. A failed transaction leaves no trace in
   * the EVM state or the tables; for `readOnly` invocations nothing is kept at all.
   */
  async run(inv: Invocation, env: BlockEnv, tracer?: TraceRecorder): Promise<ExecOutcome> {
    const tables = this.opts.tables;
    const stateMark = this.state.mark();
    const tableMark = tables.mark();
    const scope: TxScope = {
      env,
      origin: inv.origin,
      readOnly: inv.readOnly,
      seq: 0,
      frames: [],
      consoleLogs: [],
      failure: { depth: 0 },
      tracer,
    };
    this.scope = scope;
    let outcome: ExecOutcome;
    // The step listener exists only during a traced run: the EVM skips building step events
    // when nobody listens.
    const evm = tracer === undefined ? undefined : await this.evm(env.cancun);
    const onStep = (ev: InterpreterStep) => tracer!.onStep(ev);
    evm?.events.on('step', onStep);
    try {
      outcome = await this.dispatch(inv, env, scope);
    } catch (e) {
      // An internal fault must not leave half a transaction behind.
      this.state.undoTo(stateMark);
      tables.undoTo(tableMark);
      throw e;
    } finally {
      this.scope = undefined;
      evm?.events.off('step', onStep);
    }
    if (inv.readOnly || outcome.status !== TransactionStatus.None) {
      this.state.undoTo(stateMark);
      tables.undoTo(tableMark);
    }
    this.state.settle();
    const failure = outcome.status !== TransactionStatus.None ? scope.failure.point : undefined;
    if (scope.consoleLogs.length > 0 || failure)
      outcome.diagnostics = { consoleLogs: scope.consoleLogs, failure };
    return outcome;
  }

  private async dispatch(inv: Invocation, env: BlockEnv, scope: TxScope): Promise<ExecOutcome> {
    const builtins = this.opts.builtins;
    const tables = this.opts.tables;
    const selector = inv.input.subarray(0, 4);
    const info = { origin: inv.origin, caller: inv.origin, to: inv.to, selector, blockNumber: env.number };
    if (env.authCheck && !inv.readOnly && builtins.auth.checkAccount !== undefined) {
      const d = builtins.auth.checkAccount(tables, info);
      if (!d.ok) return refused(d, this.opts.suite);
    }
    // Without feature_balance the node zeroes a transaction's value (evmcMessage.value = 0).
    const value = env.balance === true && !inv.readOnly ? (inv.value ?? 0n) : 0n;
    const transferGas = value > 0n ? BALANCE_TRANSFER_GAS : 0n;
    if (value > 0n && (await this.balanceOf(inv.origin)) < value) {
      // TransactionExecutive::transferBalance → AccountPrecompiled::subAccountBalance.
      return refused(
        { status: TransactionStatus.NotEnoughCash, message: new NotEnoughCashError().message },
        this.opts.suite,
      );
    }
    const builtin = inv.to === '' ? undefined : builtins.precompiles.get(inv.to);
    // Value to a built-in or to an account without code moves here; the EVM moves the rest.
    if (value > 0n && inv.to !== '' && (builtin !== undefined || this.state.codeAt(inv.to).length === 0)) {
      await this.addBalance(inv.origin, -value);
      await this.addBalance(inv.to, value);
      if (builtin === undefined) {
        // An account receives value (AccountPrecompiled's receive path): nothing else runs.
        return {
          status: TransactionStatus.None,
          output: new Uint8Array(0),
          gasUsed: transferGas,
          logs: [],
          contractAddress: '',
        };
      }
    }
    if (builtin !== undefined) {
      const r = await this.invokeBuiltin(builtin, inv.input, inv.origin, inv.readOnly, scope, 0);
      const gasUsed = (r.result.gasUsed ?? DEFAULT_PRECOMPILED_GAS) + transferGas;
      return {
        status: r.result.status,
        output: r.result.output,
        gasUsed,
        logs: r.result.status === TransactionStatus.None ? r.logs.map(toExecLog) : [],
        contractAddress: '',
      };
    }
    if (env.authCheck) {
      const decision =
        inv.to === '' ? builtins.auth.checkDeploy(tables, info) : builtins.auth.checkCall(tables, info);
      // A `call` is a static call: the node skips the method ACL for it (checkExecAuth) but still
      // applies the contract status (TransactionExecutive::checkAuth → checkContractAvailable).
      if (!decision.ok && (!inv.readOnly || isContractStatus(decision.status))) {
        return {
          status: decision.status ?? TransactionStatus.PermissionDenied,
          output:
            decision.message !== undefined
              ? encodeErrorString(decision.message, this.opts.suite)
              : new Uint8Array(0),
          gasUsed: 0n,
          logs: [],
          contractAddress: '',
        };
      }
    }
    const to = inv.to === '' ? undefined : evmAddress(inv.to);
    if (to !== undefined && !isEthereumPrecompile(to) && this.state.codeAt(inv.to).length === 0) {
      // No code at the target: CallAddressError with its text, for calls and transactions alike
      // (TransactionExecutive::go; its success shortcut is only for static calls between contracts).
      return {
        status: TransactionStatus.CallAddressError,
        output: encodeErrorString('Call address error.', this.opts.suite),
        gasUsed: 0n,
        logs: [],
        contractAddress: '',
      };
    }
    const evm = await this.evm(env.cancun);
    evm.journal.cleanJournal();
    this.state.originalStorageCache.clear();
    const origin = evmAddress(inv.origin);
    // The node runs the `call` RPC as a static call (its scheduler sets staticCall), so a
    // function that writes state fails there instead of pretending to work.
    const isStatic = inv.isStatic ?? inv.readOnly;
    const code = to === undefined ? undefined : this.state.codeAt(inv.to);
    const plain = scope.tracer === undefined && code !== undefined && code.length > 0;
    const hooks = { enter: (m: Message) => this.enterFrame(m), leave: (r: EVMResult) => this.leaveFrame(r) };
    const top = {
      caller: origin,
      to: to!,
      data: inv.input,
      code: code!,
      gasLimit: env.gasLimit,
      block: blockFor(env),
    };
    const result =
      plain && inv.readOnly && isStatic
        ? // Nothing of it is kept: skip what runCall adds for transactions (staticCall.ts).
          await runStaticFrame(evm, top, hooks)
        : plain && !isStatic && value === 0n
          ? // runCall's steps for a transaction without its overheads (txFrame.ts).
            await runTxFrame(evm, top, hooks)
          : await evm.runCall({
              caller: origin,
              origin,
              to,
              data: inv.input,
              value,
              gasLimit: env.gasLimit,
              block: blockFor(env),
              // FISCO accounts have no EVM nonce (addresses come from the block/index/seq rule).
              skipNonceIncrement: true,
              isStatic,
            });
    const exec = result.execResult;
    const err = exec.exceptionError;
    if (err !== undefined) {
      const status = statusForEvmError(err.error);
      let output = this.failureOutput(err.error, exec.returnValue);
      if (inv.to === '' && err.error === 'code size to deposit exceeds maximum code size') {
        output = encodeErrorString('Deploy code is too large.', this.opts.suite);
      }
      return { status, output, gasUsed: exec.executionGasUsed + transferGas, logs: [], contractAddress: '' };
    }
    let contractAddress = '';
    if (inv.to === '' && result.createdAddress !== undefined) {
      contractAddress = toHex(result.createdAddress.bytes, false);
      if (!inv.readOnly) builtins.auth.onDeployed(tables, '0x' + contractAddress, info);
    }
    return {
      status: TransactionStatus.None,
      // The node returns no output for a deployment.
      output: inv.to === '' ? new Uint8Array(0) : exec.returnValue,
      gasUsed: exec.executionGasUsed + transferGas,
      logs: (exec.logs ?? []).map(fromEvmLog),
      contractAddress,
    };
  }

  /** A built-in reached from EVM code (CALL/STATICCALL to its address). */
  private async runNestedBuiltin(p: Precompiled, data: Uint8Array, gasLimit: bigint): Promise<ExecResult> {
    const scope = this.scope;
    if (scope === undefined) throw new Error('built-in contract called outside a transaction');
    const frame = scope.frames[scope.frames.length - 1];
    const caller = frame.message.caller.toString();
    const isStatic = scope.readOnly || frame.message.isStatic;
    const r = await this.invokeBuiltin(p, data, caller, isStatic, scope, frame.message.depth);
    const gas = r.result.gasUsed ?? DEFAULT_PRECOMPILED_GAS;
    if (gas > gasLimit) {
      return {
        returnValue: new Uint8Array(0),
        executionGasUsed: gasLimit,
        exceptionError: new EVMError('out of gas'),
      };
    }
    if (r.result.status !== TransactionStatus.None) {
      // Since bugfix_precompiled_evm_status a failing built-in is a REVERT to its caller.
      return { returnValue: r.result.output, executionGasUsed: gas, exceptionError: new EVMError('revert') };
    }
    return {
      returnValue: r.result.output,
      executionGasUsed: gas,
      logs: r.logs.map((l): Log => [fromHex(l.address), l.topics, l.data]),
    };
  }

  private async invokeBuiltin(
    p: Precompiled,
    input: Uint8Array,
    caller: string,
    isStatic: boolean,
    scope: TxScope,
    depth: number,
  ): Promise<{ result: PrecompiledResult; logs: LogRecord[] }> {
    const tables = this.opts.tables;
    const mark = tables.mark();
    const logs: LogRecord[] = [];
    const ctx: PrecompiledContext = {
      caller,
      origin: scope.origin,
      blockNumber: scope.env.number,
      timestamp: scope.env.timestamp,
      isStatic,
      suite: this.opts.suite,
      store: tables,
      chain: this.opts.facts,
      emit: (log) => {
        logs.push(log);
      },
      callInternal: (to, data, from) => this.callInternal(to, data, from, isStatic, scope, depth + 1),
      codeAt: (address) => Promise.resolve(this.state.codeAt(normalizeAddressPadded(address))),
      balances: {
        get: (address) => this.balanceOf(address),
        add: (address, value) => this.addBalance(address, value),
        sub: (address, value) => this.addBalance(address, -value),
      },
    };
    let result: PrecompiledResult;
    try {
      result = await p.execute(ctx, input);
    } catch (e) {
      // A handler that throws is the node's PrecompiledError with the text in Error(string).
      result = {
        status:
          e instanceof NotEnoughCashError
            ? TransactionStatus.NotEnoughCash
            : TransactionStatus.PrecompiledError,
        output: encodeErrorString(e instanceof Error ? e.message : String(e), this.opts.suite),
      };
    }
    if (result.status !== TransactionStatus.None) {
      tables.undoTo(mark);
      logs.length = 0;
    }
    scope.tracer?.onBuiltin(p.name, p.address, depth, input, result.output, result.status);
    return { result, logs };
  }

  private async callInternal(
    to: string,
    data: Uint8Array,
    caller: string,
    isStatic: boolean,
    scope: TxScope,
    depth: number,
  ): Promise<PrecompiledResult> {
    const target = normalizeAddressPadded(to);
    const builtin = this.opts.builtins.precompiles.get(target);
    if (builtin !== undefined) {
      const r = await this.invokeBuiltin(
        builtin,
        data,
        normalizeAddressPadded(caller),
        isStatic,
        scope,
        depth,
      );
      return r.result;
    }
    const evm = await this.evm(scope.env.cancun);
    const origin = new Address(fromHex(scope.origin));
    const result = await evm.runCall({
      caller: new Address(fromHex(normalizeAddressPadded(caller))),
      origin,
      to: new Address(fromHex(target)),
      data,
      gasLimit: scope.env.gasLimit,
      depth,
      isStatic,
      block: blockFor(scope.env),
    });
    const err = result.execResult.exceptionError;
    if (err !== undefined) {
      return {
        status: statusForEvmError(err.error),
        output: this.failureOutput(err.error, result.execResult.returnValue),
      };
    }
    return {
      status: TransactionStatus.None,
      output: result.execResult.returnValue,
      gasUsed: result.execResult.executionGasUsed,
    };
  }

  async balanceOf(address: string): Promise<bigint> {
    const account = await this.state.getAccount(new Address(fromHex(normalizeAddressPadded(address))));
    return account?.balance ?? 0n;
  }

  /** Sets an account's balance outright (genesis alloc). */
  async setBalance(address: string, balance: bigint): Promise<void> {
    if (balance < 0n) throw new Error(`balance of ${address} must not be negative`);
    await this.state.modifyAccountFields(new Address(fromHex(normalizeAddressPadded(address))), { balance });
  }

  /** Adds (or with a negative delta subtracts) balance; NotEnoughCash when it would go below 0. */
  private async addBalance(address: string, delta: bigint): Promise<void> {
    const at = new Address(fromHex(normalizeAddressPadded(address)));
    const balance = (await this.state.getAccount(at))?.balance ?? 0n;
    if (balance + delta < 0n) throw new NotEnoughCashError();
    await this.state.modifyAccountFields(at, { balance: balance + delta });
  }

  /** Output of a failed execution: the revert data, or the node's Error(string) reason. */
  private failureOutput(error: string, returnValue: Uint8Array): Uint8Array {
    if (statusForEvmError(error) === TransactionStatus.RevertInstruction) return returnValue;
    const reason = reasonForEvmError(error);
    return reason === undefined ? new Uint8Array(0) : encodeErrorString(reason, this.opts.suite);
  }

  /** Runtime code at an address ("0x" optional, any case). */
  codeAt(address: string): Uint8Array {
    return this.state.codeAt(normalizeAddressPadded(address));
  }
}
