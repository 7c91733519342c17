// Re-runnable contract calls stored as `*.call.json` files (by default under .fisco-bcos/calls/):
// the shape and a validator with messages that name the field (here); running one and its output
// text (callFileRun.ts); writing one from the call form's inputs (callFileWrite.ts). No vscode:
// the CodeLens glue lives in callFileCommands.ts.
//
// {
//   "connection": "Local Node",          // optional: a configured connection name (default: active)
//   "address": "0x…" | "bfsPath": "/apps/Counter/1.0",
//   "abi": [ … ],                         // optional: else getABI on the chain, else the workspace's deployments
//   "method": "increment" | "increment(uint256)",
//   "args": [ "1" ],
//   "send": true,                         // a transaction (asks for confirmation) instead of a call
//   "from": "dev-0"                       // optional: account label or address (default: active account)
// }

import * as path from 'node:path';
import { id, type FunctionFragment, type JsonFragment } from 'ethers';
import { ContractCodec, isAbiArray, parseAbi } from '../models/abiCodec';
import { coerceArgs } from '../models/abiArgs';
import { errorMessage, isRecord } from '../../protocol/unknownValues';
import { jsonErrorAt, lineCol } from './callFileJson';

export const CALL_FILE_SUFFIX = '.call.json';
export const CALL_FILES_DIR = path.join('.fisco-bcos', 'calls');
export const CALL_FILE_GLOB = `**/*${CALL_FILE_SUFFIX}`;

export interface CallFileSpec {
  connection?: string;
  address?: string;
  bfsPath?: string;
  /** JSON ABI (array, or the JSON text of one). */
  abi?: unknown[];
  method: string;
  args: unknown[];
  send: boolean;
  from?: string;
  description?: string;
}

export type CallFileValidation = { ok: true; spec: CallFileSpec } | { ok: false; errors: string[] };

/** Every field a call file may have (callFileSchema.ts builds the editor's JSON schema from these rules). */
export const KNOWN = [
  '$schema',
  'description',
  'connection',
  'address',
  'bfsPath',
  'abi',
  'method',
  'args',
  'send',
  'from',
];
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const METHOD = /^[A-Za-z_$][\w$]*(\(.*\))?$/;
export const BFS_PATH = /^\/[^/\s]+(\/[^/\s]+)*$/;

export function isCallFileName(fileName: string): boolean {
  return fileName.endsWith(CALL_FILE_SUFFIX);
}

/** Parses and validates the text of a call file. */
export function parseCallFile(text: string): CallFileValidation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const at = jsonErrorAt(text);
    return {
      ok: false,
      errors: [
        at ? `Not valid JSON at ${lineCol(text, at.offset)}: expected ${at.expected}.` : 'Not valid JSON.',
      ],
    };
  }
  return validateCallFile(value);
}

/**
 * Checks a parsed call file. When it carries an ABI, the method must exist in it and the
 * arguments must encode; otherwise those checks wait until the ABI is fetched (executeCallFile).
 */
export function validateCallFile(value: unknown): CallFileValidation {
  if (!isRecord(value))
    return {
      ok: false,
      errors: [
        'A call file is a JSON object, e.g. { "address": "0x…", "method": "get", "args": [], "send": false }.',
      ],
    };
  const o = value;
  const errors: string[] = [];
  for (const key of Object.keys(o))
    if (!KNOWN.includes(key)) errors.push(`Unknown field "${key}" (known: ${KNOWN.slice(1).join(', ')}).`);
  const optionalText = (key: string) => {
    if (o[key] !== undefined && (typeof o[key] !== 'string' || !o[key].trim()))
      errors.push(`"${key}" must be a non-empty string.`);
  };
  optionalText('connection');
  optionalText('from');
  if (o.description !== undefined && typeof o.description !== 'string')
    errors.push('"description" must be a string.');

  if (o.address === undefined && o.bfsPath === undefined)
    errors.push('Give the contract as "address" (0x + 40 hex digits) or "bfsPath" (e.g. /apps/Counter/1.0).');
  if (o.address !== undefined && o.bfsPath !== undefined)
    errors.push('Give either "address" or "bfsPath", not both.');
  if (o.address !== undefined && (typeof o.address !== 'string' || !ADDRESS.test(o.address.trim())))
    errors.push(`"address" must be 0x followed by 40 hex digits, got ${JSON.stringify(o.address)}.`);
  if (o.bfsPath !== undefined && (typeof o.bfsPath !== 'string' || !BFS_PATH.test(o.bfsPath.trim())))
    errors.push(
      `"bfsPath" must be an absolute BFS path such as /apps/Counter/1.0, got ${JSON.stringify(o.bfsPath)}.`,
    );

  if (typeof o.method !== 'string' || !o.method.trim())
    errors.push('"method" is required: a function name ("increment") or signature ("increment(uint256)").');
  else if (!METHOD.test(o.method.trim()))
    errors.push(`"method" must be a function name or signature, got "${o.method}".`);
  if (o.args !== undefined && !Array.isArray(o.args))
    errors.push('"args" must be a JSON array of argument values, e.g. ["1", "0xabc…", ["a", "b"]].');
  if (o.send !== undefined && typeof o.send !== 'boolean')
    errors.push('"send" must be true (send a transaction) or false (a read-only call).');

  let abi: (JsonFragment | string)[] | undefined;
  if (o.abi !== undefined) {
    let raw: unknown = o.abi;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        errors.push('"abi" is a string but not JSON ABI text.');
        raw = undefined;
      }
    }
    if (raw !== undefined) {
      if (!isAbiArray(raw) || !parseAbi(raw))
        errors.push('"abi" must be a JSON ABI array (as solc or getABI give it).');
      else abi = raw;
    }
  }
  if (errors.length) return { ok: false, errors };

  const spec: CallFileSpec = {
    ...(typeof o.connection === 'string' ? { connection: o.connection.trim() } : {}),
    ...(typeof o.address === 'string' ? { address: o.address.trim() } : {}),
    ...(typeof o.bfsPath === 'string' ? { bfsPath: o.bfsPath.trim() } : {}),
    ...(abi ? { abi } : {}),
    method: String(o.method).trim(), // checked above to be a non-empty string
    args: Array.isArray(o.args) ? Array.from<unknown>(o.args) : [],
    send: o.send === true,
    ...(typeof o.from === 'string' ? { from: o.from.trim() } : {}),
    ...(typeof o.description === 'string' ? { description: o.description } : {}),
  };
  if (abi) {
    try {
      const f = findFunction(new ContractCodec(abi, id), spec.method);
      checkArity(f, spec.args);
      coerceArgs(f.inputs, spec.args);
    } catch (err) {
      return { ok: false, errors: [errorMessage(err)] };
    }
  }
  return { ok: true, spec };
}

export function checkArity(f: FunctionFragment, args: readonly unknown[]): void {
  if (args.length !== f.inputs.length)
    throw new Error(
      `${f.format('sighash')} takes ${f.inputs.length} argument${f.inputs.length === 1 ? '' : 's'}; "args" has ${args.length}.`,
    );
}

/** The ABI function a call file names; overloaded names need the full signature. */
export function findFunction(codec: ContractCodec, method: string): FunctionFragment {
  const all = codec.functions();
  if (method.includes('(')) {
    const f = all.find((x) => x.format('sighash') === method.replace(/\s+/g, ''));
    if (!f)
      throw new Error(
        `The ABI has no function ${method}${all.length ? ` (it has ${all.map((x) => x.format('sighash')).join(', ')})` : ''}.`,
      );
    return f;
  }
  const named = all.filter((x) => x.name === method);
  if (named.length === 1) return named[0];
  if (named.length > 1)
    throw new Error(
      `"${method}" is overloaded: set "method" to one of ${named.map((x) => x.format('sighash')).join(', ')}.`,
    );
  throw new Error(
    `The ABI has no function "${method}"${all.length ? ` (it has ${all.map((x) => x.name).join(', ')})` : ''}.`,
  );
}
