// Re-runnable contract calls stored as `*.call.json` files (by default under .fisco-bcos/calls/):
// the shape, a validator with messages that name the field, execution against a ChainApi (call or
// transaction, decoded outputs, events and reverts), text for the output channel, and writing a
// file from the call form's inputs. No vscode: the CodeLens glue lives in callFileCommands.ts.
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

import * as fs from 'node:fs';
import * as path from 'node:path';
import { id, type FunctionFragment } from 'ethers';
import type { ChainApi, Signer } from '../chain/chainApi';
import { codecFor } from '../chain/contractCodec';
import {
  ContractCodec,
  isAbiArray,
  parseAbi,
  type DecodedEvent,
  type DecodedValue,
} from '../models/abiCodec';
import type { JsonFragment } from 'ethers';
import { coerceArgs } from '../models/abiArgs';
import { describeReceiptStatus, statusName } from '../models/txStatus';
import { decodeRevert } from '../../client/abi';
import { cryptoSuite } from '../../protocol/crypto/suite';
import { errorMessage, errnoCode, isRecord } from '../../protocol/unknownValues';

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

/** Line and column (1-based) of a character offset, for JSON syntax errors. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * Offset of the first JSON syntax error (Node's JSON.parse does not always say where), with what
 * was expected there. A small strict scanner, run only after JSON.parse failed.
 */
class JsonSyntaxAt extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(`expected ${expected} at ${offset}`);
  }
}

export function jsonErrorAt(text: string): { offset: number; expected: string } | undefined {
  let i = 0;
  const fail = (expected: string): never => {
    throw new JsonSyntaxAt(i, expected);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const str = () => {
    if (text[i] !== '"') fail('a string in double quotes');
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('the closing " of the string');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail('the closing " of the string');
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        str();
        ws();
        if (text[i] !== ':') fail('":" after the field name');
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return void i++;
        fail('"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return void i++;
        fail('"," or "]"');
      }
    }
    if (c === '"') return str();
    const lit = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i));
    if (lit) return void (i += lit[0].length);
    fail('a value (string, number, true, false, null, object or array)');
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the file');
    return undefined;
  } catch (err) {
    if (err instanceof JsonSyntaxAt) return { offset: err.offset, expected: err.expected };
    throw err;
  }
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
  if (
    o.bfsPath !== undefined &&
    (typeof o.bfsPath !== 'string' || !BFS_PATH.test(o.bfsPath.trim()))
  )
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

function checkArity(f: FunctionFragment, args: readonly unknown[]): void {
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

export interface CallFileDeps {
  api: ChainApi;
  /** Required when the file sends a transaction; for calls its address is the caller. */
  signer?: Signer;
  /** The workspace's ABI for an address (deployments), tried after getABI. */
  workspaceAbi?: (address: string) => string | undefined;
}

export interface CallFileOutcome {
  ok: boolean;
  mode: 'call' | 'send';
  address: string;
  bfsPath?: string;
  signature: string;
  args: unknown[];
  outputs: DecodedValue[];
  events: (DecodedEvent | { name: string; address: string; topics: string[]; data: string })[];
  /** "Success", or why it failed (decoded revert). */
  message: string;
  status?: number;
  transactionHash?: string;
  blockNumber?: number;
  gasUsed?: string;
  from?: string;
}

/** Where the ABI came from is part of the error when there is none. */
async function resolveAbi(
  spec: CallFileSpec,
  api: ChainApi,
  address: string,
  workspaceAbi?: (a: string) => string | undefined,
): Promise<string> {
  if (spec.abi) return JSON.stringify(spec.abi);
  const onChain = await api.abiOf(address).catch(() => '');
  if (onChain && onChain.trim() && onChain.trim() !== '[]' && parseAbi(onChain)) return onChain;
  const local = workspaceAbi?.(address);
  if (local && parseAbi(local)) return local;
  throw new Error(
    `No ABI for ${address}: the chain has none stored (getABI) and the workspace has no deployment of it. Add "abi" to the call file.`,
  );
}

/** Runs a validated call file: resolves the contract and ABI, then calls or sends. */
export async function executeCallFile(spec: CallFileSpec, deps: CallFileDeps): Promise<CallFileOutcome> {
  const { api, signer } = deps;
  let address = spec.address;
  if (!address) {
    const target = await api.bfsReadlink(spec.bfsPath!).catch((err: Error) => {
      throw new Error(`Could not resolve ${spec.bfsPath} in BFS: ${err.message}`);
    });
    if (
      !target ||
      !ADDRESS.test(target.startsWith('0x') ? target : `0x${target}`) ||
      /^(0x)?0{40}$/.test(target)
    )
      throw new Error(`${spec.bfsPath} is not a contract link in BFS.`);
    address = target.startsWith('0x') ? target : `0x${target}`;
  }
  address = address.toLowerCase();
  const abi = await resolveAbi(spec, api, address, deps.workspaceAbi);
  const codec = await codecFor(api, address, abi);
  const f = findFunction(codec, spec.method);
  checkArity(f, spec.args);
  const signature = f.format('sighash');
  const data = codec.encodeCall(signature, spec.args);
  const mode: 'call' | 'send' = spec.send ? 'send' : 'call';
  const base = {
    mode,
    address,
    ...(spec.bfsPath ? { bfsPath: spec.bfsPath } : {}),
    signature,
    args: spec.args,
    outputs: [] as DecodedValue[],
    events: [] as CallFileOutcome['events'],
  };
  const keccak = codec.selector(signature) === id(signature).slice(0, 10).toLowerCase();
  const suite = cryptoSuite(api.sm && !keccak);
  const reason = (r: { status: number; output?: string; message?: string }) => {
    const revert = r.output && r.output !== '0x' ? decodeRevert(r.output, suite, abi).message : '';
    return r.status === 16
      ? revert || describeReceiptStatus(r)
      : `${statusName(r.status)} (${r.status})${revert ? `: ${revert}` : r.message ? `: ${r.message}` : ''}`;
  };
  if (mode === 'call') {
    const r = await api.call(address, data, signer?.address);
    if (r.status !== 0)
      return { ...base, ok: false, status: r.status, blockNumber: r.blockNumber, message: reason(r) };
    return {
      ...base,
      ok: true,
      status: 0,
      blockNumber: r.blockNumber,
      outputs: codec.decodeOutput(signature, r.output),
      message: 'Success',
    };
  }
  if (!signer)
    throw new Error('Sending a transaction needs an account: set "from" or select an active account.');
  const receipt = await api.send(signer, address, data, abi);
  const events = (receipt.logEntries ?? []).map(
    (l) =>
      codec.decodeEvent(l.topics, l.data) ?? {
        name: 'unknown event',
        address: l.address,
        topics: l.topics,
        data: l.data,
      },
  );
  const ok = receipt.status === 0;
  let outputs: DecodedValue[] = [];
  if (ok && receipt.output && receipt.output !== '0x') {
    try {
      outputs = codec.decodeOutput(signature, receipt.output);
    } catch {
      outputs = [{ name: 'output', type: 'bytes', value: receipt.output }];
    }
  }
  return {
    ...base,
    ok,
    outputs,
    events,
    status: receipt.status,
    transactionHash: receipt.transactionHash,
    blockNumber: receipt.blockNumber,
    gasUsed: String(receipt.gasUsed),
    from: signer.address,
    message: ok ? 'Success' : reason(receipt),
  };
}

const bigintAsText = (_k: string, x: unknown): unknown => (typeof x === 'bigint' ? x.toString() : x);

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, bigintAsText));

/** The outcome as lines for the output channel. */
export function formatOutcome(o: CallFileOutcome, title?: string): string {
  const lines: string[] = [];
  const target = o.bfsPath ? `${o.bfsPath} (${o.address})` : o.address;
  lines.push(
    `${title ? `${title}: ` : ''}${o.mode === 'send' ? 'sent' : 'called'} ${o.signature} on ${target}${o.args.length ? ` with ${show(o.args)}` : ''}`,
  );
  lines.push(
    `  ${o.ok ? '✓' : '✗'} ${o.message}${o.blockNumber !== undefined ? ` · block ${o.blockNumber}` : ''}${o.gasUsed !== undefined ? ` · gas ${o.gasUsed}` : ''}`,
  );
  if (o.transactionHash) lines.push(`  transaction ${o.transactionHash}${o.from ? ` from ${o.from}` : ''}`);
  o.outputs.forEach((v, i) => lines.push(`  ${v.name || `output${i}`} (${v.type}) = ${show(v.value)}`));
  for (const e of o.events) {
    if ('args' in e)
      lines.push(`  event ${e.signature}: ${e.args.map((a) => `${a.name}=${show(a.value)}`).join(', ')}`);
    else
      lines.push(`  event from ${e.address} (not in the ABI): topics ${e.topics.join(', ')} data ${e.data}`);
  }
  return lines.join('\n');
}

export interface CallInputs {
  connection?: string;
  address?: string;
  bfsPath?: string;
  /** The contract's ABI (JSON text or array); the file keeps the function, its events and errors. */
  abi?: string | unknown[];
  /** Function signature as the call form names it, e.g. "increment(uint256)". */
  signature: string;
  args: readonly unknown[];
  mode: 'call' | 'send';
  from?: string;
  description?: string;
}

/** A JSON-safe copy of call arguments (bigints as decimal text). */
const jsonSafe = (v: readonly unknown[]): unknown[] => {
  const copy: unknown = JSON.parse(JSON.stringify(v, bigintAsText));
  return Array.isArray(copy) ? Array.from<unknown>(copy) : [];
};

/** A call file from the call form's current inputs (for a "Save as Call File" button). */
export function callFileFromInputs(inputs: CallInputs): CallFileSpec {
  let abi: unknown[] | undefined;
  if (inputs.abi !== undefined) {
    const parsed: unknown = typeof inputs.abi === 'string' ? JSON.parse(inputs.abi) : inputs.abi;
    const full = isAbiArray(parsed) ? parsed : [];
    const f = findFunction(new ContractCodec(full, id), inputs.signature);
    // Keep what running it needs: the function, and the events and errors that decode the outcome.
    abi = [
      JSON.parse(f.format('json')),
      ...full.filter((item) => typeof item !== 'string' && (item.type === 'event' || item.type === 'error')),
    ];
  }
  const spec: CallFileSpec = {
    ...(inputs.description ? { description: inputs.description } : {}),
    ...(inputs.connection ? { connection: inputs.connection } : {}),
    ...(inputs.bfsPath ? { bfsPath: inputs.bfsPath } : { address: inputs.address }),
    method: inputs.signature,
    args: jsonSafe(inputs.args),
    send: inputs.mode === 'send',
    ...(inputs.from ? { from: inputs.from } : {}),
    ...(abi ? { abi } : {}),
  };
  const checked = validateCallFile(spec);
  if (!checked.ok) throw new Error(`These inputs do not make a valid call file: ${checked.errors.join(' ')}`);
  return spec;
}

/** Pretty JSON with the fields in a readable order (abi last). */
export function serializeCallFile(spec: CallFileSpec): string {
  const ordered: Record<string, unknown> = {};
  for (const key of [
    'description',
    'connection',
    'address',
    'bfsPath',
    'method',
    'args',
    'send',
    'from',
    'abi',
  ] as const)
    if (spec[key] !== undefined) ordered[key] = spec[key];
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** "Counter.increment" → a file-system-safe base name. */
export function callFileBaseName(contractName: string, signature: string): string {
  const method = signature.replace(/\(.*$/, '');
  return `${contractName}.${method}`.replace(/[^\w.-]+/g, '_');
}

/**
 * Writes a call file into `<root>/.fisco-bcos/calls/` without overwriting: Counter.increment.call.json,
 * then Counter.increment-2.call.json, … Returns the path written.
 */
export function writeCallFile(root: string, spec: CallFileSpec, baseName: string): string {
  const dir = path.join(root, CALL_FILES_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const text = serializeCallFile(spec);
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${baseName}${n === 1 ? '' : `-${n}`}${CALL_FILE_SUFFIX}`);
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return file;
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err;
    }
  }
}
