// The `call` RPC at depth 0: a static call to contract code whose effects are all discarded.
// EVM.runCall wraps a frame in what a transaction needs: the value transfer (even of 0, with the
// caller's and the callee's accounts written back), a journal checkpoint, the before/afterMessage
// events, and a copy of the message into a new object for the interpreter: about 40% of a simple
// call's EVM time. None of it is visible to a static frame: it can write nothing, and after
// EIP-161 an empty account (the caller that runCall writes back) reads exactly as a missing one
// (BALANCE, EXTCODESIZE, EXTCODEHASH all 0). So the frame runs on the EVM's own Interpreter the
// way EVM.runCode runs it (runCode → runInterpreter): the same interpreter, opcode table, gas and
// state; the frame events are raised by the caller (the executor's hooks); calls made by the code
// go through runCall as before.
//
// What runCode and runInterpreter add around the interpreter is done here once (one Message, not
// two; the result without runInterpreter's copies of the run state and environment, about 40
// properties spread into new objects), and the top frame's Interpreter (its Memory object and its
// Stack) is reused from call to call: calls take turns (the chain's lock), and a frame that starts
// while the pooled one runs gets a new one. Its 8 KiB memory store is reused too, zeroed, unless
// the frame handed out a view of it that may outlive the frame (a nested call's input or a
// creation's code): a new store costs an allocation outside the V8 heap per transaction.
// staticFrameRunner checks the internals it relies on and answers undefined (EVM.runCode is used)
// when they differ.
import { type EVM, type EVMResult, type ExecResult, type Log, EVMError, Message } from '@ethereumjs/evm';
import { Account, type Address } from '@ethereumjs/util';

export interface StaticFrame {
  caller: Address;
  to: Address;
  data: Uint8Array;
  /** The code at `to` (not empty, not a precompile). */
  code: Uint8Array;
  gasLimit: bigint;
  block: NonNullable<Parameters<EVM['runCode']>[0]['block']>;
}

export interface FrameHooks {
  /** What the beforeMessage listener does for a frame. */
  enter(message: Message): void;
  /** What the afterMessage listener does for it. */
  leave(result: EVMResult): void;
}

/** The members of EVM, Interpreter and Memory this file uses (pinned @ethereumjs/evm). */
interface EvmInternals {
  stateManager: {
    getAccount(a: Address): Promise<Account | undefined>;
    getAccountSync?(a: Address): Account | undefined;
  };
  blockchain: unknown;
  journal: unknown;
  performanceLogger: unknown;
  _optsCached: { profiler?: unknown };
  _block: unknown;
  _tx: { gasPrice: bigint; origin: Address };
}
interface RunOutcome {
  /** The run state as the loop hands it back (fastLoop.ts: only what is read afterwards). */
  runState: NonNullable<ExecResult['runState']>;
  exceptionError?: EVMError;
}
interface FrameResult {
  logs: Log[];
  returnValue?: Uint8Array;
  selfdestruct: NonNullable<ExecResult['selfdestruct']>;
  createdAddresses?: NonNullable<ExecResult['createdAddresses']>;
}
interface Memory {
  _store: Uint8Array;
  read(offset: number, size: number, avoidCopy?: boolean): Uint8Array;
}
interface Interpreter {
  _runState: { memory: Memory; stack: { _len: number }; opCode: number } & Record<string, unknown>;
  _env: object;
  _result: FrameResult;
  run(code: Uint8Array, opts: { pc?: number }): Promise<RunOutcome>;
}
type InterpreterClass = new (
  evm: EVM,
  stateManager: unknown,
  blockchain: unknown,
  env: object,
  gasLeft: bigint,
  journal: unknown,
  performanceLogger: unknown,
  profilerOpts: unknown,
) => Interpreter;

/** The run state's keys in the Interpreter constructor's order (checked by staticFrameRunner). */
export const RUN_STATE_KEYS = [
  'programCounter',
  'opCode',
  'memory',
  'memoryWordCount',
  'highestMemCost',
  'stack',
  'code',
  'validJumps',
  'cachedPushes',
  'stateManager',
  'blockchain',
  'env',
  'shouldDoJumpAnalysis',
  'interpreter',
  'gasRefund',
  'gasLeft',
  'stateGasSpilled',
  'returnBytes',
];
/** The environment's keys in EVM.runInterpreter's order. */
const ENV_KEYS = [
  'address',
  'caller',
  'callData',
  'callValue',
  'code',
  'isStatic',
  'isCreate',
  'depth',
  'gasPrice',
  'origin',
  'block',
  'contract',
  'codeAddress',
  'gasRefund',
  'chargeCodeAccesses',
  'blobVersionedHashes',
  'accessWitness',
  'createdAddresses',
  'initialLogs',
];

const MEMORY_SIZE = 8192; // @ethereumjs/evm's Memory starts with (and grows by) 8 KiB
/**
 * Opcodes that read a view of memory (Memory.read's avoidCopy) and let go of it before they end:
 * KECCAK256 (fastWordOps.ts hashes the view), MLOAD (fastWordOps.ts reads the word), MCOPY (writes
 * it back). Any other view (CALL's input, CREATE's code, EOF's calls) keeps the store from reuse.
 */
const TRANSIENT_VIEW_OPS = new Set([0x20, 0x51, 0x5e]);
const EMPTY = new Uint8Array(0);
const REVERT = EVMError.errorMessages.REVERT;
const INVALID_EOF_FORMAT = EVMError.errorMessages.INVALID_EOF_FORMAT;

type Runner = (frame: StaticFrame, message: Message) => Promise<ExecResult>;

function isInterpreterClass(v: unknown): v is InterpreterClass {
  return typeof v === 'function';
}

function hasInternals(evm: EVM): evm is EVM & EvmInternals {
  return '_optsCached' in evm && 'journal' in evm && 'performanceLogger' in evm;
}

function sameKeys(o: unknown, keys: string[]): boolean {
  if (typeof o !== 'object' || o === null) return false;
  const own = Object.keys(o);
  return own.length === keys.length && own.every((k, i) => k === keys[i]);
}

/**
 * A runner for `evm`'s static top frames on its Interpreter class (the constructor of the
 * prototype the executor found), or undefined when a fresh Interpreter's run state, memory or
 * stack is not what this file was written against.
 */
export function staticFrameRunner(evm: EVM, interpreterProto: object): Runner | undefined {
  const Interp: unknown = Reflect.get(interpreterProto, 'constructor');
  if (!isInterpreterClass(Interp) || !hasInternals(evm)) return undefined;
  const internals = evm;
  const make = (env: object, gasLimit: bigint) =>
    new Interp(
      evm,
      internals.stateManager,
      internals.blockchain,
      env,
      gasLimit,
      internals.journal,
      internals.performanceLogger,
      internals._optsCached.profiler,
    );
  const probe = make({ gasRefund: 0n }, 0n);
  const rs = probe._runState;
  if (
    !sameKeys(rs, RUN_STATE_KEYS) ||
    !(rs.memory._store instanceof Uint8Array) ||
    rs.memory._store.length !== MEMORY_SIZE ||
    rs.stack._len !== 0 ||
    !sameKeys(probe._result, ['logs', 'returnValue', 'selfdestruct'])
  )
    return undefined;
  let pooled: Interpreter | undefined;
  let busy = false;
  // The pooled Memory's last store when no view of it outlives its frame (zeroed before reuse).
  let spare: Uint8Array | undefined;
  let viewOut = false;
  const pool = (interpreter: Interpreter) => {
    pooled = interpreter;
    const memory = interpreter._runState.memory;
    const read = memory.read.bind(memory);
    memory.read = (offset, size, avoidCopy) => {
      if (avoidCopy === true && !TRANSIENT_VIEW_OPS.has(interpreter._runState.opCode)) viewOut = true;
      return read(offset, size, avoidCopy);
    };
  };

  return async (frame, message) => {
    const { caller, to, data, code, gasLimit, block } = frame;
    // As EVM.runCode: the block and transaction context that nested frames read.
    internals._block = block;
    internals._tx = { gasPrice: 0n, origin: caller };
    // The dev node's state answers without a promise (an await less per call).
    const sm = internals.stateManager;
    const contract =
      (sm.getAccountSync !== undefined ? sm.getAccountSync(to) : await sm.getAccount(to)) ?? new Account();
    // EVM.runInterpreter's environment for this message, key for key.
    const env = {
      address: to,
      caller,
      callData: data,
      callValue: message.value,
      code,
      isStatic: message.isStatic,
      isCreate: false,
      depth: 0,
      gasPrice: 0n,
      origin: caller,
      block,
      contract,
      codeAddress: message.codeAddress,
      gasRefund: message.gasRefund,
      chargeCodeAccesses: message.chargeCodeAccesses,
      blobVersionedHashes: message.blobVersionedHashes ?? [],
      accessWitness: message.accessWitness,
      createdAddresses: message.createdAddresses,
      initialLogs: undefined,
    };
    let interpreter: Interpreter;
    const reuse = !busy;
    if (reuse && pooled !== undefined) {
      interpreter = pooled;
      const prev = interpreter._runState;
      const memory = prev.memory;
      // A new store unless the last one is spare: opcodes hand out views of memory (CALL's input
      // is a subarray of the caller's memory), which must keep their bytes after the frame.
      memory._store = spare?.fill(0) ?? new Uint8Array(MEMORY_SIZE);
      spare = undefined;
      const stack = prev.stack;
      stack._len = 0;
      // The Interpreter constructor's run state, with the pooled memory and stack.
      interpreter._runState = {
        programCounter: 0,
        opCode: 0xfe,
        memory,
        memoryWordCount: 0n,
        highestMemCost: 0n,
        stack,
        code: EMPTY,
        validJumps: EMPTY,
        cachedPushes: {},
        stateManager: prev.stateManager,
        blockchain: prev.blockchain,
        env,
        shouldDoJumpAnalysis: true,
        interpreter,
        gasRefund: env.gasRefund,
        gasLeft: gasLimit,
        stateGasSpilled: 0n,
        returnBytes: EMPTY,
      };
      interpreter._env = env;
      interpreter._result = { logs: [], returnValue: undefined, selfdestruct: new Map() };
    } else {
      interpreter = make(env, gasLimit);
      if (reuse) pool(interpreter);
    }
    // As runInterpreter: a transaction's message (txFrame.ts) brings the sets its frames share.
    if (message.selfdestruct !== undefined) interpreter._result.selfdestruct = message.selfdestruct;
    if (message.createdAddresses !== undefined)
      interpreter._result.createdAddresses = message.createdAddresses;
    if (reuse) {
      busy = true;
      viewOut = false;
    }
    let out: RunOutcome;
    try {
      out = await interpreter.run(code, {});
    } finally {
      if (reuse) busy = false;
    }
    if (reuse && !viewOut) {
      const store = interpreter._runState.memory._store;
      if (store.length === MEMORY_SIZE) spare = store;
    }
    // EVM.runInterpreter's result, without its copies of the run state.
    const err = out.exceptionError;
    const rsOut = out.runState;
    let result = interpreter._result;
    let gasUsed = gasLimit - rsOut.gasLeft;
    let created = result.createdAddresses;
    if (err !== undefined) {
      if (err.error !== REVERT && err.error !== INVALID_EOF_FORMAT) gasUsed = gasLimit;
      result = { ...result, logs: [], selfdestruct: new Map() };
      created = new Set();
    }
    const execResult: ExecResult = {
      logs: result.logs,
      selfdestruct: result.selfdestruct,
      createdAddresses: created,
      runState: rsOut,
      exceptionError: err,
      gas: rsOut.gasLeft,
      executionGasUsed: gasUsed,
      gasRefund: rsOut.gasRefund,
      returnValue: result.returnValue ?? EMPTY,
    };
    return execResult;
  };
}

const runners = new WeakMap<EVM, Runner>();

/**
 * The runner of `evm`'s top frames (EVM.runInterpreter for a depth-0 message whose code is
 * loaded), or undefined when its internals differ; txFrame.ts runs transactions on it.
 */
export function topFrameRunner(evm: EVM): Runner | undefined {
  return runners.get(evm);
}

/** Runs static top frames of `evm` on staticFrameRunner when its internals allow. */
export function installStaticFrameRunner(evm: EVM, interpreterProto: object): void {
  const runner = staticFrameRunner(evm, interpreterProto);
  if (runner !== undefined) runners.set(evm, runner);
}

export async function runStaticFrame(evm: EVM, frame: StaticFrame, hooks: FrameHooks): Promise<EVMResult> {
  const { caller, to, data, code, gasLimit, block } = frame;
  const message = new Message({ caller, to, data, code, gasLimit, depth: 0, isStatic: true, value: 0n });
  hooks.enter(message);
  const runner = runners.get(evm);
  const execResult =
    runner !== undefined
      ? await runner(frame, message)
      : await evm.runCode({
          caller,
          origin: caller,
          to,
          data,
          code,
          gasLimit,
          depth: 0,
          isStatic: true,
          value: 0n,
          block,
        });
  const result: EVMResult = { execResult };
  hooks.leave(result);
  return result;
}

/** For the internals test: the environment keys the runner builds, in order. */
export const STATIC_FRAME_ENV_KEYS = ENV_KEYS;
