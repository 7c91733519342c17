// The raw views of the current step, independent of any compilation: the step itself (pc, opcode,
// gas, depth, addresses, a built-in call), the stack, memory and the storage written so far.

import { Scope } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { TraceModel } from './traceModel';

const STACK_REF = 1;
const MEMORY_REF = 2;
const STORAGE_REF = 3;
const STEP_REF = 4;
/** Handles of decoded variables start above the raw scopes' fixed references. */
export const FIRST_HANDLE = 1000;

/** The raw scopes, after the decoded ones. */
export function rawScopes(): Scope[] {
  return [
    new Scope('Step', STEP_REF, false),
    new Scope('Stack', STACK_REF, false),
    new Scope('Memory', MEMORY_REF, true),
    new Scope('Storage (written)', STORAGE_REF, false),
  ];
}

/** The variables of raw scope `ref` at step `step`; none for an unknown reference. */
export function rawVariables(m: TraceModel, step: number, ref: number): DebugProtocol.Variable[] {
  const vars: DebugProtocol.Variable[] = [];
  const v = (name: string, value: string) => vars.push({ name, value, variablesReference: 0 });
  const s = m.trace.steps[step];
  const f = m.trace.frames[s.frame];
  if (ref === STEP_REF) {
    v('pc', String(s.pc));
    v('opcode', s.op);
    v('gas', String(s.gas));
    v('depth', String(s.depth));
    v('address', f?.address ?? '');
    v('codeAddress', f?.codeAddress ?? '');
    if (s.builtin)
      v(
        'builtin',
        `${s.builtin.name} input ${s.builtin.input} → status ${s.builtin.status}, output ${s.builtin.output}`,
      );
  } else if (ref === STACK_REF) {
    // Top of the stack first, as debuggers show it.
    for (let k = s.stack.length - 1; k >= 0; k--) v(String(s.stack.length - 1 - k), s.stack[k]);
  } else if (ref === MEMORY_REF) {
    const mem = m.memoryAt(step).slice(2);
    for (let o = 0; o < mem.length; o += 64)
      v('0x' + (o / 2).toString(16).padStart(4, '0'), '0x' + mem.slice(o, o + 64));
  } else if (ref === STORAGE_REF) {
    for (const [slot, value] of m.storageAt(step)) v(slot, value);
  }
  return vars;
}
