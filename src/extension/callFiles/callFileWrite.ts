// Saving the call form's inputs as a call file: a spec that keeps only what running it needs,
// pretty JSON with the fields in a readable order, written without overwriting.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { id } from 'ethers';
import { ContractCodec, isAbiArray } from '../models/abiCodec';
import { errnoCode } from '../../protocol/unknownValues';
import {
  CALL_FILE_SUFFIX,
  CALL_FILES_DIR,
  findFunction,
  validateCallFile,
  type CallFileSpec,
} from './callFile';
import { bigintAsText } from './callFileJson';

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
