// Answer checks for the devnode's diagnostics methods: tools read the failure point's fields to
// find source lines and name built-ins, so an answer of another shape (a different devnode, a
// proxy) fails here, naming the method and the field, instead of giving "at pc undefined".

import { isRecord } from '../protocol/unknownValues';
import type { DevnodeBuiltinFailure, DevnodeDiagnostics, DevnodeFailurePoint, DevnodeTrace } from './devnode';

type Fields = Record<string, unknown>;

class Malformed extends TypeError {
  constructor(op: string, what: string) {
    super(`${op}: malformed answer from the devnode: ${what}`);
  }
}

function object(op: string, name: string, v: unknown): Fields {
  if (!isRecord(v))
    throw new Malformed(op, `${name} must be an object, got ${v === null ? 'null' : typeof v}`);
  return v;
}

function str(op: string, o: Fields, name: string, path: string): string {
  const v = o[name];
  if (typeof v !== 'string') throw new Malformed(op, `${path}${name} must be a string, got ${typeof v}`);
  return v;
}

function int(op: string, o: Fields, name: string, path: string, min: number): number {
  const v = o[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
    throw new Malformed(op, `${path}${name} must be an integer from ${min}, got ${JSON.stringify(v)}`);
  return v;
}

function builtinFailure(op: string, v: unknown): DevnodeBuiltinFailure {
  const b = object(op, 'failure.builtin', v);
  const at = 'failure.builtin.';
  return {
    address: str(op, b, 'address', at),
    name: str(op, b, 'name', at),
    method: str(op, b, 'method', at),
  };
}

function failurePoint(op: string, v: unknown): DevnodeFailurePoint {
  const f = object(op, 'failure', v);
  const at = 'failure.';
  if (typeof f.create !== 'boolean') throw new Malformed(op, `failure.create must be a boolean`);
  const point: DevnodeFailurePoint = {
    codeAddress: str(op, f, 'codeAddress', at),
    address: str(op, f, 'address', at),
    // -1: a built-in's own failure (it has no instructions).
    pc: int(op, f, 'pc', at, -1),
    create: f.create,
    depth: int(op, f, 'depth', at, 0),
    error: str(op, f, 'error', at),
  };
  if (f.initCode !== undefined) point.initCode = str(op, f, 'initCode', at);
  if (f.builtin !== undefined) point.builtin = builtinFailure(op, f.builtin);
  return point;
}

/** A devnode_getTransactionDiagnostics answer (null: no diagnostics for that hash), checked. */
export function diagnosticsAnswer(op: string, v: unknown): DevnodeDiagnostics | null {
  if (v === null) return null;
  const d = object(op, 'the answer', v);
  const logs = d.consoleLogs;
  if (!Array.isArray(logs) || !logs.every((l) => typeof l === 'string'))
    throw new Malformed(op, 'consoleLogs must be an array of strings');
  return { consoleLogs: logs, failure: d.failure === null ? null : failurePoint(op, d.failure) };
}

/** A devnode_traceCall answer, checked. */
export function traceCallAnswer(op: string, v: unknown): DevnodeTrace {
  const diagnostics = diagnosticsAnswer(op, v);
  if (diagnostics === null) throw new Malformed(op, 'the answer must be an object, got null');
  const t = object(op, 'the answer', v);
  return { status: int(op, t, 'status', '', 0), output: str(op, t, 'output', ''), ...diagnostics };
}
