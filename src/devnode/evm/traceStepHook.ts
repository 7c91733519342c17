// @ethereumjs's step hook (Interpreter._runStepHook), which runs only under a `step` listener,
// that is for the debugger's trace, puts a REVERT's revert data in the event: it reads the
// instruction's memory range before the instruction's gas is charged. Memory.read first grows
// memory to cover the range, so a REVERT whose range is far beyond what the gas pays for (offset
// or length of 2^32 and more) threw a RangeError there, a non-EVM error that ended the whole
// traced run as an internal fault where the untraced run fails the frame with out of gas; below
// that it allocated up to gigabytes for nothing. A charge that will fail (its gas, memory
// included, over the gas left) reverts nothing: the hook sees an empty read for it instead.
// Every other step, and every untraced run, is untouched.

import { isStepHookProto, type StepHookThis } from './ethereumjsInternals';

const REVERT = 0xfd;
const EMPTY = new Uint8Array(0);
const emptyRead = (): Uint8Array => EMPTY;

const patched = new WeakSet<object>();

/** Wraps Interpreter.prototype._runStepHook (once per prototype); nothing if it is missing. */
export function installTraceStepHookGuard(proto: object): void {
  if (!isStepHookProto(proto) || patched.has(proto)) return;
  patched.add(proto);
  const hook = proto._runStepHook;
  proto._runStepHook = async function (
    this: StepHookThis,
    dynamicFee: bigint,
    gasLeft: bigint,
    memorySize: bigint,
  ): Promise<void> {
    const rs = this._runState;
    if (rs.opCode !== REVERT || dynamicFee <= gasLeft)
      return hook.call(this, dynamicFee, gasLeft, memorySize);
    // An own property shadows Memory.prototype.read for this one event (and a pooled Memory's own
    // read, staticCall.ts's, which comes back after it).
    const own: unknown = Reflect.get(rs.memory, 'read');
    const hadOwn = Object.prototype.hasOwnProperty.call(rs.memory, 'read');
    Reflect.set(rs.memory, 'read', emptyRead);
    try {
      return await hook.call(this, dynamicFee, gasLeft, memorySize);
    } finally {
      if (hadOwn) Reflect.set(rs.memory, 'read', own);
      else Reflect.deleteProperty(rs.memory, 'read');
    }
  };
}
