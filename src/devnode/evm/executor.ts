// Runs transactions and calls on @ethereumjs/evm under FISCO BCOS rules: Paris by default
// (Cancun with feature_evm_cancun), 1 MiB code limit, no gas price or balances, contract
// addresses from H("{block}_{index}_{seq}"), built-in contracts as precompiles that see the
// caller, and table writes dropped together with the EVM frame that made them.

import { EVM, type EVMResult, type ExecResult, type InterpreterStep, type Message } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { fromHex, toHex } from '../../protocol/hex';
import { normalizeAddressPadded } from '../../protocol/address';
import { TransactionStatus } from '../../protocol/rpc/status';
import type { Precompiled } from '../builtin/types';
import { JournaledStateManager } from './stateManager';
import { encodeErrorString, failureOutput, statusForEvmError } from './status';
import { runStaticFrame } from './staticCall';
import { runTxFrame } from './txFrame';
import { createDevnodeEvm } from './evmSetup';
import { invokeBuiltin, runNestedBuiltin, trackBuiltinRun, type BuiltinHost } from './builtinCalls';
import { enterFrame, leaveFrame, type TxScope } from './txScope';
import type { TraceRecorder } from './trace';
import {
  BALANCE_TRANSFER_GAS,
  DEFAULT_PRECOMPILED_GAS,
  NotEnoughCashError,
  type BlockEnv,
  type ExecOutcome,
  type ExecutorOptions,
  type Invocation,
} from './execTypes';
import {
  blockFor,
  evmAddress,
  fromEvmLog,
  isContractStatus,
  isEthereumPrecompile,
  refused,
  toExecLog,
} from './evmAdapters';

const NO_SELECTOR = new Uint8Array(0);

export class EvmExecutor {
  readonly state: JournaledStateManager;
  private readonly evms = new Map<boolean, EVM>();
  private scope: TxScope | undefined;

  private readonly wrapped = new WeakMap<
    Precompiled,
    (input: { data: Uint8Array; gasLimit: bigint }) => Promise<ExecResult>
  >();

  /** What built-in contracts reach of the executor (builtinCalls.ts). */
  private readonly host: BuiltinHost;

  constructor(private readonly opts: ExecutorOptions) {
    this.state = opts.state ?? new JournaledStateManager();
    this.state.hasVirtualCode = (address) => opts.builtins.precompiles.has(address);
    this.state.codeHash = (code) => opts.suite.hash(code);
    const nativeCode = opts.builtins.nativeCode?.bind(opts.builtins);
    if (nativeCode !== undefined) this.state.storedMarker = (address) => nativeCode(opts.tables, address);
    this.host = {
      opts,
      state: this.state,
      scope: () => this.scope,
      evm: (cancun) => this.evm(cancun),
      balanceOf: (address) => this.balanceOf(address),
      addBalance: (address, delta) => this.addBalance(address, delta),
    };
  }

  /** The EVM-facing function of a built-in, one per handler. */
  private precompileFunction(p: Precompiled) {
    let fn = this.wrapped.get(p);
    if (fn === undefined) {
      fn = (input) => runNestedBuiltin(this.host, p, input.data, input.gasLimit);
      this.wrapped.set(p, fn);
    }
    return fn;
  }

  private async evm(cancun: boolean): Promise<EVM> {
    let evm = this.evms.get(cancun);
    if (evm !== undefined) return evm;
    evm = await createDevnodeEvm(this.opts, this.state, cancun, {
      precompileFunction: (p) => this.precompileFunction(p),
      consoleLine: (line) => this.scope?.consoleLogs.push(line),
      enter: (m) => enterFrame(this.opts, this.scope, m),
      leave: (r) => leaveFrame(this.opts, this.scope, r),
      position: () => ({ number: this.scope?.env.number ?? 0, txIndex: this.scope?.env.txIndex ?? 0 }),
    });
    this.evms.set(cancun, evm);
    return evm;
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
    // A `call` is refused only for the contract's status, never by the method ACL (below): no
    // selector, no method lookup. Otherwise a copy, not a view: a view of a small (on-heap) array
    // moves its bytes off the V8 heap (about 0.5 µs), and the EVM reads the input by index.
    const selector = inv.readOnly ? NO_SELECTOR : inv.input.slice(0, 4);
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
      // Its trace frame is the transaction's, as a contract's is (a CALL to it opens one too).
      scope.tracer?.builtinFrameStart(builtin.address, inv.origin, inv.input, inv.readOnly, 0);
      // Given the gas limit an EVM transaction's first step starts with.
      const r = await invokeBuiltin(
        this.host,
        builtin,
        inv.input,
        inv.origin,
        inv.readOnly,
        scope,
        0,
        env.gasLimit,
      );
      scope.tracer?.builtinFrameEnd(r.result.output, r.result.status);
      trackBuiltinRun(this.host, scope, builtin, inv.input, 0, r.result);
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
          // With no text (a frozen contract on >= 3.2) the request's data, its input, is the
          // output (TransactionExecutive::checkAuth; TransactionExecutor::toExecutionResult).
          output:
            decision.message !== undefined
              ? encodeErrorString(decision.message, this.opts.suite)
              : decision.status === TransactionStatus.ContractFrozen
                ? inv.input
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
    // Made once per fork rule: no await once it exists.
    const evm = this.evms.get(env.cancun) ?? (await this.evm(env.cancun));
    evm.journal.cleanJournal();
    this.state.originalStorageCache.clear();
    const origin = evmAddress(inv.origin);
    // The node runs the `call` RPC as a static call (its scheduler sets staticCall), so a
    // function that writes state fails there instead of pretending to work.
    const isStatic = inv.isStatic ?? inv.readOnly;
    const code = to === undefined ? undefined : this.state.codeAt(inv.to);
    const plain = scope.tracer === undefined && code !== undefined && code.length > 0;
    const hooks = {
      enter: (m: Message) => enterFrame(this.opts, this.scope, m),
      leave: (r: EVMResult) => leaveFrame(this.opts, this.scope, r),
    };
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
      let output = failureOutput(err.error, exec.returnValue, this.opts.suite);
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

  /** Runtime code at an address ("0x" optional, any case). */
  codeAt(address: string): Uint8Array {
    return this.state.codeAt(normalizeAddressPadded(address));
  }
}
